import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { buildSiteContent } from "../../app/content/build/build.server";
import { LiveContent } from "../../app/content/build/live.server";
import type { SiteContent } from "../../app/content/types";
import { applyContentDelta, ContentDeltas, type ContentMessage } from "../../scripts/dev/content-delta.mjs";
import { searchAnswers } from "../support/search-answers";

// Under `npm run dev` a save sends the app server only what changed in the
// content (scripts/dev/content-delta.mjs), through a structured clone as
// postMessage makes. Whatever was left out, the server's content must be the
// worker's, and so what a build from nothing gives.

const root = join(import.meta.dirname, "../..");
const fixture = join(root, "tests/fixtures/content");

describe("a save sends the server only what changed", () => {
  let dir: string;
  let live: LiveContent;
  const deltas = new ContentDeltas();
  /** The app server's content, rebuilt from each delta. */
  let server: SiteContent | null = null;
  /** The last delta sent. */
  let sent: ContentMessage | null = null;
  const first = () => join(dir, "docs/guide/first.mdx");
  const second = () => join(dir, "docs/guide/second.mdx");

  /** What the worker posts for each new state, as the server receives and applies it. */
  const follow = () =>
    live.onChange((state) => {
      sent = structuredClone(deltas.delta(state.content));
      server = applyContentDelta(server, sent);
    });

  const saved = async (edit: () => void) => {
    edit();
    live.invalidate();
    const state = await live.refresh();
    assert.ok(state.content, JSON.stringify(state.problems));
    return state.content;
  };

  /** The server's content is the worker's, and a fresh build's (search compared by its answers). */
  const assertServerHasFreshBuild = async (worker: SiteContent, queries: string[]) => {
    assert.deepEqual(server, worker);
    const full = (await buildSiteContent({ root, contentDir: dir, cacheDir: null, tolerant: true })).content;
    const { search: _serverSearch, ...serverRest } = server!;
    const { search: _fullSearch, ...fullRest } = full;
    assert.deepEqual(serverRest, fullRest);
    for (const query of queries)
      assert.deepEqual(searchAnswers(server!, query), searchAnswers(full, query), `search for "${query}"`);
  };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "content-delta-"));
    cpSync(fixture, dir, { recursive: true });
    live = new LiveContent({ root, contentDir: dir, cacheDir: null });
    follow();
    await live.refresh();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("the first state is sent whole", () => {
    assert.ok(sent && "whole" in sent);
    assert.deepEqual(server, live.current()!.content);
  });

  test("an edit sends its page and its version's search index, nothing else", async () => {
    const before = live.current()!.content!.pages;
    const worker = await saved(() =>
      writeFileSync(
        first(),
        readFileSync(first(), "utf8").replace("The summary paragraph.", "The zanzibar paragraph."),
      ),
    );
    const delta = sent;
    assert.ok(delta && !("whole" in delta));
    assert.deepEqual(Object.keys(delta.pages.changed), ["/docs/guide/first"]);
    assert.deepEqual(delta.versions.changed, {}, "no navigation, API reference or partials");
    for (const field of ["build", "redirects", "partials"]) assert.ok(!(field in delta), `${field} not sent`);
    const indexes = delta.search.versions.filter((part) => part.index);
    assert.deepEqual(
      indexes.map((part) => part.version),
      [worker.pages["/docs/guide/first"]!.version],
    );
    // As JSON text: the server parses it at the next search, not on every save.
    for (const part of indexes) assert.ok(typeof part.index === "string" && typeof part.documents === "string");
    await assertServerHasFreshBuild(worker, ["zanzibar", "summary", "part two"]);
    // The other pages are the records the last build made, so the delta tells them by identity, without their JSON.
    const others = Object.keys(before).filter((url) => url !== "/docs/guide/first");
    assert.ok(others.length >= 2, others.join(", "));
    for (const url of others) assert.equal(worker.pages[url], before[url], `${url} is a new record`);
    assert.notEqual(worker.pages["/docs/guide/first"], before["/docs/guide/first"]);
  });

  test("a new title sends the navigation that shows it", async () => {
    const worker = await saved(() =>
      writeFileSync(second(), readFileSync(second(), "utf8").replace(/^title: .*$/m, "title: Quokka handbook")),
    );
    const delta = sent;
    assert.ok(delta && !("whole" in delta));
    assert.ok(Object.values(delta.versions.changed).some((fields) => "navigation" in fields));
    await assertServerHasFreshBuild(worker, ["quokka", "handbook", "zanzibar"]);
  });

  test("a removed page is gone on the server; re-created unchanged, it is sent again", async () => {
    const text = readFileSync(second(), "utf8");
    let worker = await saved(() => unlinkSync(second()));
    assert.equal(server!.pages["/docs/guide/second"], undefined);
    await assertServerHasFreshBuild(worker, ["quokka", "zanzibar"]);
    worker = await saved(() => writeFileSync(second(), text));
    await assertServerHasFreshBuild(worker, ["quokka", "zanzibar"]);
  });

  test("a state without content (a mistake with no place) is followed by the whole content", async () => {
    const versions = join(dir, "versions.json");
    const text = readFileSync(versions, "utf8");
    writeFileSync(versions, "{ not json");
    live.invalidate();
    assert.equal((await live.refresh()).content, null);
    assert.equal(server, null);
    const worker = await saved(() => writeFileSync(versions, text));
    assert.ok(sent && "whole" in sent);
    await assertServerHasFreshBuild(worker, ["quokka", "zanzibar"]);
  });
});

