import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";

// Another content folder (SITE_CONTENT_DIR, or the build's --content-dir) that
// is not one stops the build and `npm run dev` at once with one line naming the
// setting: a typo in a deploy script must not end in a stack trace, or in a dev
// server that starts and shows an error page. A spec root (SITE_SPEC_ROOT)
// without the current release's spec names the file it looked for. The
// build's other settings (SITE_BUILD_THREADS, SITE_KEEP_BUILDS) say so in one
// line too.

const root = join(import.meta.dirname, "../..");
const scratch = mkdtempSync(join(tmpdir(), "content-dir-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

const run = (script: string[], args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, [...script, ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
const buildContent = (args: string[], env: Record<string, string> = {}) =>
  run(["--import", "tsx", "scripts/build-content.ts"], ["--out", join(scratch, "out.pack"), ...args], env);

/** The output's lines, with a check that it is one line and no stack trace. */
function oneLine(output: string): string {
  const lines = output.trim().split("\n");
  assert.equal(lines.length, 1, `one line, not:\n${output}`);
  return lines[0]!;
}

describe("content and spec folders that are not there", { timeout: 120_000 }, () => {
  test("SITE_CONTENT_DIR naming no folder stops the build with status 2 and one line", () => {
    const missing = join(scratch, "no-such-folder");
    const result = buildContent([], { SITE_CONTENT_DIR: missing });
    assert.equal(result.status, 2, result.stderr);
    assert.equal(oneLine(result.stderr), `content: SITE_CONTENT_DIR="${missing}" is not a folder (${missing})`);
  });

  test("--content-dir naming a file is named as the option", () => {
    const file = join(scratch, "a-file");
    writeFileSync(file, "not a folder");
    const result = buildContent(["--content-dir", file]);
    assert.equal(result.status, 2, result.stderr);
    assert.equal(oneLine(result.stderr), `content: --content-dir="${file}" is not a folder (${file})`);
  });

  test("a folder without versions.json stops the build with one line that says where it looked", () => {
    const empty = mkdtempSync(join(scratch, "empty-"));
    const result = buildContent(["--content-dir", empty]);
    assert.equal(result.status, 1, result.stderr);
    assert.equal(
      oneLine(result.stderr),
      `content: content/versions.json: missing (expected at ${join(empty, "versions.json")})`,
    );
  });

  test("a spec root without the current release's spec names the file looked for, with no excerpt of another", () => {
    const specRoot = join(scratch, "no-specs");
    const result = buildContent(["--content-dir", join(root, "tests/fixtures/content"), "--no-cache"], {
      SITE_SPEC_ROOT: specRoot,
    });
    assert.equal(result.status, 1, result.stderr);
    assert.equal(
      oneLine(result.stderr),
      `error: ${join(specRoot, "spec/openapi.yaml")}:1:1: the current release has no API spec: no such file`,
    );
  });

  test("SITE_BUILD_THREADS that is not a number of threads stops the build at once, in one line", () => {
    for (const threads of ["abc", "0", "-2", "1.5"]) {
      const result = buildContent([], { SITE_BUILD_THREADS: threads });
      assert.equal(result.status, 2, result.stderr);
      assert.equal(
        oneLine(result.stderr),
        `content: SITE_BUILD_THREADS must be a whole number of threads, 1 or more (it is "${threads}")`,
      );
      assert.equal(result.stdout, "", "nothing compiled");
    }
  });

  test("SITE_KEEP_BUILDS that is not a number of builds stops the app build's first step in one line", () => {
    // Refused before `save` copies anything, so the checkout's public/build is not touched.
    for (const kept of ["-1", "0", "two"]) {
      const result = run(["--import", "tsx", "scripts/keep-previous-assets.ts"], ["save"], { SITE_KEEP_BUILDS: kept });
      assert.equal(result.status, 2, result.stderr);
      assert.equal(
        oneLine(result.stderr),
        `assets: SITE_KEEP_BUILDS must be a whole number of at least 1, not "${kept}"`,
      );
    }
  });

  test("npm run dev stops before it starts anything", () => {
    const missing = join(scratch, "no-such-folder");
    const result = run(["scripts/dev/start.mjs"], [], { SITE_CONTENT_DIR: missing, PORT: "0" });
    assert.equal(result.status, 2, `${result.stdout}\n${result.stderr}`);
    assert.equal(oneLine(result.stderr), `content: SITE_CONTENT_DIR="${missing}" is not a folder (${missing})`);
    assert.equal(result.stdout, "");
  });
});
