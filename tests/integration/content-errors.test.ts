import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { compilePage } from "../../app/content/build/compile.server";
import { ContentError } from "../../app/content/content-error.server";
import { readDocsTree } from "../../app/content/build/source.server";
import { readCategoryFiles } from "../../app/content/navigation.server";

// Every kind of content mistake names the author's file, line and column, the
// same wherever it is shown (dev server, terminal, npm run build): each is a
// ContentError, which all three print as file:line:column: message.

/** The ContentError a page's compilation fails with. */
async function compileError(body: string): Promise<ContentError> {
  const raw = `---\ntitle: T\n---\n${body}`;
  try {
    await compilePage({ sourcePath: "content/docs/page.mdx", raw, body }, () => null);
  } catch (error) {
    assert.ok(error instanceof ContentError, `a ContentError, not ${String(error)}`);
    return error;
  }
  assert.fail("the page compiled");
}

describe("MDX mistakes", () => {
  test("an unclosed block tag is placed at its own line, not 0:1", async () => {
    const error = await compileError("\nIntro.\n\n<div>\n\nNever closed.\n");
    assert.equal(error.file, "content/docs/page.mdx");
    assert.deepEqual([error.line, error.column], [7, 1]);
    assert.match(error.reason, /closing tag for `<div>`/);
    assert.doesNotMatch(error.reason, /\(\d+:\d+/, "the position is not repeated in the message");
  });

  test("an unclosed expression is placed at its line and column", async () => {
    const error = await compileError("\nText with {broken expression\n");
    assert.equal(error.line, 5);
    assert.ok(error.column > 1);
    assert.match(error.reason, /closing brace/);
  });

  test("an unknown component names itself, its place and the components that exist", async () => {
    const error = await compileError("\nIntro.\n\nText <Pill>inline</Pill>.\n\n<Carousel />\n");
    assert.deepEqual([error.file, error.line, error.column], ["content/docs/page.mdx", 7, 6]);
    assert.match(error.reason, /unknown component <Pill>/);
    assert.match(error.reason, /ArchitectureDiagram/);
  });
});

describe("mistakes found only when the page renders", () => {
  // Lines count from the front matter's first line: "---", "title: T", "---", then the body's.
  test("a misspelt variable is named with the line and column of the expression that uses it", async () => {
    const error = await compileError("\nIntro with {1 + 1}.\n\nThe value is {titel}.\n");
    assert.equal(error.file, "content/docs/page.mdx");
    assert.deepEqual([error.line, error.column], [7, 14]);
    assert.match(error.reason, /titel is not defined/);
  });

  test("a name that does not exist in an attribute, and a property read from nothing, are placed at their expressions", async () => {
    const error = await compileError(
      '\nIntro.\n\n<Tabs groupId={settings.group.name}>\n<TabItem value="a">A</TabItem>\n</Tabs>\n',
    );
    assert.equal(error.line, 7);
    assert.match(error.reason, /settings is not defined/);
    const read = await compileError("\nexport const meta = {};\n\nThe name is {meta.owner.name}.\n");
    assert.deepEqual([read.line, read.column], [7, 13]);
    assert.match(read.reason, /reading 'name'/);
  });

  test("a failure that names no code of the page names the file, without a line", async () => {
    const error = await compileError("\nexport const a = 1;\n\n{a}{(() => { throw new Error('made up'); })()}\n");
    assert.equal(error.file, "content/docs/page.mdx");
    assert.deepEqual([error.line, error.column], [0, 0]);
    // Named by its file alone, as the terminal and the browser print it, not "page.mdx:0:0".
    assert.equal(error.message, "content/docs/page.mdx: the page failed to render: made up");
  });
});

describe("front matter mistakes", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "front-matter-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** The ContentError reading a one-page docs tree fails with. */
  function readError(text: string): ContentError {
    rmSync(join(dir, "docs"), { recursive: true, force: true });
    mkdirSync(join(dir, "docs"));
    writeFileSync(join(dir, "docs/page.mdx"), text);
    try {
      readDocsTree(dir, join(dir, "docs"), "/docs");
    } catch (error) {
      assert.ok(error instanceof ContentError, `a ContentError, not ${String(error)}`);
      return error;
    }
    assert.fail("the front matter was accepted");
  }

  test("a YAML mistake is placed by the file's line, and the message carries no other line number", () => {
    const error = readError("---\ntitle: Fine\ndescription: Fine too\nsidebar_label: [unclosed\n---\n\nBody.\n");
    assert.equal(error.file, "docs/page.mdx");
    assert.ok(error.line >= 4 && error.line <= 5, `line ${error.line}`);
    assert.match(error.reason, /^invalid front matter: /);
    assert.doesNotMatch(error.reason, /line \d/);
  });

  test("an unknown key is refused with the closest known one, at its line", () => {
    const error = readError("---\ntitle: Fine\nsidebar_postion: 2\n---\n\nBody.\n");
    assert.deepEqual([error.line, error.column], [3, 1]);
    assert.match(error.reason, /unknown front matter key "sidebar_postion": did you mean "sidebar_position"\?/);
  });

  test("a value of the wrong type names the key, its line and what it got", () => {
    const error = readError("---\ntitle: Fine\ndescription: Fine\nsidebar_position: second\n---\n\nBody.\n");
    assert.equal(error.line, 4);
    assert.match(error.reason, /"sidebar_position" must be a number, not "second"/);
  });
});

describe("files as editors leave and write them", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "editor-files-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** A docs tree of its own for one test, holding one page. */
  function docsTree(name: string): string {
    const docs = join(dir, name, "docs");
    mkdirSync(join(docs, "guide"), { recursive: true });
    writeFileSync(join(docs, "guide/page.mdx"), "---\ntitle: The page\n---\n\nBody.\n");
    return docs;
  }

  test("an editor's hidden files beside a page are not pages: Emacs's lock, a link to nowhere, among them", () => {
    const docs = docsTree("hidden");
    // Gone by the time it is read, as a page renamed away mid-build is: skipped, the watcher reports it.
    symlinkSync("renamed-away.mdx", join(docs, "guide/gone.mdx"));
    symlinkSync("author@laptop.4242:1732870000", join(docs, "guide/.#page.mdx"));
    writeFileSync(join(docs, "guide/.page.mdx"), "no front matter");
    mkdirSync(join(docs, "guide/.obsidian"));
    writeFileSync(join(docs, "guide/.obsidian/notes.mdx"), "no front matter");
    const pages = readDocsTree(dir, docs, "/docs");
    assert.deepEqual(
      pages.map((page) => page.sourcePath),
      ["hidden/docs/guide/page.mdx"],
    );
  });

  test("a byte order mark before the front matter is not part of the page (Windows editors save one)", () => {
    const docs = docsTree("bom");
    writeFileSync(join(docs, "guide/bom.mdx"), "\uFEFF---\ntitle: Saved with a BOM\n---\n\nBody.\n");
    writeFileSync(join(docs, "guide/_category_.json"), '\uFEFF{ "label": "Guide" }');
    const page = readDocsTree(dir, docs, "/docs").find((p) => p.slug === "guide/bom");
    assert.equal(page?.frontmatter.title, "Saved with a BOM");
    assert.ok(page.raw.startsWith("---\n"));
    assert.equal(readCategoryFiles(dir, docs).get("guide")?.label, "Guide");
  });
});
