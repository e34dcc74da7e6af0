import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { keptBuilds, restorePrevious, type BuildRecord } from "../../scripts/keep-previous-assets";

// `npm run build` keeps the files of the builds before it, so that a replica
// of the new build still serves the scripts that pages of the old one name.

function write(dir: string, files: string[]) {
  for (const name of files) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), name);
  }
}

/** One build after another in `current`, as remix build (which empties it) and the script leave it. */
function build(current: string, saved: string, files: string[], keep: number): BuildRecord[] {
  // What `save` does before remix build.
  rmSync(saved, { recursive: true, force: true });
  if (existsSync(current)) cpSync(current, saved, { recursive: true });
  rmSync(current, { recursive: true, force: true });
  write(current, files);
  return restorePrevious(saved, current, keep);
}

test("the last builds' files stay, with their compressed copies; older ones go", () => {
  const root = mkdtempSync(join(tmpdir(), "keep-assets-"));
  const current = join(root, "public/build");
  const saved = join(root, "saved");
  try {
    build(current, saved, ["manifest-AAAA.js", "entry.client-A1.js", "_shared/chunk-S.js"], 2);
    writeFileSync(join(current, "entry.client-A1.js.br"), "x");
    build(current, saved, ["manifest-BBBB.js", "entry.client-B1.js", "_shared/chunk-S.js"], 2);
    // Build A's files are back, next to B's, with A's compressed copy.
    for (const name of [
      "manifest-AAAA.js",
      "entry.client-A1.js",
      "entry.client-A1.js.br",
      "manifest-BBBB.js",
      "_shared/chunk-S.js",
    ])
      assert.ok(existsSync(join(current, name)), name);

    const history = build(current, saved, ["manifest-CCCC.js", "entry.client-C1.js"], 2);
    assert.deepEqual(
      history.map((record) => record.id),
      ["CCCC", "BBBB"],
    );
    // Two builds kept: A's own files are gone, B's are there.
    assert.equal(existsSync(join(current, "entry.client-A1.js")), false);
    assert.equal(existsSync(join(current, "manifest-AAAA.js")), false);
    for (const name of ["manifest-BBBB.js", "entry.client-B1.js", "_shared/chunk-S.js", "manifest-CCCC.js"])
      assert.ok(existsSync(join(current, name)), name);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("a build without a manifest is refused", () => {
  const root = mkdtempSync(join(tmpdir(), "keep-assets-"));
  try {
    write(join(root, "current"), ["entry.client-X.js"]);
    assert.throws(() => restorePrevious(join(root, "saved"), join(root, "current"), 3), /no manifest/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("SITE_KEEP_BUILDS: 3 unless set; a whole number of at least 1, all of it", () => {
  assert.equal(keptBuilds({}), 3);
  assert.equal(keptBuilds({ SITE_KEEP_BUILDS: " 2 " }), 2);
  for (const value of ["2x", "0", "-1", "1.5", "two"])
    assert.throws(() => keptBuilds({ SITE_KEEP_BUILDS: value }), /must be a whole number of at least 1/, value);
});
