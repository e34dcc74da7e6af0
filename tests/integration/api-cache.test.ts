import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { buildSiteContent } from "../../app/content/build/build.server";

// Building an API reference takes seconds; the build and the dev server keep
// it in .cache/content by spec and code, so a start or a page edit with an
// unchanged spec does not build it again, and a changed spec always does.

const root = join(import.meta.dirname, "../..");

describe("built API references are cached by their spec", () => {
  let dir: string;
  const cacheDir = () => join(dir, "cache");
  const spec = () => join(dir, "spec/openapi.yaml");
  const cachedReferences = () => readdirSync(cacheDir()).filter((name) => /^api-[0-9a-f]{64}\.json$/.test(name));
  const build = () => buildSiteContent({ root, contentDir: join(dir, "content"), specRoot: dir, cacheDir: cacheDir() });
  const apiTitle = async () => (await build()).content.versions.find((v) => v.version.status === "current")!.api!.title;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), "api-cache-"));
    cpSync(join(root, "tests/fixtures/content"), join(dir, "content"), { recursive: true });
    cpSync(join(root, "spec/openapi.yaml"), spec());
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("a build stores the reference, and the next build takes it from the cache instead of the spec", async () => {
    assert.equal(await apiTitle(), "Smriti API");
    const [entry] = cachedReferences();
    assert.ok(entry, "one cached reference");
    assert.equal(cachedReferences().length, 1);
    // Marked in the cache only: the next build shows the mark, so it read the cache.
    const file = join(cacheDir(), entry);
    writeFileSync(file, readFileSync(file, "utf8").replaceAll('"title":"Smriti API"', '"title":"From the cache"'));
    assert.equal(await apiTitle(), "From the cache");
  });

  test("a changed spec is built again", async () => {
    writeFileSync(
      spec(),
      readFileSync(spec(), "utf8").replace("  title: Smriti API\n", "  title: Smriti API, edited\n"),
    );
    assert.equal(await apiTitle(), "Smriti API, edited");
    assert.equal(cachedReferences().length, 2);
  });
});
