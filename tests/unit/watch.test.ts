import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { watchFolders, type FolderWatch } from "../../app/content/build/watch.server";

// An in-place save truncates the file, then writes it. On a loaded machine the
// writer can pause between the two; the dev server must not build the empty
// file in between (it flashed an error on the page and lost the scroll).

describe("watching content: a file caught empty mid-save", () => {
  let dir: string;
  let watching: FolderWatch;
  /** The text each reported file had when it was reported. */
  const seen: { path: string; text: string }[] = [];
  let wake: (() => void) | null = null;
  const next = () => new Promise<void>((resolve) => (wake = resolve));

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "watch-"));
    writeFileSync(join(dir, "page.mdx"), "# Before\n");
    watching = await watchFolders([dir], (path) => {
      seen.push({ path, text: readFileSync(path, "utf8") });
      wake?.();
    });
  });
  after(async () => {
    await watching.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("a save paused between truncating and writing is reported once, written", async () => {
    const file = join(dir, "page.mdx");
    const reported = next();
    writeFileSync(file, "");
    // The writer paused past the write-finish check (40 ms), as under load.
    await new Promise((resolve) => setTimeout(resolve, 150));
    writeFileSync(file, "# After\n");
    await reported;
    // Anything more would have come within the wait for empty files.
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.deepEqual(
      seen.map((entry) => entry.text),
      ["# After\n"],
    );
  });

  test("a file left empty is still reported", async () => {
    const file = join(dir, "page.mdx");
    seen.length = 0;
    const reported = next();
    writeFileSync(file, "");
    await reported;
    assert.deepEqual(seen, [{ path: file, text: "" }]);
  });
});
