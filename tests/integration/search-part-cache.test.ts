import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { buildSiteContent, checkSite } from "../../app/content/build/build.server";
import { writeSiteContent } from "../../app/content/build/store-file.server";
import type { CompiledPage, SiteContent } from "../../app/content/types";
import { buildSearchIndex, SearchIndexSession, type SearchPartCache } from "../../app/search/build/index.server";
import type { VersionSearchData } from "../../app/search/types";

// A build keeps each version's search index beside the compiled pages, keyed by
// every entry it is made of and by the indexing code: after one edited page,
// one version is indexed again (issue 25: a build after one edit at 10,000
// pages). What is read back must be exactly what indexing again gives.

const root = join(import.meta.dirname, "../..");

/** A cache in memory that counts what it is asked. */
function countingCache() {
  const entries = new Map<string, string>();
  const counts = { reads: 0, hits: 0, writes: 0 };
  const parts: SearchPartCache = {
    read(key) {
      counts.reads += 1;
      const kept = entries.get(key);
      if (kept) counts.hits += 1;
      return kept ? (JSON.parse(kept) as VersionSearchData) : null;
    },
    write(key, value) {
      counts.writes += 1;
      entries.set(key, JSON.stringify(value));
    },
  };
  return { parts, counts, reset: () => Object.assign(counts, { reads: 0, hits: 0, writes: 0 }) };
}

describe("each version's search index, kept between builds", () => {
  let content: SiteContent;
  const inputOf = (pages: CompiledPage[]) => ({
    pages,
    versions: content.versions.map(({ version, navigation }) => ({ version, navigation, reference: null })),
  });

  before(async () => {
    content = (await buildSiteContent({ root })).content;
    assert.ok(content.versions.length >= 2, "the real content has several versions");
  });

  test("built once per version, then read back, equal to indexing from nothing", () => {
    const input = inputOf(Object.values(content.pages));
    const fresh = buildSearchIndex(input);
    const cache = countingCache();
    assert.deepEqual(buildSearchIndex(input, { parts: cache.parts, code: "code-1" }), fresh);
    assert.equal(cache.counts.writes, content.versions.length);
    cache.reset();
    assert.deepEqual(buildSearchIndex(input, { parts: cache.parts, code: "code-1" }), fresh);
    assert.deepEqual(cache.counts, { reads: content.versions.length, hits: content.versions.length, writes: 0 });
  });

  test("a page edited in one version indexes that version again, and only it", () => {
    const cache = countingCache();
    buildSearchIndex(inputOf(Object.values(content.pages)), { parts: cache.parts, code: "code-1" });
    const target = Object.values(content.pages).find((page) => page.version === "next" && page.sections.length > 0)!;
    const edited = Object.values(content.pages).map((page) =>
      page === target
        ? {
            ...page,
            sections: [{ ...page.sections[0]!, text: `${page.sections[0]!.text} zanzibar` }, ...page.sections.slice(1)],
          }
        : page,
    );
    cache.reset();
    const rebuilt = buildSearchIndex(inputOf(edited), { parts: cache.parts, code: "code-1" });
    assert.equal(cache.counts.writes, 1, "one version indexed again");
    assert.equal(cache.counts.hits, content.versions.length - 1);
    assert.deepEqual(rebuilt, buildSearchIndex(inputOf(edited)));
    assert.ok(rebuilt.documents.some((doc) => doc.version === "next" && doc.text.includes("zanzibar")));
  });

  test("other indexing code indexes every version again", () => {
    const cache = countingCache();
    const input = inputOf(Object.values(content.pages));
    buildSearchIndex(input, { parts: cache.parts, code: "code-1" });
    cache.reset();
    buildSearchIndex(input, { parts: cache.parts, code: "code-2" });
    assert.equal(cache.counts.writes, content.versions.length);
  });
});

test("the build's index of the real content is the one MiniSearch makes in a development session, byte for byte", async () => {
  // The build saves its indexes without MiniSearch's add (app/search/build/saved-index.server.ts);
  // a development session indexes with MiniSearch, whose first update adds every entry in order.
  const site = await checkSite({ root });
  const input = { pages: site.versionPages.flatMap((entry) => entry.pages()), versions: site.indexed };
  assert.ok(
    input.versions.every((entry) => entry.reference),
    "every version's API reference is indexed too",
  );
  const built = JSON.stringify(buildSearchIndex(input));
  assert.equal(built, JSON.stringify(new SearchIndexSession().update(input)));
  assert.ok(built.length > 1_000_000, "the whole index compared");
});

describe("a build's search parts on disk", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "search-part-cache-"));
    cpSync(join(root, "tests/fixtures/content"), join(dir, "content"), { recursive: true });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("a second build reads them and writes the same pack; an edit adds one part", async () => {
    const cacheDir = join(dir, "cache");
    const build = async (out: string) => {
      const { content } = await buildSiteContent({ root, contentDir: join(dir, "content"), cacheDir });
      writeSiteContent(join(dir, out), content);
    };
    const parts = () =>
      readdirSync(cacheDir)
        .filter((name) => name.startsWith("search-"))
        .sort();
    await build("first.pack");
    const first = parts();
    assert.equal(first.length, 1, "one docs version in the fixture");
    await build("second.pack");
    assert.deepEqual(parts(), first);
    assert.ok(
      readFileSync(join(dir, "first.pack")).equals(readFileSync(join(dir, "second.pack"))),
      "the same pack, byte for byte",
    );
    const page = join(dir, "content/docs/guide/first.mdx");
    writeFileSync(page, readFileSync(page, "utf8").replace("The summary paragraph.", "The zanzibar paragraph."));
    await build("third.pack");
    assert.equal(parts().length, 2, "the edited version's index is kept under a new key");
  });
});
