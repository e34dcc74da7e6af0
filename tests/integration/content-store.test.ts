import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { apiPageHtmlBytes } from "../../app/content/api-records.server";
import { buildSiteContent } from "../../app/content/build/build.server";
import { MAX_INDEX_BYTES, PackError, PackReader, PackWriter } from "../../app/content/pack.server";
import { readWholeSiteContent, writeSiteContent } from "../../app/content/build/store-file.server";
import {
  apiSubpages,
  isApiPage,
  openSiteContent,
  type SiteIndex,
  type SiteShell,
} from "../../app/content/store.server";
import type { SiteContent } from "../../app/content/types";
import { MAX_VERSION_INDEX_BYTES } from "../../app/search/site-search.server";
import { siteSearchOf } from "../../app/search/store.server";
import { joinedParts, versionParts } from "../../app/search/parts";
import { PAGE_LIMITS } from "../../app/search/limits";
import { Lru } from "../../app/lib/lru";
import { VersionIndex } from "../../app/search/engine.server";
import { readSiteConfig } from "../../app/config.server";
import { currentVersion } from "../../app/content/site-versions";
import { llmsFullTxt, llmsTxt } from "../../app/seo/llms.server";
import { flattenNavigation } from "../../app/content/navigation.server";
import { sitemapXml } from "../../app/seo/sitemap.server";

const root = join(import.meta.dirname, "../..");

/** Names of the records `reader` reads from now on, as `name` gives them by offset (those it gives no name are left out). */
function recordsRead(reader: PackReader<SiteIndex>, name: (offset: number) => string | undefined): string[] {
  const read: string[] = [];
  // Every record is read through bytes(), parsed or not.
  const bytes = reader.bytes.bind(reader);
  reader.bytes = (ref: Parameters<typeof bytes>[0]) => {
    const named = name(ref[0]);
    if (named !== undefined) read.push(named);
    return bytes(ref);
  };
  return read;
}

