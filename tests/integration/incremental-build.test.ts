import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { buildSiteContent } from "../../app/content/build/build.server";
import { LiveContent } from "../../app/content/build/live.server";
import { searchAnswers } from "../support/search-answers";

// A save under `npm run dev` rebuilds incrementally (app/content/build/build-session.server.ts):
// the edited page alone is compiled, its Markdown and search entries alone are made
// again. Whatever the session kept, the result must be what a build from nothing gives.

const root = join(import.meta.dirname, "../..");
const fixture = join(root, "tests/fixtures/content");

describe("incremental rebuilds in development", () => {
  let dir: string;
  let live: LiveContent;
  const first = () => join(dir, "docs/guide/first.mdx");
  const second = () => join(dir, "docs/guide/second.mdx");

  /** The same content built from nothing: no session, no cache. */
  const fullBuild = async () =>
    (await buildSiteContent({ root, contentDir: dir, cacheDir: null, tolerant: true })).content;

  const assertSameAsFullBuild = async (queries: string[]) => {
    const state = await live.refresh();
    assert.ok(state.content, JSON.stringify(state.problems));
    const full = await fullBuild();
    const { search: liveSearch, ...liveRest } = state.content;
    const { search: fullSearch, ...fullRest } = full;
    assert.deepEqual(liveRest, fullRest);
    assert.equal(liveSearch.format, fullSearch.format);
    for (const query of queries)
      assert.deepEqual(searchAnswers(state.content, query), searchAnswers(full, query), `search for "${query}"`);
  };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "incremental-build-"));
    cpSync(fixture, dir, { recursive: true });
    live = new LiveContent({ root, contentDir: dir, cacheDir: null });
    await live.refresh();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("an edited page, rebuilt alone, gives the pages, navigation, Markdown and search of a full build", async () => {
    writeFileSync(first(), readFileSync(first(), "utf8").replace("The summary paragraph.", "The zanzibar paragraph."));
    live.invalidate();
    await assertSameAsFullBuild(["zanzibar", "summary", "part two", "heading"]);
    assert.equal(searchAnswers(live.current()!.content!, "zanzibar").length, 1, "the new text is found");
  });

  test("a new title changes the page's entries everywhere (navigation, search), as in a full build", async () => {
    writeFileSync(second(), readFileSync(second(), "utf8").replace(/^title: .*$/m, "title: Quokka handbook"));
    live.invalidate();
    await assertSameAsFullBuild(["quokka", "handbook", "zanzibar", "part two"]);
  });

  test("a removed page leaves no search entry behind", async () => {
    const text = readFileSync(second(), "utf8");
    unlinkSync(second());
    live.invalidate();
    await assertSameAsFullBuild(["quokka", "part two", "zanzibar"]);
    assert.equal(searchAnswers(live.current()!.content!, "quokka").length, 0, "the removed page is not found");
    writeFileSync(second(), text);
    live.invalidate();
    await assertSameAsFullBuild(["quokka", "part two", "zanzibar"]);
  });

  test("many saves keep the session's search index bounded: removed entries are dropped by starting over", async () => {
    const original = readFileSync(first(), "utf8");
    for (let save = 0; save < 12; save += 1) {
      writeFileSync(first(), original.replace("The zanzibar paragraph.", `The zanzibar paragraph, save ${save}.`));
      live.invalidate();
      await live.refresh();
    }
    const state = live.current()!;
    const full = await fullBuild();
    assert.ok(
      state.content!.search.documents.length <= 2 * full.search.documents.length,
      `${state.content!.search.documents.length} documents for ${full.search.documents.length} entries`,
    );
    await assertSameAsFullBuild(["zanzibar", "save"]);
  });
});