describe("a dev session starts from the version indexes a build left in the cache", () => {
  let dir: string;
  let cacheDir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "content-read-back-"));
    cacheDir = mkdtempSync(join(tmpdir(), "cache-read-back-"));
    cpSync(fixture, dir, { recursive: true });
    // A second version (Next), which the save below leaves alone.
    cpSync(join(fixture, "docs"), join(dir, "next"), { recursive: true });
    await buildSiteContent({ root, contentDir: dir, cacheDir });
  });
  after(() => [dir, cacheDir].forEach((folder) => rmSync(folder, { recursive: true, force: true })));

  test("reads them back instead of indexing again, until a save changes a version", async () => {
    // The build's part for the guides' version, marked so that reading it back shows.
    const parts = readdirSync(cacheDir).filter((name) => name.startsWith("search-"));
    const guides = parts.find((name) => readFileSync(join(cacheDir, name), "utf8").includes('"/docs/guide/first"'));
    assert.ok(guides, `no cached part holds the guides: ${parts.join(", ")}`);
    const part = JSON.parse(readFileSync(join(cacheDir, guides), "utf8")) as { documents: { title: string }[] };
    part.documents[0]!.title = "Read back from the cache";
    writeFileSync(join(cacheDir, guides), JSON.stringify(part));

    const live = new LiveContent({ root, contentDir: dir, cacheDir });
    const first = (await live.refresh()).content!;
    assert.ok(first.search.documents.some((document) => document.title === "Read back from the cache"));
    const edited = first.pages["/docs/guide/first"]!.version;
    const untouched = first.search.versions.filter((entry) => entry.version !== edited);
    assert.ok(untouched.length >= 1, "a version the save leaves alone");

    const file = join(dir, "docs/guide/first.mdx");
    writeFileSync(file, readFileSync(file, "utf8").replace("The summary paragraph.", "The zanzibar paragraph."));
    live.invalidate();
    const saved = (await live.refresh()).content!;
    assert.ok(!saved.search.documents.some((document) => document.title === "Read back from the cache"));
    const full = (await buildSiteContent({ root, contentDir: dir, cacheDir: null, tolerant: true })).content;
    for (const query of ["zanzibar", "summary", "part two"])
      assert.deepEqual(searchAnswers(saved, query), searchAnswers(full, query), `search for "${query}"`);
    // A version the save did not change keeps the part read back, the same object: the delta does not send it.
    for (const entry of untouched)
      assert.equal(saved.search.versions.find((other) => other.version === entry.version)?.index, entry.index);
  });
});