describe("the content store (one pack file per build)", () => {
  let dir: string;
  let built: SiteContent;
  let file: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "content-store-"));
    built = (await buildSiteContent({ root, contentDir: join(root, "tests/fixtures/content"), cacheDir: null }))
      .content;
    file = join(dir, "site.pack");
    writeSiteContent(file, built);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("pages come back as the build made them, read on demand; a missing page is undefined", () => {
    const { content, reader } = openSiteContent(file);
    try {
      const urls = Object.keys(built.pages);
      assert.ok(urls.length > 1);
      assert.deepEqual(Object.keys(content.pages).sort(), urls.sort());
      for (const url of urls) assert.deepEqual(content.pages[url], built.pages[url]);
      assert.equal(content.pages["/docs/no/such/page"], undefined);
      assert.equal("/docs/no/such/page" in content.pages, false);
      assert.equal(content.pages["constructor"], undefined, "no inherited names");
      assert.equal(content.buildId, built.buildId);
    } finally {
      reader.close();
    }
  });

  test("navigation and versions are read once with the shell", () => {
    const { content, reader } = openSiteContent(file);
    try {
      assert.deepEqual(content.versions, built.versions);
      assert.ok(content.versions.every((entry) => entry.navigation.length > 0));
      assert.deepEqual(content.partials, built.partials);
    } finally {
      reader.close();
    }
  });

  test("each API reference is a record of its own, read when asked for; a corrupt one fails only its version", () => {
    const reader = new PackReader<SiteIndex>(file);
    const shell = reader.record<SiteShell>(reader.index.shell);
    const apiVersions = Object.keys(reader.index.apis);
    reader.close();
    assert.ok(
      shell.versions.every((entry) => entry.api === null),
      "the shell holds no API reference",
    );
    assert.deepEqual(
      apiVersions,
      built.versions.filter((entry) => entry.api).map((entry) => entry.version.id),
    );
    const { content, reader: opened } = openSiteContent(file);
    try {
      for (const [i, entry] of content.versions.entries()) assert.deepEqual(entry.api, built.versions[i]!.api);
      assert.equal(content.versions[0]!.api, content.versions[0]!.api, "kept parsed while in the cache");
    } finally {
      opened.close();
    }
    const two = withNext();
    const twoFile = join(dir, "two-apis.pack");
    writeSiteContent(twoFile, two);
    const bytes = readFileSync(twoFile);
    const twoReader = new PackReader<SiteIndex>(twoFile);
    const [broken, whole] = Object.keys(twoReader.index.apis);
    const [offset] = twoReader.index.apis[broken!]!.reference;
    twoReader.close();
    bytes[offset + 5] = bytes[offset + 5]! ^ 0xff;
    const corrupt = join(dir, "corrupt-api.pack");
    writeFileSync(corrupt, bytes);
    const { content: damaged, reader: damagedReader } = openSiteContent(corrupt);
    try {
      const of = (id: string) => damaged.versions.find((entry) => entry.version.id === id)!;
      assert.throws(
        () => of(broken!).api,
        (error: Error) => error instanceof PackError && /corrupt record/.test(error.message),
      );
      assert.deepEqual(of(whole!).api, two.versions.find((entry) => entry.version.id === whole)!.api);
    } finally {
      damagedReader.close();
    }
  });

  test("search over the stored index answers as over the built one", () => {
    const { content, reader } = openSiteContent(file);
    try {
      const word = built.search.documents.find((d) => d.kind === "guide")!.title.split(/\s+/)[0]!;
      const stored = siteSearchOf(content).search(word, PAGE_LIMITS);
      const direct = siteSearchOf(built).search(word, PAGE_LIMITS);
      assert.ok(stored.total > 0, word);
      assert.deepEqual(stored, direct);
    } finally {
      reader.close();
    }
  });

  /** The fixture (one release) with a Next whose index is a copy of the release's. */
  function withNext(): SiteContent {
    const [release] = versionParts(built.search);
    const [entry] = built.versions;
    const next = {
      ...release!,
      version: "next",
      documents: release!.documents.map((d) => ({
        ...d,
        version: "next",
        url: `/next${d.url}`,
        group: `/next${d.group}`,
      })),
    };
    return {
      ...built,
      versions: [{ ...entry!, version: { ...entry!.version, id: "next", label: "Next", status: "next" } }, entry!],
      search: joinedParts([next, release!]),
    };
  }

  /** The fixture with "next" beside its release, written to a pack of its own (`name`) and opened. */
  function openedWithNext(name: string) {
    const copy = join(dir, name);
    writeSiteContent(copy, withNext());
    return openSiteContent(copy);
  }

  test("search reads only the versions it looks in: one version's corrupt index leaves the others answering", () => {
    const two = withNext();
    const copy = join(dir, "search-parts.pack");
    writeSiteContent(copy, two);
    const bytes = readFileSync(copy);
    const reader = new PackReader<SiteIndex>(copy);
    assert.deepEqual(Object.keys(reader.index.search), ["next", built.versions[0]!.version.id]);
    const [offset] = reader.index.search["next"]!.head;
    reader.close();
    bytes[offset + 5] = bytes[offset + 5]! ^ 0xff;
    writeFileSync(copy, bytes);
    const { content, reader: opened } = openSiteContent(copy);
    try {
      const stored = siteSearchOf(content);
      const direct = siteSearchOf(two);
      const word = built.search.documents.find((d) => d.kind === "guide")!.title.split(/\s+/)[0]!;
      const current = stored.scope(undefined);
      assert.notEqual(current.version, "next");
      assert.ok(stored.search(word, PAGE_LIMITS, current).total > 0, word);
      assert.deepEqual(stored.search(word, PAGE_LIMITS, current), direct.search(word, PAGE_LIMITS, current));
      assert.throws(
        () => stored.search(word, PAGE_LIMITS, stored.scope("next")),
        (error: Error) => error instanceof PackError && /corrupt record/.test(error.message),
      );
    } finally {
      opened.close();
    }
  });

  test("a search in all versions over the stored indexes answers as over the built one, the version read first leading", () => {
    const two = withNext();
    const copy = join(dir, "two-versions.pack");
    writeSiteContent(copy, two);
    const { content, reader } = openSiteContent(copy);
    try {
      const word = built.search.documents.find((d) => d.kind === "guide")!.title.split(/\s+/)[0]!;
      const scope = { version: "next", all: true };
      const every = { ...PAGE_LIMITS, hits: 1000 };
      const stored = siteSearchOf(content).search(word, every, scope);
      const versions = stored.hits.map((hit) => hit.version);
      assert.ok(versions.includes("next") && versions.some((v) => v !== "next"), versions.join(", "));
      assert.ok(versions.indexOf("next") < versions.findIndex((v) => v !== "next"), versions.join(", "));
      assert.deepEqual(stored, siteSearchOf(two).search(word, every, scope));
    } finally {
      reader.close();
    }
  });

  test("searches in all versions whose heads do not all fit read again only the heads that did not fit", () => {
    const { content, reader } = openedWithNext("heads.pack");
    const load = VersionIndex.load;
    const loaded: string[] = [];
    VersionIndex.load = (source, caches) => {
      loaded.push(source.head.version);
      return load(source, caches);
    };
    try {
      const release = built.versions[0]!.version.id;
      const [nextBytes, releaseBytes] = ["next", release].map((id) => reader.index.search[id]!.head[1]);
      // Room for the version read and not for the other.
      const search = siteSearchOf(content, nextBytes! + releaseBytes! - 1);
      const word = built.search.documents.find((d) => d.kind === "guide")!.title.split(/\s+/)[0]!;
      const scope = { version: "next", all: true };
      const first = search.search(word, PAGE_LIMITS, scope);
      assert.deepEqual(loaded, ["next", release]);
      for (let n = 0; n < 3; n += 1) assert.deepEqual(search.search(word, PAGE_LIMITS, scope), first);
      // The release's head is read each time and never pushes out the version read.
      assert.deepEqual(loaded.slice(2), [release, release, release]);
      // A search in the release itself keeps it, in place of the other.
      search.search(word, PAGE_LIMITS, { version: release, all: false });
      search.search(word, PAGE_LIMITS, { version: release, all: false });
      assert.equal(loaded.length, 6);
    } finally {
      VersionIndex.load = load;
      reader.close();
    }
  });

  test("a search in all versions keeps the reader's version's postings, not those of the versions it passes through", () => {
    const { content, reader } = openedWithNext("postings.pack");
    try {
      // A prefix: its extensions are postings of many terms, which a cache can keep in part.
      const word = built.search.documents.find((d) => d.kind === "guide")!.title.slice(0, 2);
      const own = { version: "next", all: false };
      const every = { version: "next", all: true };
      const blockList = reader.list(reader.index.search.next!.blocks);
      const nextBlocks = new Set(Array.from({ length: blockList.length }, (_, n) => blockList.ref(n)![0]));
      const bytes = reader.bytes.bind(reader);
      let blocksRead = 0;
      reader.bytes = (ref) => {
        if (nextBlocks.has(ref[0])) blocksRead += 1;
        return bytes(ref);
      };
      /** Blocks of "next" read by a second search in it, with room for `postings` pairs. */
      const readAgain = (postings: number) => {
        const search = siteSearchOf(content, undefined, postings);
        search.search(word, PAGE_LIMITS, own);
        blocksRead = 0;
        search.search(word, PAGE_LIMITS, own);
        return blocksRead;
      };
      // The least room in which the search's postings stay: as few pairs as leave no read the second time.
      let low = 1;
      let high = 1_000_000;
      assert.equal(readAgain(high), 0);
      assert.ok(readAgain(low) > 0);
      while (low < high) {
        const middle = (low + high) >> 1;
        if (readAgain(middle) === 0) high = middle;
        else low = middle + 1;
      }
      const search = siteSearchOf(content, undefined, low);
      search.search(word, PAGE_LIMITS, own);
      for (let n = 0; n < 3; n += 1) search.search(word, PAGE_LIMITS, every);
      blocksRead = 0;
      const again = search.search(word, PAGE_LIMITS, own);
      assert.equal(blocksRead, 0, "the reader's version read its postings again");
      assert.deepEqual(again, siteSearchOf(content).search(word, PAGE_LIMITS, own));
    } finally {
      reader.close();
    }
  });

  test("the sitemap and llms.txt list pages from the pack's index: the sitemap reads none, llms.txt only its version's", () => {
    const next = withNext();
    const nextPages = Object.values(built.pages)
      .filter((page) => page.version !== null)
      .map((page) => ({ ...page, url: `/next${page.url}`, version: "next" }));
    const two = {
      ...next,
      pages: { ...built.pages, ...Object.fromEntries(nextPages.map((page) => [page.url, page])) },
    };
    const copy = join(dir, "site-files.pack");
    writeSiteContent(copy, two);
    const { content, reader } = openSiteContent(copy);
    const pageAt = new Map(Object.entries(reader.index.pages).map(([url, [offset]]) => [offset, url]));
    const read = recordsRead(reader, (offset) => pageAt.get(offset));
    try {
      const xml = sitemapXml(content, "https://docs.example.org");
      assert.match(xml, /<loc>https:\/\/docs\.example\.org\/docs\/guide\/first<\/loc>/);
      assert.equal(read.length, 0, `the sitemap read ${read.join(", ")}`);
      const source = { content, config: readSiteConfig({}), origin: "https://docs.example.org" };
      const text = [...llmsTxt(source, currentVersion(content))].join("");
      assert.match(text, /\/standalone\.md\)/);
      assert.ok(read.length > 0);
      assert.deepEqual(
        read.filter((url) => url.startsWith("/next/")),
        [],
        "no page of another version was read for the current release's llms.txt",
      );
    } finally {
      reader.close();
    }
  });

  test("llms-full.txt reads its pages without keeping them, and uses those already kept", () => {
    const { content, reader } = openSiteContent(file);
    const pageAt = new Map(Object.entries(reader.index.pages).map(([url, [offset]]) => [offset, url]));
    const read = recordsRead(reader, (offset) => pageAt.get(offset));
    try {
      const entry = currentVersion(content);
      const guide = flattenNavigation(entry.navigation).map((link) => link.url);
      assert.ok(guide.length >= 2, "the fixture's guide has two pages or more");
      const opened = guide[0]!;
      assert.ok(content.pages[opened], opened);
      read.length = 0;
      const parts = llmsFullTxt({ content, config: readSiteConfig({}), origin: "https://docs.example.org" }, entry);
      assert.match(parts.next().value ?? "", /^# .* documentation/, "the file starts with its header");
      assert.match(parts.next().value ?? "", /Source: https:\/\/docs\.example\.org\//);
      assert.deepEqual(read, [], "the first page's part came from the page already kept");
      assert.match(parts.next().value ?? "", /Source: https:\/\/docs\.example\.org\//);
      assert.deepEqual(read, [guide[1]], "each part reads its own page when it is made, not before");
      const rest = [...parts].join("");
      assert.ok(rest.endsWith("\n"), "the file ends with a line break");
      assert.deepEqual(read, guide.slice(1), "each page read once, but the one already kept");
      read.length = 0;
      assert.ok(content.pages[guide[1]!], guide[1]);
      assert.ok(content.pages[opened], opened);
      assert.deepEqual(read, [guide[1]], "a page read for the file was not kept; the one kept still is");
    } finally {
      reader.close();
    }
  });

  test("a page of an API reference reads the reference's head and its own body, not the rest", () => {
    const reader = new PackReader<SiteIndex>(file);
    const [version] = Object.keys(reader.index.apis);
    const stored = reader.index.apis[version!]!;
    reader.close();
    const names = new Map([
      [stored.reference[0], "head"],
      [stored.spec[0], "spec"],
      ...stored.bodies.map(([offset], n) => [offset, `page ${n}`] as const),
      ...stored.html.map(([offset], n) => [offset, `html ${n}`] as const),
    ]);
    const { content, reader: opened } = openSiteContent(file);
    const read = recordsRead(opened, (offset) => names.get(offset) ?? "other");
    try {
      const entry = content.versions.find((e) => e.version.id === version)!;
      const builtApi = built.versions.find((e) => e.version.id === version)!.api!;
      const api = entry.api!;
      assert.equal(api.tags.length, builtApi.tags.length);
      assert.ok(api.tags.length > 1, "the fixture's reference has several tags");
      assert.deepEqual(read, ["head"], "the overview and the navigation come from the head");
      assert.equal(api.tags[1]!.html, builtApi.tags[1]!.html);
      assert.deepEqual(read, ["head", "html 1"], "a page's HTML is read without its Markdown");
      assert.equal(Buffer.from(apiPageHtmlBytes(api.tags[1]!)).toString("utf8"), builtApi.tags[1]!.html);
      assert.deepEqual(read, ["head", "html 1"], "and its bytes are those kept");
      assert.deepEqual(api.tags[1]!.anchors, builtApi.tags[1]!.anchors);
      assert.deepEqual(read, ["head", "html 1", "page 1"]);
      assert.equal(api.models.markdown, builtApi.models.markdown);
      assert.equal(api.specJson, builtApi.specJson);
      assert.deepEqual(read, ["head", "html 1", "page 1", `page ${api.tags.length}`, "spec"]);
      assert.equal(entry.api, api, "one object while its head is kept");
      assert.deepEqual(api, builtApi);
    } finally {
      opened.close();
    }
  });

  test("whether an address is a page of a version's API reference is known from the index, without reading the reference", () => {
    const two = withNext();
    const copy = join(dir, "api-pages.pack");
    writeSiteContent(copy, two);
    const { content, reader } = openSiteContent(copy);
    const references = new Set(Object.values(reader.index.apis).map(({ reference }) => reference[0]));
    const read = recordsRead(reader, (offset) => (references.has(offset) ? "reference" : undefined));
    try {
      const api = two.versions[1]!.api!;
      const addresses = [
        ...two.versions.map((entry) => entry.version.apiUrl),
        ...apiSubpages(api),
        ...apiSubpages(api).map((url) => url.replace(/^\/api\//, "/api/next/")),
        "/api/nothing",
        "/docs/guide/first",
      ];
      assert.ok(addresses.includes("/api/models") && addresses.some((url) => url.startsWith("/api/next/")));
      for (const [i, entry] of content.versions.entries())
        for (const url of addresses)
          assert.equal(isApiPage(entry, url), isApiPage(two.versions[i]!, url), `${entry.version.id} ${url}`);
      assert.equal(read.length, 0, "no reference was read");
    } finally {
      reader.close();
    }
  });

  test("readWholeSiteContent gives the plain content back", () => {
    assert.deepEqual(JSON.parse(JSON.stringify(readWholeSiteContent(file))), JSON.parse(JSON.stringify(built)));
  });

  test("a missing, truncated or foreign file is a clear error when opened", () => {
    assert.throws(
      () => new PackReader(join(dir, "absent.pack")),
      (error: Error) => error instanceof PackError && /cannot be opened \(ENOENT\).*npm run build/.test(error.message),
    );
    const truncated = join(dir, "truncated.pack");
    writeFileSync(truncated, readFileSync(file).subarray(0, 1000));
    assert.throws(
      () => new PackReader(truncated),
      (error: Error) => error instanceof PackError && /truncated/.test(error.message),
    );
    const foreign = join(dir, "foreign.pack");
    writeFileSync(foreign, JSON.stringify(built).slice(0, 5000));
    assert.throws(() => new PackReader(foreign), PackError);
    const older = join(dir, "older.pack");
    const written = new PackWriter<Omit<SiteIndex, "format"> & { format: number }>(older);
    written.finish({
      format: 2,
      buildId: "x",
      shell: written.add({}),
      apis: {},
      search: {},
      compounds: written.add({}),
      pages: {},
    });
    assert.throws(
      () => openSiteContent(older),
      (error: Error) =>
        error instanceof PackError &&
        /has format 2, and this server reads format \d+.*npm run build/.test(error.message),
    );
    const empty = join(dir, "empty.pack");
    writeFileSync(empty, "");
    assert.throws(() => new PackReader(empty), PackError);
  });

  test("a corrupt page record is an error for that page only, never a crash of the reader", () => {
    const copy = join(dir, "corrupt.pack");
    const bytes = readFileSync(file);
    const reader = new PackReader<SiteIndex>(file);
    const urls = Object.keys(reader.index.pages);
    const [offset] = reader.index.pages[urls[0]!]!;
    reader.close();
    bytes[offset + 5] = bytes[offset + 5]! ^ 0xff;
    writeFileSync(copy, bytes);
    const { content, reader: opened } = openSiteContent(copy);
    try {
      assert.throws(
        () => content.pages[urls[0]!],
        (error: Error) => error instanceof PackError && /corrupt record/.test(error.message),
      );
      assert.deepEqual(content.pages[urls[1]!], built.pages[urls[1]!]);
    } finally {
      opened.close();
    }
  });

  test("a file truncated after it was opened: reads fail cleanly, the reader stays usable", () => {
    const copy = join(dir, "shrinking.pack");
    writeFileSync(copy, readFileSync(file));
    const { content, reader } = openSiteContent(copy);
    try {
      truncateSync(copy, 100);
      const url = Object.keys(content.pages).at(-1)!;
      assert.throws(() => content.pages[url], PackError);
    } finally {
      reader.close();
    }
  });

  test("one version's search index too large for the server's heap fails the build, naming the version", () => {
    const two = withNext();
    const [next, release] = versionParts(two.search);
    const filler = { ...next!.documents[0]!, text: "x".repeat(MAX_VERSION_INDEX_BYTES + 1024 * 1024) };
    const heavy = {
      ...two,
      search: joinedParts([{ ...next!, documents: [filler, ...next!.documents.slice(1)] }, release!]),
    };
    const target = join(dir, "heavy.pack");
    assert.throws(
      () => writeSiteContent(target, heavy),
      /search index is \d+ MB, more than the \d+ MB a server with a 128 MB heap can hold \(version next\)/,
    );
    assert.equal(existsSync(target), false, "no pack written");
  });

  test("content too large for the server fails the build's write, with a reason", () => {
    const huge = {
      ...built,
      search: { ...built.search, documents: [{ text: "x".repeat(Math.max(MAX_INDEX_BYTES, 25 * 1024 * 1024)) }] },
    } as unknown as SiteContent;
    assert.throws(
      () => writeSiteContent(join(dir, "huge.pack"), huge),
      /search index is \d+ MB, more than the \d+ MB a server with a 128 MB heap can hold/,
    );
  });
});

describe("the bounded cache", () => {
  test("keeps the most recently used entries within its weight", () => {
    const lru = new Lru<string, number>(10);
    lru.set("a", 1, 4);
    lru.set("b", 2, 4);
    assert.equal(lru.get("a"), 1);
    lru.set("c", 3, 4);
    assert.equal(lru.get("b"), undefined, "the least recently used went");
    assert.equal(lru.get("a"), 1);
    assert.equal(lru.get("c"), 3);
    lru.set("big", 4, 50);
    assert.equal(lru.size, 1, "one entry heavier than the bound is kept alone");
  });

  test("drops only entries from the less recently used half, however the reads fall", () => {
    const size = 64;
    // The exact order of use, least recent first, beside the cache.
    const order: number[] = [];
    const use = (key: number) => {
      const at = order.indexOf(key);
      if (at !== -1) order.splice(at, 1);
      order.push(key);
    };
    let worst = 0;
    const lru = new Lru<number, number>(size, (key) => {
      worst = Math.max(worst, order.indexOf(key));
      order.splice(order.indexOf(key), 1);
    });
    let seed = 7;
    const random = (below: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % below;
    for (let n = 0; n < 20_000; n += 1) {
      // Reads mostly of a few hot keys, as searches read common documents; new keys keep coming.
      const key = random(3) === 0 ? n : random(4) === 0 ? random(16) : n - random(2 * size);
      if (lru.get(key) !== undefined) use(key);
      else if (key >= 0) {
        use(key);
        lru.set(key, key);
      }
    }
    assert.equal(lru.size, size);
    assert.ok(worst < size / 2, `a dropped entry was at ${worst} in the order of use`);
  });

  test("goes on dropping in order of use while entries are replaced, moved and cleared between drops", () => {
    const dropped: number[] = [];
    const lru = new Lru<number, number>(4, (key) => dropped.push(key));
    for (const key of [1, 2, 3, 4, 5]) lru.set(key, key);
    assert.deepEqual(dropped, [1]);
    // Replaced after dropping began: 2 moves behind 5; 3 and 4 stay the oldest.
    lru.set(2, 20);
    lru.set(6, 6);
    lru.set(7, 7);
    assert.deepEqual(dropped, [1, 3, 4]);
    lru.set(8, 8);
    assert.deepEqual(dropped, [1, 3, 4, 5]);
    assert.equal(lru.get(2), 20);
    lru.clear();
    for (const key of [9, 10, 11, 12, 13]) lru.set(key, key);
    assert.deepEqual(dropped, [1, 3, 4, 5, 9]);
    assert.deepEqual([lru.get(10), lru.get(13), lru.size], [10, 13, 4]);
  });

  test("keeps an entry only if it fits, when asked so, dropping none", () => {
    const dropped: string[] = [];
    const lru = new Lru<string, number>(10, (key) => dropped.push(key));
    assert.equal(lru.setIfRoom("a", 1, 8), true, "an empty cache keeps it");
    assert.equal(lru.setIfRoom("b", 2, 4), false);
    assert.equal(lru.get("b"), undefined);
    assert.equal(lru.setIfRoom("c", 3, 2), true);
    assert.deepEqual([lru.get("a"), lru.get("c"), lru.size], [1, 3, 2]);
    assert.deepEqual(dropped, []);
  });

  test("says which entries it dropped for room, and only those", () => {
    const dropped: string[] = [];
    const lru = new Lru<string, number>(10, (key) => dropped.push(key));
    lru.set("a", 1, 4);
    lru.set("b", 2, 4);
    lru.set("a", 5, 4);
    assert.deepEqual(dropped, [], "a replaced entry is not dropped");
    lru.set("c", 3, 4);
    assert.deepEqual(dropped, ["b"]);
    lru.clear();
    assert.deepEqual(dropped, ["b"]);
  });
});
