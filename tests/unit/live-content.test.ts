import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { LiveContent, type LiveState } from "../../app/content/live.server";

// Content in development (app/content/live.server.ts): the build runs again
// when a file changes, and only what changed is compiled again.

const root = join(import.meta.dirname, "../..");
const fixture = join(root, "tests/fixtures/content");

describe("live content (npm run dev)", () => {
  let dir: string;
  let live: LiveContent;
  const lines: string[] = [];
  const firstFile = () => join(dir, "docs/guide/first.mdx");
  const secondFile = () => join(dir, "docs/guide/second.mdx");
  // The content folder is outside the checkout here, so files are named by their absolute path.
  const sourcePath = (file: string) => file;
  const compiledSince = (mark: number) => lines.slice(mark).filter((line) => line.startsWith("compiled "));

  before(() => {
    dir = mkdtempSync(join(tmpdir(), "live-content-"));
    cpSync(fixture, dir, { recursive: true });
    live = new LiveContent({ root, contentDir: dir, cacheDir: null, log: (line) => lines.push(line) });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("the first refresh compiles every page, logging one line per page with its time", async () => {
    const state = await live.refresh();
    assert.ok(state.content, "content built");
    const compiled = compiledSince(0);
    assert.equal(compiled.length, 3, compiled.join("\n"));
    for (const file of [firstFile(), secondFile()]) {
      assert.ok(compiled.some((line) => new RegExp(`^compiled ${sourcePath(file).replace(/[.]/g, "\\.")} in \\d+ ms$`).test(line)));
    }
  });

  test("without a change nothing is built again", async () => {
    const before = live.current();
    const mark = lines.length;
    assert.equal(await live.refresh(), before);
    assert.equal(lines.length, mark);
  });

  test("an unchanged page is served from the development cache: after an edit, only the edited page is compiled", async () => {
    const before = live.current()!;
    const secondHtml = before.content!.pages["/docs/guide/second"]!.html;
    const mark = lines.length;
    writeFileSync(firstFile(), readFileSync(firstFile(), "utf8").replace("The summary paragraph.", "The edited summary."));
    live.invalidate();
    const after = await live.refresh();
    assert.deepEqual(compiledSince(mark).map((line) => line.replace(/ in \d+ ms$/, "")), [`compiled ${sourcePath(firstFile())}`]);
    assert.ok(after.version > before.version);
    assert.match(after.content!.pages["/docs/guide/first"]!.html, /The edited summary\./);
    assert.equal(after.content!.pages["/docs/guide/second"]!.html, secondHtml);
    assert.notEqual(after.content!.buildId, before.content!.buildId);
  });

  test("a refresh after a change that compiles to the same content keeps the state (no new version)", async () => {
    const before = live.current()!;
    const mark = lines.length;
    live.invalidate();
    assert.equal(await live.refresh(), before);
    assert.deepEqual(compiledSince(mark), []);
  });

  test("requests arriving during a build share it", async () => {
    writeFileSync(secondFile(), `${readFileSync(secondFile(), "utf8")}\nOne more line.\n`);
    live.invalidate();
    const mark = lines.length;
    const [a, b] = await Promise.all([live.refresh(), live.refresh()]);
    assert.equal(a, b);
    assert.equal(compiledSince(mark).length, 1);
  });

  test("invalid MDX becomes the state, with file, line, column and the lines around it; fixing it recovers", async () => {
    const good = readFileSync(secondFile(), "utf8");
    const lines = good.split("\n");
    lines.push("", "Broken <div> here", "");
    writeFileSync(secondFile(), lines.join("\n"));
    live.invalidate();
    const broken = await live.refresh();
    assert.equal(broken.content, null);
    const [problem] = broken.problems!;
    assert.equal(problem!.file, sourcePath(secondFile()));
    assert.equal(problem!.line, lines.length - 1);
    assert.ok(problem!.column > 0);
    assert.match(problem!.message, /closing tag for `<div>`/);
    assert.ok(problem!.excerpt.some((line) => line.line === problem!.line && line.text === "Broken <div> here"));

    writeFileSync(secondFile(), good);
    live.invalidate();
    const fixed = await live.refresh();
    assert.ok(fixed.content);
    assert.ok(fixed.version > broken.version);
  });

  test("a bad front-matter value and a broken link are problems too", async () => {
    const good = readFileSync(secondFile(), "utf8");
    writeFileSync(secondFile(), good.replace("---\ntitle:", "---\nsidebar_position: abc\ntitle:"));
    live.invalidate();
    const badPosition = await live.refresh();
    assert.equal(badPosition.problems?.[0]?.file, sourcePath(secondFile()));
    assert.match(badPosition.problems![0]!.message, /sidebar_position/);

    writeFileSync(secondFile(), `${good}\nSee [nowhere](/docs/guide/nowhere).\n`);
    live.invalidate();
    const badLink = await live.refresh();
    assert.equal(badLink.problems?.[0]?.file, sourcePath(secondFile()));
    assert.match(badLink.problems![0]!.message, /\/docs\/guide\/nowhere/);
    assert.ok(badLink.problems![0]!.line > 0);

    writeFileSync(secondFile(), good);
    live.invalidate();
    assert.ok((await live.refresh()).content);
  });

  test("watching the folder builds on its own when a file is saved, and tells listeners", async () => {
    const stop = live.watch(10);
    try {
      const changed = new Promise<LiveState>((resolve) => {
        const off = live.onChange((state) => {
          off();
          resolve(state);
        });
      });
      writeFileSync(join(dir, "docs/guide/third.mdx"), "---\ntitle: Third page\ndescription: Added while watching.\n---\n\nNew.\n");
      const state = await changed;
      assert.ok(state.content?.pages["/docs/guide/third"], "the new page is in the content");
    } finally {
      stop();
    }
  });
});
