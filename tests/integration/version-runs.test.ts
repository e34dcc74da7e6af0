import assert from "node:assert/strict";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { buildSiteContent, checkSite, type BuildOptions } from "../../app/content/build/build.server";
import {
  diskCache,
  jsonFiles,
  pruneBuildCache,
  sha256,
  versionRuns,
  type CompileCache,
} from "../../app/content/build/cache.server";
import { writeSitePack, type PackReuse } from "../../app/content/build/site-pack.server";
import { writePack, writeSiteContent } from "../../app/content/build/store-file.server";
import { openSiteContent } from "../../app/content/store.server";

// `npm run build:content` writes the pack version by version and copies an
// unchanged version's records from the last build (app/content/build/site-pack.server.ts).
// Whatever it reuses, the pack must be byte for byte the one a build held whole
// in memory writes (issue 25: one edited page rebuilt in seconds at 10,000 pages).

const root = join(import.meta.dirname, "../..");

describe("a pack written version by version, reusing unchanged versions", () => {
  let dir: string;
  let options: BuildOptions;
  const reuse = (code = "code-1"): PackReuse => ({
    runs: versionRuns(join(dir, "cache")),
    code,
    searchParts: jsonFiles(join(dir, "cache"), "search-"),
    searchCode: "search-1",
  });
  const bytes = (name: string) => readFileSync(join(dir, name));
  /** The pack of the same content held whole in memory. */
  const wholeBuild = async (name: string) => {
    writeSiteContent(join(dir, name), (await buildSiteContent(options)).content);
    return bytes(name);
  };
  const runFiles = () =>
    readdirSync(join(dir, "cache")).filter((name) => name.startsWith("run-") && name.endsWith(".bin"));

  before(() => {
    dir = mkdtempSync(join(tmpdir(), "version-runs-"));
    cpSync(join(root, "content"), join(dir, "content"), { recursive: true });
    // Compiled pages shared with the other tests; what is reused between packs stays in this test's folder.
    options = { root, contentDir: join(dir, "content"), cache: diskCache(join(root, ".cache/content")) };
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("the first build keeps every version's records, the second copies them all, and both packs equal the whole build's", async () => {
    const site = await checkSite(options);
    const versions = site.versionPages.length;
    assert.ok(versions >= 2, "the real content has several versions");
    const expected = await wholeBuild("whole.pack");
    const first = writeSitePack(join(dir, "first.pack"), site, reuse());
    assert.equal(first.reused, 0);
    assert.equal(runFiles().length, versions);
    assert.ok(bytes("first.pack").equals(expected), "first pack, byte for byte");
    const second = writeSitePack(join(dir, "second.pack"), site, reuse());
    assert.equal(second.reused, versions);
    assert.equal(second.pages, first.pages);
    assert.ok(bytes("second.pack").equals(expected), "second pack, byte for byte");
    const { content, reader } = openSiteContent(join(dir, "second.pack"));
    try {
      assert.equal(Object.keys(content.pages).length, first.pages);
      assert.ok(
        content.pages["/docs/user-guide/installation"]!.markdown.startsWith("# "),
        "a copied page reads back whole",
      );
    } finally {
      reader.close();
    }
  });

  test("an edited page makes its version's records again, and only those", async () => {
    const page = join(dir, "content/next/user-guide/installation.mdx");
    writeFileSync(page, readFileSync(page, "utf8").replace(/\n## /, "\nA zanzibar sentence for this test.\n\n## "));
    const site = await checkSite(options);
    const written = writeSitePack(join(dir, "edited.pack"), site, reuse());
    assert.equal(written.reused, site.versionPages.length - 1);
    assert.ok(bytes("edited.pack").equals(await wholeBuild("edited-whole.pack")), "the edited pack, byte for byte");
    assert.equal(runFiles().length, site.versionPages.length + 1, "Next's run before the edit is still there");
    pruneBuildCache(join(dir, "cache"), { since: Date.now(), runs: written.runKeys, idleDays: 7 });
    assert.equal(runFiles().length, site.versionPages.length, "pruned to the runs this pack was written from");
    assert.equal(writeSitePack(join(dir, "after-prune.pack"), site, reuse()).reused, site.versionPages.length);
    const { content, reader } = openSiteContent(join(dir, "edited.pack"));
    try {
      assert.match(content.pages["/docs/next/user-guide/installation"]!.markdown, /zanzibar/);
    } finally {
      reader.close();
    }
  });

  test("a build reads the HTML and sections of the pages whose records it makes, and of no other page", async () => {
    const disk = diskCache(join(root, ".cache/content"));
    const bodiesRead = new Set<string>();
    // A compiled page as the cache gives it, noting when its body (HTML, sections) is asked for.
    const counting: CompileCache = {
      read(key) {
        const found = disk.read(key);
        return (
          found &&
          new Proxy(found, {
            get(target, property, receiver) {
              if (property === "html" || property === "sections") bodiesRead.add(key);
              return Reflect.get(target, property, receiver) as unknown;
            },
          })
        );
      },
      write: (key, value) => disk.write(key, value),
    };
    const counted = { ...options, cache: counting };
    writeSitePack(join(dir, "lazy-first.pack"), await checkSite(counted), reuse());
    bodiesRead.clear();
    const unchanged = await checkSite(counted);
    assert.equal(
      writeSitePack(join(dir, "lazy-unchanged.pack"), unchanged, reuse()).reused,
      unchanged.versionPages.length,
    );
    const partials = [unchanged.shell.partials, ...unchanged.shell.versions.map((entry) => entry.partials)].reduce(
      (count, kept) => count + Object.keys(kept).length,
      0,
    );
    // A page without a description would be read too, for its summary: every page here has one.
    assert.equal(bodiesRead.size, partials, "every version copied: only the partials' HTML, which the shell holds");

    const page = join(dir, "content/next/user-guide/installation.mdx");
    writeFileSync(page, readFileSync(page, "utf8").replace(/\n## /, "\nA quokka sentence for this test.\n\n## "));
    bodiesRead.clear();
    const edited = await checkSite(counted);
    assert.equal(writeSitePack(join(dir, "lazy-edited.pack"), edited, reuse()).reused, edited.versionPages.length - 1);
    const read = bodiesRead.size;
    const nextPages = edited.versionPages.find((entry) => entry.version.id === "next")!.pages().length;
    // Next's records were made again: its pages' bodies, but the edited one's, which was compiled, not read.
    assert.equal(read, partials + nextPages - 1);
    assert.ok(bytes("lazy-edited.pack").equals(await wholeBuild("lazy-edited-whole.pack")), "the pack, byte for byte");
  });

  test("a damaged kept run is made again, and other code reuses nothing", async () => {
    const site = await checkSite(options);
    const expected = await wholeBuild("again-whole.pack");
    // The run the current release's records were kept in (its key: the code's and the version's).
    truncateSync(
      join(
        dir,
        "cache",
        `run-${sha256("code-1", site.versionPages.find((entry) => entry.version.status === "current")!.key)}.bin`,
      ),
      10,
    );
    const written = writeSitePack(join(dir, "damaged.pack"), site, reuse());
    assert.equal(written.reused, site.versionPages.length - 1, "the truncated run is made again");
    assert.ok(bytes("damaged.pack").equals(expected));
    assert.equal(writeSitePack(join(dir, "other-code.pack"), site, reuse("code-2")).reused, 0);
    assert.ok(bytes("other-code.pack").equals(expected));
  });

  test("a version that fails while the pack is written leaves no file behind", async () => {
    const site = await checkSite(options);
    const file = join(dir, "failed.pack");
    const runs = function* () {
      yield* [];
      throw new Error("a version failed");
    };
    assert.throws(() => writePack(file, site.shell, runs()), /a version failed/);
    assert.ok(!existsSync(file) && !existsSync(`${file}.tmp`));
  });
});
