import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, describe, test } from "node:test";
import { buildSiteContent, LinkCheckError, type BuildResult } from "../../app/content/build/build.server";
import { currentVersion } from "../../app/content/site-versions";
import { checkLinks } from "../../app/content/build/check-links.server";
import { compilePage } from "../../app/content/build/compile.server";
import { preprocessMdx } from "../../app/content/preprocess.server";
import { currentCommit, lastCommitDates } from "../../app/content/build/git-dates.server";
import { ContentError } from "../../app/content/build/source.server";
import { summaryFromHtml } from "../../app/content/summary.server";
import type { CompiledPage, NavItem } from "../../app/content/types";

const root = join(import.meta.dirname, "../..");
const fixture = join(root, "tests/fixtures/content");
const FIRST = "tests/fixtures/content/docs/guide/first.mdx";
const SECOND = "tests/fixtures/content/docs/guide/second.mdx";

/** Builds a copy of the fixture whose second page is `source`; the build must fail, and `check` looks at why. */
async function expectBuildFailure(source: string, check: (error: unknown) => void) {
  const copy = mkdtempSync(join(tmpdir(), "content-broken-"));
  try {
    cpSync(fixture, copy, { recursive: true });
    writeFileSync(join(copy, "docs/guide/second.mdx"), source);
    await assert.rejects(buildSiteContent({ root, contentDir: copy, cacheDir: null }), (error: unknown) => {
      check(error);
      return true;
    });
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

describe("preprocessing Docusaurus syntax", () => {
  test("removes HTML comments but keeps the line count", () => {
    const source = "a <!-- x --> b\n<!--\nmany\n-->\nc";
    const out = preprocessMdx(source);
    assert.equal(out, "a  b\n\n\n\nc");
    assert.equal(out.split("\n").length, source.split("\n").length);
  });

  test("leaves comments inside inline code and fenced code alone", () => {
    const source = "`<!-- kept -->`\n```html\n<!-- kept too -->\n```";
    assert.equal(preprocessMdx(source), source);
  });

  test("escapes {#id} on headings and brackets admonition titles", () => {
    assert.equal(preprocessMdx("## Title {#my-id}"), "## Title \\{#my-id\\}");
    assert.equal(preprocessMdx(":::tip Be careful"), ":::tip[Be careful]");
    assert.equal(preprocessMdx(":::tip[Kept]"), ":::tip[Kept]");
  });
});

describe("building the fixture content", () => {
  let cacheDir: string;
  let result: BuildResult;
  let first: CompiledPage;

  before(async () => {
    cacheDir = mkdtempSync(join(tmpdir(), "content-cache-"));
    result = await buildSiteContent({ root, contentDir: fixture, cacheDir });
    first = result.content.pages["/docs/guide/first"]!;
  });
  after(() => rmSync(cacheDir, { recursive: true, force: true }));

  test("finds docs and standalone pages with their URLs", () => {
    assert.deepEqual(Object.keys(result.content.pages).sort(), [
      "/docs/guide/first",
      "/docs/guide/second",
      "/standalone",
    ]);
    assert.equal(first.title, "First page");
    assert.equal(first.sidebarLabel, "First");
    assert.equal(result.content.pages["/standalone"]!.kind, "page");
  });

  test("builds the sidebar from the folders: a category per folder, unpositioned pages by name", () => {
    assert.deepEqual(currentVersion(result.content).navigation, [
      {
        type: "category",
        label: "Guide",
        items: [
          { type: "link", slug: "guide/first", label: "First", url: "/docs/guide/first" },
          { type: "link", slug: "guide/second", label: "Second page", url: "/docs/guide/second" },
        ],
      },
    ]);
  });

  test("takes the table of contents (h2 and h3 only) from the compiled document", () => {
    assert.deepEqual(first.toc, [
      { id: "custom-id", text: "Custom heading", depth: 2 },
      { id: "sub-heading", text: "Sub heading", depth: 3 },
      { id: "code", text: "Code", depth: 2 },
      { id: "links", text: "Links", depth: 2 },
    ]);
    assert.ok(first.anchors.includes("deep-heading"), "h4 still gets an id");
  });

  test("HTML comments vanish and ':word' in prose stays text", () => {
    assert.doesNotMatch(first.html, /invisible comment|several lines/);
    assert.match(first.html, /Visible after the comment/);
    assert.match(first.html, /smritihq\/api:master/);
  });

  test("custom heading ids set the id and leave the text", () => {
    assert.match(first.html, /<h2 id="custom-id">Custom heading<\/h2>/);
    assert.doesNotMatch(first.html, /\{#custom-id\}/);
  });

  test("admonitions render as labelled asides with an icon, both title syntaxes", () => {
    for (const type of ["note", "tip", "info", "warning", "danger"]) {
      assert.match(first.html, new RegExp(`<aside class="admonition admonition-${type}" role="note"`));
    }
    assert.match(first.html, /aria-label="Tip: Bracket title"/);
    assert.match(first.html, /aria-label="Warning: Space title"/);
    assert.match(first.html, /aria-label="Note"/);
    assert.match(first.html, /<span class="admonition-icon" aria-hidden="true"><svg/);
    const tip = first.html.slice(first.html.indexOf("admonition-tip"), first.html.indexOf("admonition-warning"));
    assert.match(tip, /<li>one<\/li>/, "lists nest inside");
    assert.match(tip, /data-rehype-pretty-code-figure/, "code nests inside");
  });

  test("code is highlighted at build time in a light and a dark theme", () => {
    assert.match(first.html, /style="--l:#[0-9A-Fa-f]{6};--d:#[0-9A-Fa-f]{6}"/);
    assert.doesNotMatch(first.html, /--shiki-|data-theme/);
  });

  test("code meta: title, line highlights and line numbers", () => {
    assert.match(first.html, /<figcaption[^>]*data-rehype-pretty-code-title[^>]*>compose.yaml<\/figcaption>/);
    assert.match(first.html, /data-line-numbers/);
    const block = first.html.slice(first.html.indexOf("compose.yaml"));
    const lines = [
      ...block.slice(0, block.indexOf("</pre>")).matchAll(/<span data-line=""( data-highlighted-line="")?/g),
    ];
    assert.deepEqual(
      lines.map((m) => Boolean(m[1])),
      [false, true, true],
    );
  });

  test("every code block gets a copy button, hidden until scripts show it", () => {
    const blocks = first.html.match(/data-rehype-pretty-code-figure/g)?.length ?? 0;
    const buttons =
      first.html.match(
        /<button type="button" class="copy-code" data-copy-code="true" hidden="" aria-label="Copy code to clipboard">/g,
      )?.length ?? 0;
    assert.equal(blocks, 4);
    assert.equal(buttons, blocks);
  });

  test("an unknown language is plain text with a warning naming file and line", () => {
    assert.match(first.html, /plain text here/);
    const warning = result.warnings.find((w) => w.message.includes("notalanguage"));
    assert.deepEqual(warning && { file: warning.file, line: warning.line }, { file: FIRST, line: 55 });
  });

  test("h2 to h4 get an anchor link with its own label", () => {
    for (const [id, text] of [
      ["custom-id", "Custom heading"],
      ["sub-heading", "Sub heading"],
      ["deep-heading", "Deep heading"],
    ]) {
      assert.match(
        first.html,
        new RegExp(`<a class="heading-anchor" aria-label="Link to this section: ${text}" href="#${id}">`),
      );
    }
  });

  test("relative links to source files become page URLs", () => {
    assert.match(first.html, /href="\/docs\/guide\/second">relative source</);
    assert.match(first.html, /href="\/docs\/guide\/second#part-two">relative source with anchor</);
  });

  test("a broken anchor and a missing markdown file warn with file and line", () => {
    const anchor = result.warnings.find((w) => w.message.includes("#nowhere"));
    const missing = result.warnings.find((w) => w.message.includes("missing.md"));
    assert.equal(anchor?.file, FIRST);
    assert.equal(anchor?.line, 68);
    assert.equal(missing?.line, 69);
  });

  test("a relative .md link climbing folders resolves to the page URL, with its anchor", () => {
    const second = result.content.pages["/docs/guide/second"]!;
    assert.match(second.html, /href="\/docs\/guide\/first#links">the links of the first page</);
    assert.match(second.markdown, /\[the links of the first page\]\(\/docs\/guide\/first#links\)/);
    assert.equal(
      result.warnings.find((w) => w.message.includes("first.md")),
      undefined,
      "a resolved link does not warn",
    );
  });

  test("a missing anchor on the same page warns with file and line", () => {
    const warning = result.warnings.find((w) => w.message.includes("#not-here"));
    assert.deepEqual(warning && { file: warning.file, line: warning.line }, { file: SECOND, line: 12 });
  });

  test("warnings do not stop the build: every page is still built", () => {
    assert.ok(result.warnings.length >= 4, `expected the fixture's warnings, got ${result.warnings.length}`);
    assert.equal(Object.keys(result.content.pages).length, 3);
  });

  test("a Markdown version of each page, without MDX-only syntax", () => {
    assert.match(first.markdown, /^# First page\n\n> A fixture page/);
    assert.match(first.markdown, /## Custom heading\n/);
    assert.match(first.markdown, /\[relative source\]\(\/docs\/guide\/second\)/);
    assert.doesNotMatch(first.markdown, /invisible comment/);
    assert.match(first.markdown, /echo "<!-- not a comment -->"/, "code blocks are kept as written");
  });

  test("sections carry heading, text and code for search", () => {
    const code = first.sections.find((s) => s.id === "code");
    assert.match(code?.code ?? "", /smritihq\/api:24\.05\.08/);
    assert.equal(first.sections[0]?.id, "");
    assert.match(first.sections[0]?.text ?? "", /summary paragraph/);
  });

  test("the cache: an unchanged page is not compiled again, a changed one is", async () => {
    const again = await buildSiteContent({ root, contentDir: fixture, cacheDir });
    assert.equal(again.compiled, 0);
    assert.equal(again.fromCache, 3);
    assert.equal(again.content.buildId, result.content.buildId);

    const copy = mkdtempSync(join(tmpdir(), "content-copy-"));
    try {
      cpSync(fixture, copy, { recursive: true });
      const file = join(copy, "docs/guide/second.mdx");
      writeFileSync(file, readFileSync(file, "utf8") + "\nOne more line.\n");
      const changed = await buildSiteContent({ root, contentDir: copy, cacheDir: mkdtempSync(join(tmpdir(), "c-")) });
      assert.equal(changed.compiled, 3, "a fresh cache compiles everything");
      const warm = await buildSiteContent({ root, contentDir: copy, cacheDir });
      // first.mdx and standalone.mdx moved with the folder, so their source paths changed too
      assert.equal(warm.compiled, 3);
      const rerun = await buildSiteContent({ root, contentDir: copy, cacheDir });
      assert.equal(rerun.compiled, 0);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe("the sidebar from folders", () => {
  /** A copy of the fixture with extra files (path relative to the content folder → text). */
  async function buildWith(files: Record<string, string>) {
    const copy = mkdtempSync(join(tmpdir(), "content-sidebar-"));
    try {
      cpSync(fixture, copy, { recursive: true });
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(copy, path)), { recursive: true });
        writeFileSync(join(copy, path), text);
      }
      return await buildSiteContent({ root, contentDir: copy, cacheDir: null });
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }
  const page = (title: string, extra = "") => `---\ntitle: ${title}\ndescription: d\n${extra}---\n\nText.\n`;
  const labels = (items: NavItem[]): unknown[] =>
    items.map((item) => (item.type === "link" ? item.label : [item.label, labels(item.items)]));

  test("sidebar_position and _category_.json order pages and folders together; the rest follow by name", async () => {
    const { content } = await buildWith({
      "docs/guide/third.mdx": page("Third", "sidebar_position: 1\n"),
      "docs/guide/deeper/_category_.json": '{ "label": "Deeper things", "position": 2 }',
      "docs/guide/deeper/inner.mdx": page("Inner"),
      "docs/guide/zeta/alpha.mdx": page("Alpha"),
      "docs/appendix/extra.mdx": page("Extra"),
    });
    assert.deepEqual(labels(currentVersion(content).navigation), [
      ["Guide", ["Third", ["Deeper things", ["Inner"]], "First", "Second page", ["Zeta", ["Alpha"]]]],
      ["Appendix", ["Extra"]],
    ]);
  });

  test("a new page in a new folder gets its category in the sidebar and in search", async () => {
    const { content } = await buildWith({
      "docs/guide/more/_category_.json": '{ "label": "More" }',
      "docs/guide/more/inner.mdx": page("Inner"),
    });
    assert.deepEqual(labels(currentVersion(content).navigation), [
      ["Guide", ["First", ["More", ["Inner"]], "Second page"]],
    ]);
    const inner = content.search.documents.find((doc) => doc.url === "/docs/guide/more/inner");
    assert.equal(inner?.trail, "Guide › More");
  });

  test("a position that is not a number names the file and its line", async () => {
    await expectBuildFailure("---\ntitle: S\ndescription: d\nsidebar_position: soon\n---\n\nText.\n", (error) => {
      assert.ok(error instanceof ContentError);
      assert.match(error.message, /docs\/guide\/second\.mdx:4:1: front matter "sidebar_position" must be a number/);
    });
  });

  test("a broken or misspelt _category_.json names the file, line and column", async () => {
    await assert.rejects(
      buildWith({ "docs/guide/_category_.json": '{\n  "label": "Guide",\n  "postion": 1\n}\n' }),
      (error: unknown) => {
        assert.ok(error instanceof ContentError);
        assert.match(error.message, /docs\/guide\/_category_\.json:3:3: unknown key "postion"/);
        return true;
      },
    );
    await assert.rejects(buildWith({ "docs/guide/_category_.json": '{ "label": "Guide", }' }), (error: unknown) => {
      assert.ok(error instanceof ContentError);
      assert.match(error.message, /docs\/guide\/_category_\.json:1:\d+: invalid JSON/);
      return true;
    });
    await assert.rejects(
      buildWith({ "docs/guide/_category_.json": '{ "position": "first" }' }),
      /"position" must be a number/,
    );
  });
});

describe("link checks", () => {
  const page = (body: string) => ({
    sourcePath: "content/docs/a.mdx",
    raw: `---\ntitle: A\ndescription: d\n---\n${body}`,
    body,
  });

  test("a link to a page that does not exist is an error with file and line", async () => {
    const body = await compilePage(page("Text.\n\nSee [nowhere](/docs/nope) here.\n"), () => null);
    const report = checkLinks(
      [{ url: "/docs/a", sourcePath: "content/docs/a.mdx", anchors: body.anchors, links: body.links }],
      {
        paths: new Set(["/"]),
        anchors: new Map(),
      },
    );
    assert.equal(report.errors.length, 1);
    assert.deepEqual(
      { file: report.errors[0]!.file, line: report.errors[0]!.line, message: report.errors[0]!.message },
      { file: "content/docs/a.mdx", line: 7, message: "broken link: /docs/nope (no page at /docs/nope)" },
    );
  });

  test("a relative link without extension is resolved like a browser would", async () => {
    const body = await compilePage(page("[sibling](./b) and [parent](../x/)\n"), () => null);
    const report = checkLinks(
      [{ url: "/docs/g/a", sourcePath: "content/docs/g/a.mdx", anchors: [], links: body.links }],
      {
        paths: new Set(["/docs/g/b"]),
        anchors: new Map(),
      },
    );
    assert.deepEqual(
      report.errors.map((e) => e.message),
      ["broken link: ../x/ (no page at /docs/x)"],
    );
  });

  test("images are checked like links: one under public/ passes, a missing one or a relative path is an error", async () => {
    const body = await compilePage(
      page("![card](/img/social-card.png)\n\n![gone](/img/gone.png)\n\n![beside](./beside.png)\n"),
      () => null,
    );
    const report = checkLinks(
      [{ url: "/docs/g/a", sourcePath: "content/docs/g/a.mdx", anchors: [], links: body.links }],
      {
        paths: new Set(["/img/social-card.png"]),
        anchors: new Map(),
      },
    );
    assert.deepEqual(
      report.errors.map((e) => [e.line, e.message]),
      [
        [7, "missing image: /img/gone.png (no file at public/img/gone.png)"],
        [9, "missing image: ./beside.png (no file at public/docs/g/beside.png)"],
      ],
    );
  });

  test("a build with a broken page link stops", async () => {
    await expectBuildFailure("---\ntitle: S\ndescription: d\n---\n\n[gone](/docs/gone)\n", (error) => {
      assert.ok(error instanceof LinkCheckError);
      assert.match(error.message, /docs\/guide\/second\.mdx:6:1: broken link: \/docs\/gone/);
    });
  });
});

describe("npm run build:content, as a command", () => {
  // The script the build runs, on a copy of the fixture: exit status and what it prints.
  function buildCopy(edit: (copy: string) => void) {
    const copy = mkdtempSync(join(tmpdir(), "content-cli-"));
    try {
      cpSync(fixture, join(copy, "content"), { recursive: true });
      edit(join(copy, "content"));
      const run = spawnSync(
        process.execPath,
        [
          "--import",
          "tsx",
          "scripts/build-content.ts",
          "--content-dir",
          join(copy, "content"),
          "--out",
          join(copy, "out.json"),
          "--no-cache",
        ],
        {
          cwd: root,
          encoding: "utf8",
        },
      );
      return {
        status: run.status,
        output: run.stdout + run.stderr,
        wrote: (() => {
          try {
            return readFileSync(join(copy, "out.json"), "utf8").length > 0;
          } catch {
            return false;
          }
        })(),
      };
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }

  test("a link to a missing page stops it, naming file, line and target", () => {
    const { status, output, wrote } = buildCopy((content) =>
      writeFileSync(
        join(content, "docs/guide/second.mdx"),
        "---\ntitle: S\ndescription: d\n---\n\n[gone](/docs/gone)\n",
      ),
    );
    assert.equal(status, 1, output);
    assert.equal(wrote, false, "nothing is written when the build fails");
    assert.match(output, /docs\/guide\/second\.mdx:6:1: broken link: \/docs\/gone/);
  });

  test("a link to a missing .mdx source warns with file and line, and the build goes on", () => {
    const { status, output, wrote } = buildCopy((content) =>
      writeFileSync(
        join(content, "docs/guide/second.mdx"),
        "---\ntitle: S\ndescription: d\n---\n\nText.\n\n[source](./nowhere.mdx)\n",
      ),
    );
    assert.equal(status, 0, output);
    assert.equal(wrote, true);
    assert.match(output, /warning: .*docs\/guide\/second\.mdx:8:\d+: .*nowhere\.mdx/);
  });

  test("the fixture's broken anchor and missing .md file warn, and the build goes on", () => {
    const { status, output, wrote } = buildCopy(() => {});
    assert.equal(status, 0, output);
    assert.equal(wrote, true);
    assert.match(output, /warning: .*docs\/guide\/first\.mdx:68:\d+: .*#nowhere/);
    assert.match(output, /warning: .*docs\/guide\/first\.mdx:69:\d+: .*missing\.md/);
  });
});

describe("a page without a description in its front matter", () => {
  test("takes its first paragraph, as text, for the meta description and the Markdown form", async () => {
    const copy = mkdtempSync(join(tmpdir(), "content-summary-"));
    try {
      cpSync(fixture, copy, { recursive: true });
      writeFileSync(
        join(copy, "docs/guide/second.mdx"),
        "---\ntitle: S\n---\n\n## Part two\n\nThe **second** page, with [a link](/docs/guide/first) &amp; more.\n\nAnother paragraph.\n",
      );
      const { content } = await buildSiteContent({ root, contentDir: copy, cacheDir: null });
      const page = content.pages["/docs/guide/second"]!;
      assert.equal(page.description, "The second page, with a link & more.");
      assert.match(page.markdown, /^# S\n\n> The second page, with a link & more\.\n/);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  test("a long first paragraph is cut at a word, under 160 characters", () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(" ");
    const summary = summaryFromHtml(`<h2>T</h2><p class="x">${words}</p>`)!;
    assert.ok(summary.length <= 160, summary);
    assert.match(summary, /word\d+…$/);
    assert.equal(summaryFromHtml("<h2>Only a heading</h2>"), null);
  });
});

describe("last-updated dates from git", () => {
  test("each page gets the date of the last commit that touched its file", () => {
    const dates = lastCommitDates(root, "content");
    const file = "content/docs/user-guide/installation.mdx";
    const expected = spawnSync("git", ["log", "-1", "--format=%cs", "--", file], {
      cwd: root,
      encoding: "utf8",
    }).stdout.trim();
    assert.match(expected, /^\d{4}-\d{2}-\d{2}$/);
    assert.equal(dates.get(file), expected);
    assert.ok(dates.size >= 20, `dates for ${dates.size} files`);
  });

  test("without git history (a container build) there are no dates and no commit, and no error", () => {
    const bare = mkdtempSync(join(tmpdir(), "no-git-"));
    try {
      cpSync(fixture, join(bare, "content"), { recursive: true });
      assert.equal(lastCommitDates(bare, "content").size, 0);
      assert.equal(currentCommit(bare), null);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

/** A page of `body` alone, compiled as the build compiles it. */
function compileAlone(name: string, body: string) {
  return compilePage(
    { sourcePath: `content/docs/${name}.mdx`, raw: `---\ntitle: ${name}\ndescription: d\n---\n${body}`, body },
    () => null,
  );
}

describe("sections for search", () => {
  test("a code block in a list item is code, not glued to the item's text", async () => {
    const { sections } = await compileAlone(
      "steps",
      '## Steps\n\n1. Create `override.yaml` next to the main file.\n\n   ```yaml title="override.yaml"\n   services:\n     api: {}\n   ```\n\n2. Start it again.\n',
    );
    const steps = sections.find((section) => section.id === "steps");
    assert.match(steps?.code ?? "", /^services:\n {2}api: \{\}/);
    assert.doesNotMatch(steps?.text ?? "", /services|yamlservices/);
    assert.match(steps?.text ?? "", /Create override\.yaml next to the main file\. override\.yaml Start it again\./);
  });
});

describe("GitHub-flavoured Markdown (remark-gfm)", () => {
  test("tables, strikethrough, task lists and bare links render", async () => {
    const body =
      "| Port | Service |\n| --- | --- |\n| 5001 | API |\n\n~~old~~ new\n\n- [x] done\n- [ ] to do\n\nSee https://example.org here.\n";
    const { html } = await compileAlone("gfm", body);
    assert.match(html, /<table>[\s\S]*<th>Port<\/th>[\s\S]*<td>5001<\/td>/);
    assert.match(html, /<del>old<\/del>/);
    assert.equal((html.match(/type="checkbox"/g) ?? []).length, 2);
    assert.match(html, /checked/);
    assert.match(html, /<a href="https:\/\/example\.org"/);
  });
});

describe("where inline code may break", () => {
  const compileBody = async (body: string) => (await compileAlone("cells", body)).html;

  test("in a table, after underscores, slashes and dots; options stay whole", async () => {
    const html = await compileBody(
      "| Step | Command |\n| --- | --- |\n| Start | `docker compose up -d` |\n| Cache | `SMRITI_CACHE_TYPE` |\n| Redis | `redis-server --requirepass x` |\n",
    );
    assert.match(html, /<code>SMRITI_<wbr\/>CACHE_<wbr\/>TYPE<\/code>/);
    assert.match(html, /<code>docker compose up <span class="code-option">-d<\/span><\/code>/);
    // A hyphen inside a word is no option: "redis-server" stays plain text.
    assert.match(html, /<code>redis-server <span class="code-option">--requirepass<\/span> x<\/code>/);
  });

  test("in running text, only long values get break points; options stay whole there too", async () => {
    const html = await compileBody(
      "Set `SMRITI_API_PORT` or `SMRITI_ML_PREVIEW_THUMBNAIL_PARAMS`, then run `docker compose up -d`. A range: `1 - 5`.\n",
    );
    assert.match(html, /<code>SMRITI_API_PORT<\/code>/);
    assert.match(html, /<code>SMRITI_<wbr\/>ML_<wbr\/>PREVIEW_<wbr\/>THUMBNAIL_<wbr\/>PARAMS<\/code>/);
    assert.match(html, /<code>docker compose up <span class="code-option">-d<\/span><\/code>/);
    assert.match(html, /<code>1 - 5<\/code>/);
  });

  test("inside a component and not in blocks of code", async () => {
    const html = await compileBody(
      "<details>\n\nRebuild with `docker compose up -d --build`.\n\n</details>\n\n```sh\ndocker compose up -d --build /srv/a_b.c\n```\n",
    );
    assert.match(
      html,
      /<code>docker compose up <span class="code-option">-d<\/span> <span class="code-option">--build<\/span><\/code>/,
    );
    assert.doesNotMatch(html, /<pre[\s\S]*(code-option|<wbr)[\s\S]*<\/pre>/);
  });
});

describe("invalid MDX", () => {
  test("in a content folder, stops the build naming the file, line and column", async () => {
    await expectBuildFailure(
      "---\ntitle: S\ndescription: d\n---\n\nFine.\n\nAn expression that never ends {oops\n",
      (error) => {
        assert.ok(error instanceof ContentError);
        assert.match(error.file, /docs\/guide\/second\.mdx$/);
        assert.equal(error.line, 8);
        assert.ok(error.column >= 1);
        assert.match(error.message, /second\.mdx:8:\d+: [\s\S]*Unexpected end of file in expression/);
      },
    );
  });

  test("fails naming file, line and column with the parser's message", async () => {
    const body = "Fine line.\n\nA broken <Tag line.\n";
    await assert.rejects(
      compilePage(
        { sourcePath: "content/docs/bad.mdx", raw: `---\ntitle: B\ndescription: d\n---\n${body}`, body },
        () => null,
      ),
      (error: unknown) => {
        assert.ok(error instanceof ContentError);
        assert.equal(error.file, "content/docs/bad.mdx");
        assert.equal(error.line, 7);
        assert.ok(error.column > 1);
        assert.match(error.message, /^content\/docs\/bad\.mdx:7:\d+: .+/);
        return true;
      },
    );
  });
});
