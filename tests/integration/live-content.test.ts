import assert from "node:assert/strict";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { after, before, describe, test } from "node:test";
import { LiveContent, type LiveState } from "../../app/content/build/live.server";

// Content in development (app/content/build/live.server.ts): the build runs again
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
      assert.ok(
        compiled.some((line) =>
          new RegExp(`^compiled ${sourcePath(file).replace(/[.]/g, "\\.")} in \\d+ ms$`).test(line),
        ),
      );
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
    writeFileSync(
      firstFile(),
      readFileSync(firstFile(), "utf8").replace("The summary paragraph.", "The edited summary."),
    );
    live.invalidate();
    const after = await live.refresh();
    assert.deepEqual(
      compiledSince(mark).map((line) => line.replace(/ in \d+ ms$/, "")),
      [`compiled ${sourcePath(firstFile())}`],
    );
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

  test("invalid MDX is a problem of its page only, with file, line, column and the lines around it; fixing it recovers", async () => {
    const good = readFileSync(secondFile(), "utf8");
    const lines = good.split("\n");
    lines.push("", "Broken <div> here", "");
    writeFileSync(secondFile(), lines.join("\n"));
    live.invalidate();
    const broken = await live.refresh();
    // Every other page is still built; the broken one is left out and its mistake kept in its place.
    assert.ok(broken.content?.pages["/docs/guide/first"], "the other page still built");
    assert.equal(broken.content.pages["/docs/guide/second"], undefined);
    assert.equal(broken.problems.length, 1);
    const [problem] = broken.problems;
    assert.equal(problem!.place, "page:/docs/guide/second");
    assert.equal(problem!.file, sourcePath(secondFile()));
    assert.equal(problem!.line, lines.length - 1);
    assert.ok(problem!.column > 0);
    assert.match(problem!.message, /closing tag for `<div>`/);
    assert.ok(problem!.excerpt.some((line) => line.line === problem!.line && line.text === "Broken <div> here"));

    writeFileSync(secondFile(), good);
    live.invalidate();
    const fixed = await live.refresh();
    assert.ok(fixed.content?.pages["/docs/guide/second"]);
    assert.deepEqual(fixed.problems, []);
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

  test("a broken _category_.json is a problem of its version's sidebar; the pages keep working", async () => {
    const category = join(dir, "docs/guide/_category_.json");
    const good = readFileSync(category, "utf8");
    writeFileSync(category, '{ "label": "Guide", "postion": 1 }\n');
    live.invalidate();
    const broken = await live.refresh();
    assert.ok(broken.content?.pages["/docs/guide/first"], "pages still built");
    assert.deepEqual(
      broken.problems.map((p) => [p.place, p.file, p.line]),
      [["navigation:24.05.08", sourcePath(category), 1]],
    );
    assert.match(broken.problems[0]!.message, /postion/);
    writeFileSync(category, good);
    live.invalidate();
    assert.deepEqual((await live.refresh()).problems, []);
  });

  test("a mistake in a partial is a problem of the pages that show it (by its slug), told once; every page is still built", async () => {
    const partial = join(dir, "partials/snippet.mdx");
    mkdirSync(join(dir, "partials"), { recursive: true });
    // Two versions, each building the partial with its own links.
    cpSync(join(dir, "docs"), join(dir, "next"), { recursive: true });
    const good = "---\ntitle: Snippet\n---\n\nShown by other pages.\n";
    for (const [text, message] of [
      [`${good}\nAn unclosed <div> here.\n`, /closing tag for `<div>`/],
      [`${good}\nSee [nowhere](/docs/guide/nowhere).\n`, /broken link: \/docs\/guide\/nowhere/],
      ["---\ntitel: Snippet\n---\n\nBody.\n", /titel/],
    ] as const) {
      writeFileSync(partial, text);
      live.invalidate();
      const broken = await live.refresh();
      assert.ok(broken.content?.pages["/docs/guide/first"], "pages still built");
      assert.ok(broken.content.pages["/standalone"], "pages still built");
      assert.ok(broken.content.pages["/docs/next/guide/first"], "pages still built");
      assert.deepEqual(
        broken.problems.map((p) => [p.place, p.file]),
        [["partial:snippet", sourcePath(partial)]],
      );
      assert.match(broken.problems[0]!.message, message);
    }
    writeFileSync(partial, good);
    live.invalidate();
    const fixed = await live.refresh();
    assert.deepEqual(fixed.problems, []);
    assert.match(fixed.content!.partials.snippet!.html, /Shown by other pages\./);
    rmSync(join(dir, "partials"), { recursive: true });
    rmSync(join(dir, "next"), { recursive: true });
    live.invalidate();
    await live.refresh();
  });

  test("a mistake in diagrams.json is a problem of the pages that draw a diagram only", async () => {
    const diagrams = join(dir, "docs/diagrams.json");
    const good = readFileSync(join(root, "content/docs/diagrams.json"), "utf8");
    const drawing = join(dir, "docs/guide/drawing.mdx");
    writeFileSync(diagrams, good);
    writeFileSync(
      drawing,
      "---\ntitle: Drawing\ndescription: A page with a diagram.\n---\n\n<ArchitectureDiagram />\n",
    );
    live.invalidate();
    assert.ok((await live.refresh()).content?.pages["/docs/guide/drawing"], "the page draws with good data");

    writeFileSync(diagrams, `{${good}`);
    live.invalidate();
    const broken = await live.refresh();
    assert.ok(broken.content?.pages["/docs/guide/first"], "the pages without a diagram are still built");
    assert.equal(broken.content.pages["/docs/guide/drawing"], undefined);
    assert.deepEqual(
      broken.problems.map((p) => [p.place, p.file]),
      [["page:/docs/guide/drawing", sourcePath(diagrams)]],
    );
    assert.match(broken.problems[0]!.message, /not valid JSON/);

    writeFileSync(diagrams, good);
    live.invalidate();
    const fixed = await live.refresh();
    assert.deepEqual(fixed.problems, []);
    assert.ok(fixed.content?.pages["/docs/guide/drawing"]);
    for (const file of [diagrams, drawing]) unlinkSync(file);
    live.invalidate();
    await live.refresh();
  });

  test("a page whose redirects lead into its sections shows its own mistake only; a redirect's mistake is its page's", async () => {
    const good = readFileSync(secondFile(), "utf8");
    const redirected = good.replace(
      "---\ntitle:",
      "---\nredirect_from:\n  - from: /docs/guide/old-part\n    section: part-two\ntitle:",
    );
    writeFileSync(secondFile(), redirected);
    live.invalidate();
    const healthy = await live.refresh();
    assert.deepEqual(healthy.problems, []);
    assert.equal(healthy.content?.redirects["/docs/guide/old-part"], "/docs/guide/second#part-two");

    // An MDX typo: the page's sections are unknown, and its redirect is not the mistake.
    writeFileSync(secondFile(), `${redirected}\nAn unclosed <div> here.\n`);
    live.invalidate();
    const typo = await live.refresh();
    assert.ok(typo.content?.pages["/docs/guide/first"], "the other pages are still built");
    assert.deepEqual(
      typo.problems.map((p) => p.place),
      ["page:/docs/guide/second"],
    );
    assert.match(typo.problems[0]!.message, /closing tag for `<div>`/);

    // A redirect into a section the page does not have: the page's mistake, not every page's.
    writeFileSync(secondFile(), redirected.replace("section: part-two", "section: part-three"));
    live.invalidate();
    const nowhere = await live.refresh();
    assert.ok(nowhere.content?.pages["/docs/guide/first"], "the other pages are still built");
    assert.deepEqual(
      nowhere.problems.map((p) => [p.place, p.file, p.line]),
      [["page:/docs/guide/second", sourcePath(secondFile()), 2]],
    );
    assert.match(nowhere.problems[0]!.message, /has no section #part-three/);

    writeFileSync(secondFile(), good);
    live.invalidate();
    assert.deepEqual((await live.refresh()).problems, []);
  });

  test("watching the folder builds on its own when a file is saved, and tells listeners", async () => {
    const stop = await live.watch(10);
    try {
      const changed = new Promise<LiveState>((resolve) => {
        const off = live.onChange((state) => {
          off();
          resolve(state);
        });
      });
      writeFileSync(
        join(dir, "docs/guide/third.mdx"),
        "---\ntitle: Third page\ndescription: Added while watching.\n---\n\nNew.\n",
      );
      const state = await changed;
      assert.ok(state.content?.pages["/docs/guide/third"], "the new page is in the content");
    } finally {
      await stop();
    }
  });

  test("saves by rename (three in a row), a delete and re-create, and a new folder are each seen", async () => {
    const stop = await live.watch(10);
    const nextState = () =>
      new Promise<LiveState>((resolve) => {
        const off = live.onChange((state) => {
          off();
          resolve(state);
        });
      });
    /** Writes a temporary file beside `file` and renames it over, as sed -i and editors' atomic saves do. */
    const saveByRename = (file: string, text: string) => {
      writeFileSync(`${file}.tmp-save`, text);
      renameSync(`${file}.tmp-save`, file);
    };
    const page = (title: string) => `---\ntitle: ${title}\ndescription: Saved by rename.\n---\n\nBody of ${title}.\n`;
    try {
      for (const round of [1, 2, 3]) {
        const changed = nextState();
        saveByRename(secondFile(), page(`Renamed save ${round}`));
        const state = await changed;
        assert.equal(
          state.content?.pages["/docs/guide/second"]?.title,
          `Renamed save ${round}`,
          `rename-save ${round} seen`,
        );
      }
      let changed = nextState();
      unlinkSync(secondFile());
      assert.equal((await changed).content?.pages["/docs/guide/second"], undefined, "the deleted page is gone");
      changed = nextState();
      writeFileSync(secondFile(), page("Created again"));
      assert.equal((await changed).content?.pages["/docs/guide/second"]?.title, "Created again");
      changed = nextState();
      saveByRename(secondFile(), page("Renamed after re-create"));
      assert.equal((await changed).content?.pages["/docs/guide/second"]?.title, "Renamed after re-create");

      changed = nextState();
      mkdirSync(join(dir, "docs/guide/new-folder"));
      writeFileSync(join(dir, "docs/guide/new-folder/inside.mdx"), page("Inside a new folder"));
      // The folder may be reported before its file: wait for the state that has the page.
      let state = await changed;
      while (!state.content?.pages["/docs/guide/new-folder/inside"]) state = await nextState();
      changed = nextState();
      saveByRename(join(dir, "docs/guide/new-folder/inside.mdx"), page("Edited inside the new folder"));
      assert.equal(
        (await changed).content?.pages["/docs/guide/new-folder/inside"]?.title,
        "Edited inside the new folder",
      );
    } finally {
      await stop();
    }
  });
});

describe("a tolerant build (development) keeps a broken spec on its API pages", () => {
  test("the spec's YAML mistake is placed by file, line and column; every page is still built", async () => {
    const { buildSiteContent } = await import("../../app/content/build/build.server");
    const specRoot = mkdtempSync(join(tmpdir(), "spec-root-"));
    try {
      cpSync(join(root, "spec"), join(specRoot, "spec"), { recursive: true });
      const next = join(specRoot, "spec/openapi.yaml");
      writeFileSync(next, readFileSync(next, "utf8").replace(/^info:\n/m, "info:\n  title: [unclosed\n"));
      const result = await buildSiteContent({ root, contentDir: fixture, specRoot, cacheDir: null, tolerant: true });
      assert.ok(result.content.pages["/docs/guide/first"]);
      assert.equal(result.problems.length, 1);
      const [problem] = result.problems;
      assert.equal(problem!.place, "api:24.05.08");
      // Outside the checkout, the spec is named by where it really is (its excerpt is read from there).
      assert.equal(problem!.error.file, relative(root, next));
      assert.ok(problem!.error.line > 1, `line ${problem!.error.line}`);
      // Without tolerance, the same mistake stops the build, naming the same place.
      await assert.rejects(
        buildSiteContent({ root, contentDir: fixture, specRoot, cacheDir: null }),
        /spec\/openapi\.yaml:\d+:\d+/,
      );
    } finally {
      rmSync(specRoot, { recursive: true, force: true });
    }
  });

  test("links into the broken spec's API pages are not reported as broken; links elsewhere still are", async () => {
    const { buildSiteContent } = await import("../../app/content/build/build.server");
    const work = mkdtempSync(join(tmpdir(), "spec-links-"));
    try {
      const contentDir = join(work, "content");
      cpSync(fixture, contentDir, { recursive: true });
      // Next, at /api/next, is below the release's /api and its spec has no mistake: links into it are checked.
      cpSync(join(fixture, "docs"), join(contentDir, "next"), { recursive: true });
      cpSync(join(root, "spec"), join(work, "spec"), { recursive: true });
      const first = join(contentDir, "docs/guide/first.mdx");
      writeFileSync(
        first,
        `${readFileSync(first, "utf8")}\nLog in with [the login call](/api/auth#post-/v1/auth/login), see [the models](/api/models#User)` +
          ` or [the spec](/openapi.yaml).\n\nBut [no such tag in Next](/api/next/nowhere).\n`,
      );
      const spec = join(work, "spec/openapi.yaml");
      writeFileSync(spec, readFileSync(spec, "utf8").replace(/^paths:\n/m, "paths:\n  - : [\n"));
      const result = await buildSiteContent({ root, contentDir, specRoot: work, cacheDir: null, tolerant: true });
      const problems = result.problems.map(({ place, error }) => `${place} ${error.reason}`);
      assert.equal(problems.length, 2, problems.join("\n"));
      assert.match(problems[0]!, /^api:24\.05\.08 /);
      // The page's link into Next's reference is still checked, and still its mistake.
      assert.match(problems[1]!, /^page:\/docs\/guide\/first broken link: \/api\/next\/nowhere /);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
