import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { buildApiReferencePage } from "../../app/api-reference/build/build.server";
import { readSpec } from "../../app/api-reference/build/spec-check.server";
import { ContentError } from "../../app/content/content-error.server";
import { buildSiteContent } from "../../app/content/build/build.server";
import { formatProblem, placedProblems, problemsOf } from "../../app/content/build/live.server";

// A mistake in a spec names the spec's file (there are two), line and column,
// like every other content mistake: YAML syntax, a $ref that points nowhere
// and a key OpenAPI does not know, each with its own message.

const root = join(import.meta.dirname, "../..");
const FILE = "spec/next/openapi.yaml";
const CURRENT = "spec/openapi.yaml";
const source = readFileSync(join(root, FILE), "utf8");

/** The 1-based line of the first occurrence of `needle` in `text`, and its column. */
function placeOf(text: string, needle: string, from = 0): [number, number] {
  const offset = text.indexOf(needle, from);
  assert.ok(offset >= 0, `${needle} is in the spec`);
  const before = text.slice(0, offset).split("\n");
  return [before.length, before.at(-1)!.length + 1];
}

function specError(text: string, file = FILE): ContentError {
  try {
    readSpec(text, file);
  } catch (error) {
    assert.ok(error instanceof ContentError, `a ContentError, not ${String(error)}`);
    return error;
  }
  assert.fail("the spec was accepted");
}

