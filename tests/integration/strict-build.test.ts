import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { buildSiteContent } from "../../app/content/build/build.server";

// Links are checked alike, relative or absolute, and `--strict` refuses every
// warning: the levels stay as the specification sets them (a broken page link
// fails the build; a broken Markdown-file link or anchor warns).

const root = join(import.meta.dirname, "../..");

describe("links checked alike, and npm run build:content -- --strict", () => {
  let dir: string;
  const first = () => join(dir, "docs/guide/first.mdx");
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "strict-build-"));
    cpSync(join(root, "tests/fixtures/content"), dir, { recursive: true });
    // The fixture's page already has an unknown code language, a missing anchor and a missing Markdown file.
    appendFileSync(
      first(),
      "\n- [relative, missing anchor](./second.mdx#nowhere)\n\n:::sidenote\nAn unknown directive.\n:::\n",
    );
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("a relative link is resolved and reported like the absolute one, with file and line", async () => {
    const { warnings } = await buildSiteContent({ root, contentDir: dir, cacheDir: null });
    const about = (needle: string) => warnings.filter((w) => w.message.includes(needle));
    const [absolute] = about("/docs/guide/second#nowhere");
    const [relative] = about("./second.mdx#nowhere");
    assert.ok(absolute && relative, warnings.map((w) => w.message).join("\n"));
    assert.equal(relative.message.replace("./second.mdx", "/docs/guide/second"), absolute.message);
    for (const w of [absolute, relative]) {
      assert.ok(w.file.endsWith("docs/guide/first.mdx"));
      assert.ok(w.line > 0 && w.column > 0);
    }
    assert.match(
      about("./missing.md")[0]?.message ?? "",
      /^broken link: \.\/missing\.md \(no page file at .*docs\/guide\/missing\.md\)$/,
    );
  });

  const buildContent = (...args: string[]) =>
    spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/build-content.ts", "--content-dir", dir, "--out", join(dir, "out.json"), ...args],
      {
        cwd: root,
        encoding: "utf8",
      },
    );

  test("without --strict the warnings are printed and the content is written", () => {
    const result = buildContent();
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stderr, /^warning: .*first\.mdx:\d+:\d+: broken anchor/m);
    assert.ok(existsSync(join(dir, "out.json")));
    rmSync(join(dir, "out.json"));
  });

  test("--strict fails on each kind of warning, naming file, line and column, and writes nothing", () => {
    const result = buildContent("--strict");
    assert.equal(result.status, 1, result.stdout);
    for (const kind of [
      /broken anchor: \/docs\/guide\/second#nowhere/,
      /broken anchor: \.\/second\.mdx#nowhere/,
      /broken link: \.\/missing\.md/,
      /unknown code language "notalanguage"/,
      /unknown directive ":sidenote"/,
    ]) {
      assert.match(result.stderr, new RegExp(`^error: \\S*first\\.mdx:\\d+:\\d+: .*${kind.source}`, "m"), `${kind}`);
    }
    assert.doesNotMatch(result.stderr, /^warning:/m);
    assert.ok(!existsSync(join(dir, "out.json")));
  });
});
