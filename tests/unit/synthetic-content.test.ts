import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { parseVersionsFile } from "../../app/content/versions";
import { writeSyntheticContent } from "../../scripts/lib/synthetic-content";

// The scale benchmark's content stands in for the site at its fortieth release: its versions.json
// must read as a real one, whose menu lists the releases newest first.
test("the synthetic site lists its older releases newest first, as a cut release is listed", () => {
  const dir = mkdtempSync(join(tmpdir(), "synthetic-"));
  try {
    writeSyntheticContent(join(dir, "content"), { pages: 300, versions: 6 });
    const { releases } = parseVersionsFile(JSON.parse(readFileSync(join(dir, "content/versions.json"), "utf8")));
    assert.equal(releases.length, 4);
    assert.deepEqual(releases, [...releases].sort().reverse(), `newest first: ${releases.join(", ")}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