describe("spec mistakes", () => {
  test("both real specs are accepted", () => {
    for (const file of ["spec/openapi.yaml", "spec/next/openapi.yaml"]) {
      const document = readSpec(readFileSync(join(root, file), "utf8"), file) as { openapi: string };
      assert.equal(document.openapi, "3.0.3");
    }
  });

  test("a YAML syntax error is placed in the spec's file, without YAML's own line numbers in the message", () => {
    const text = source.replace(/^paths:\n/m, "paths:\n  broken: [never closed\n");
    const error = specError(text);
    assert.equal(error.file, FILE);
    assert.equal(error.line, placeOf(text, "  broken:")[0] + 1);
    assert.match(error.reason, /^invalid YAML: /);
    assert.doesNotMatch(error.reason, /line \d+/);
  });

  test("a $ref that points nowhere is placed at the reference, with the closest name that exists", () => {
    const text = source.replace("$ref: '#/components/schemas/Album'", "$ref: '#/components/schemas/Albm'");
    const [line, column] = placeOf(text, "'#/components/schemas/Albm'");
    const error = specError(text);
    assert.deepEqual([error.file, error.line, error.column], [FILE, line, column]);
    assert.equal(
      error.reason,
      "$ref '#/components/schemas/Albm' points nowhere: did you mean '#/components/schemas/Album'?",
    );
  });

  test("a reference outside the file's components is refused", () => {
    const text = source.replace("$ref: '#/components/schemas/Album'", "$ref: 'album.yaml#/Album'");
    const error = specError(text);
    assert.equal(error.line, placeOf(text, "'album.yaml#/Album'")[0]);
    assert.match(error.reason, /only references into this file's components/);
  });

  test("an unknown key in an operation is refused by the OpenAPI schema, with the closest known key, at its line", () => {
    const text = source.replace("      summary: Server version\n", "      sumary: Server version\n");
    const [line, column] = placeOf(text, "sumary:");
    const error = specError(text);
    assert.deepEqual([error.file, error.line, error.column], [FILE, line, column]);
    assert.equal(error.reason, `unknown key "sumary" in paths./version.get: did you mean "summary"?`);
  });

  test("an unknown key deep in a model's schema is found too", () => {
    const at = source.indexOf("\n  schemas:");
    const text = source.slice(0, at) + source.slice(at).replace("          type: string\n", "          typ: string\n");
    const error = specError(text);
    assert.deepEqual([error.line, error.column], placeOf(text, "typ:", at));
    assert.match(
      error.reason,
      /^unknown key "typ" in components\.schemas\.\w+\.properties\.\w+: did you mean "type"\?$/,
    );
  });

  test("a misspelt HTTP method is an unknown key of the path, with the method suggested", () => {
    const text = source.replace("  /version:\n    get:\n", "  /version:\n    gte:\n");
    const error = specError(text);
    assert.equal(error.line, placeOf(text, "gte:")[0]);
    assert.match(error.reason, /unknown key "gte" in paths\.\/version: did you mean "get"\?/);
  });

  test("a value of the wrong type names its place", () => {
    const text = source.replace("operationId: getVersion", "operationId: [getVersion]");
    const error = specError(text);
    assert.equal(error.line, placeOf(text, "operationId: [getVersion]")[0]);
    assert.equal(error.reason, "paths./version.get.operationId must be string");
  });
});

describe("spec mistakes in the build and its terminal", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "spec-errors-"));
    mkdirSync(join(dir, "spec/next"), { recursive: true });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("the API reference build fails with the spec's own name, and the terminal shows the line with a caret", async () => {
    const path = join(dir, FILE);
    writeFileSync(path, source.replace("      summary: Server version\n", "      sumary: Server version\n"));
    const error = await buildApiReferencePage(path, "/api/next", FILE).then(
      () => assert.fail("built"),
      (e: unknown) => e,
    );
    assert.ok(error instanceof ContentError);
    const [printed] = problemsOf(error, dir).map(formatProblem);
    const line = placeOf(readFileSync(path, "utf8"), "sumary:")[0];
    assert.equal(
      printed,
      `error: ${FILE}:${line}:7: unknown key "sumary" in paths./version.get: did you mean "summary"?\n  ${line} |       sumary: Server version\n${" ".repeat(2 + String(line).length + 1)}|       ^`,
    );
  });

  test("npm run build:content stops on a bad $ref with file:line:column and the line", () => {
    // The fixture content has the current release only: its spec is spec/openapi.yaml under --spec-root.
    const content = join(dir, "content");
    cpSync(join(root, "tests/fixtures/content"), content, { recursive: true });
    const current = readFileSync(join(root, CURRENT), "utf8");
    writeFileSync(
      join(dir, CURRENT),
      current.replace("$ref: '#/components/schemas/Album'", "$ref: '#/components/schemas/Albm'"),
    );
    const result = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/build-content.ts",
        "--content-dir",
        content,
        "--spec-root",
        dir,
        "--out",
        join(dir, "out.pack"),
        "--no-cache",
      ],
      { cwd: root, encoding: "utf8" },
    );
    assert.equal(result.status, 1, result.stdout);
    const [line, column] = placeOf(readFileSync(join(dir, CURRENT), "utf8"), "'#/components/schemas/Albm'");
    assert.match(
      result.stderr,
      new RegExp(
        `^error: \\S*${CURRENT.replace(/[./]/g, "\\$&")}:${line}:${column}: \\$ref '#/components/schemas/Albm' points nowhere`,
        "m",
      ),
    );
    assert.match(result.stderr, new RegExp(`^  ${line} \\| +\\$ref: '#/components/schemas/Albm'$`, "m"));
  });

  test("a page's mistake is told before the spec's, though the reference is built while the pages compile", async () => {
    const content = join(dir, "content-both");
    cpSync(join(root, "tests/fixtures/content"), content, { recursive: true });
    writeFileSync(
      join(content, "docs/guide/second.mdx"),
      "---\ntitle: Second\ndescription: Broken.\n---\n\n<div>\n\nnever closed\n",
    );
    const current = readFileSync(join(root, CURRENT), "utf8");
    writeFileSync(join(dir, CURRENT), current.replace(/^(\s+)summary: /m, "$1sumary: "));
    const error = await buildSiteContent({ root, contentDir: content, specRoot: dir, cacheDir: null }).then(
      () => assert.fail("built"),
      (e: unknown) => e,
    );
    assert.ok(error instanceof ContentError, String(error));
    assert.match(error.file, /docs\/guide\/second\.mdx$/);
    // In development both are placed, the pages' mistakes first.
    const tolerant = await buildSiteContent({
      root,
      contentDir: content,
      specRoot: dir,
      cacheDir: null,
      tolerant: true,
    });
    assert.deepEqual(
      tolerant.problems.map((problem) => problem.place),
      ["page:/docs/guide/second", "api:24.05.08"],
    );
  });

  test("in development the mistake shows on its version's API pages, with the line around it, and every page is still built", async () => {
    const content = join(dir, "content-dev");
    cpSync(join(root, "tests/fixtures/content"), content, { recursive: true });
    const current = readFileSync(join(root, CURRENT), "utf8");
    writeFileSync(join(dir, CURRENT), current.replace(/^(\s+)summary: /m, "$1sumary: "));
    const result = await buildSiteContent({ root, contentDir: content, specRoot: dir, cacheDir: null, tolerant: true });
    assert.ok(result.content.pages["/docs/guide/first"], "the pages are built");
    const [problem] = placedProblems(result.problems, root);
    assert.equal(problem?.place, "api:24.05.08");
    const [line, column] = placeOf(readFileSync(join(dir, CURRENT), "utf8"), "sumary:");
    assert.ok(problem.file.endsWith(`/${CURRENT}`), problem.file);
    assert.deepEqual([problem.line, problem.column], [line, column]);
    assert.match(problem.message, /^unknown key "sumary" in paths\.\S+\.\w+: did you mean "summary"\?$/);
    assert.deepEqual(
      problem.excerpt
        .find((shown) => shown.line === line)
        ?.text.trim()
        .split(":")[0],
      "sumary",
    );
  });
});
