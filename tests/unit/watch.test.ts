import assert from "node:assert/strict";
import fs, { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
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

// The system's limits on watches are per user (Linux: inotify instances and
// watches). Used up by an editor, another dev server or a stuck process, they
// made fs.watch throw EMFILE, and the dev server never saw a save again.
describe("watching content when the system refuses file watches", () => {
  const realWatch = fs.watch;
  /** fs.watch as the system answers once its limit is reached, for paths below `refusedBelow`. */
  let refusedBelow: string | null = null;
  const refuseWatches = (below: string) => {
    refusedBelow = below;
    fs.watch = ((path: fs.PathLike, ...rest: unknown[]) => {
      if (refusedBelow && String(path).startsWith(refusedBelow)) {
        throw Object.assign(new Error(`EMFILE: too many open files, watch '${String(path)}'`), {
          code: "EMFILE",
          errno: -24,
          syscall: "watch",
          path: String(path),
        });
      }
      return (realWatch as (...args: unknown[]) => fs.FSWatcher)(path, ...rest);
    }) as typeof fs.watch;
    syncBuiltinESMExports();
  };
  const dirs: string[] = [];
  const watches: FolderWatch[] = [];
  after(async () => {
    fs.watch = realWatch;
    syncBuiltinESMExports();
    for (const watching of watches) await watching.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** Watches a new folder holding page.mdx; `until` resolves once `check` holds for a reported path. */
  const watchNewFolder = async () => {
    const dir = mkdtempSync(join(tmpdir(), "watch-limit-"));
    dirs.push(dir);
    writeFileSync(join(dir, "page.mdx"), "# One\n");
    const reported: string[] = [];
    const notices: unknown[] = [];
    let wake: (() => void) | null = null;
    const watching = await watchFolders(
      [dir],
      (path) => {
        reported.push(path);
        wake?.();
      },
      { onPolling: (error) => notices.push(error) },
    );
    watches.push(watching);
    const until = async (check: (path: string) => boolean) => {
      const deadline = Date.now() + 10_000;
      while (!reported.some(check)) {
        assert.ok(Date.now() < deadline, `not reported; reported were: ${reported.join(", ")}`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 100);
        });
      }
    };
    return { dir, reported, notices, until };
  };

  test("refused from the start, saves in place and by rename are still reported, by polling", async () => {
    refuseWatches(tmpdir());
    const { dir, notices, until } = await watchNewFolder();
    assert.equal(notices.length, 1, "one notice, however many paths were refused");
    assert.equal((notices[0] as NodeJS.ErrnoException).code, "EMFILE");

    const page = join(dir, "page.mdx");
    writeFileSync(page, "# Two\n");
    await until((path) => path === page && readFileSync(path, "utf8") === "# Two\n");
    // An editor's safe write: a temporary file renamed over the page.
    writeFileSync(join(dir, ".page.mdx.tmp"), "# Three\n");
    fs.renameSync(join(dir, ".page.mdx.tmp"), page);
    await until((path) => path === page && readFileSync(path, "utf8") === "# Three\n");
    const added = join(dir, "added.mdx");
    writeFileSync(added, "# Added\n");
    await until((path) => path === added);
  });

  test("refused after the first scan, the change that met the refusal is reported and later saves are seen", async () => {
    refusedBelow = null;
    const { dir, reported, notices, until } = await watchNewFolder();
    assert.equal(notices.length, 0);
    refuseWatches(join(dir, "new"));
    // The new folder's watch is refused: the watcher switches to polling and reports the folder.
    fs.mkdirSync(join(dir, "new"));
    writeFileSync(join(dir, "new", "later.mdx"), "# Later\n");
    await until((path) => path === dir);
    assert.equal(notices.length, 1);
    const count = reported.length;
    writeFileSync(join(dir, "new", "later.mdx"), "# Later, saved again\n");
    await until((path) => path === join(dir, "new", "later.mdx") && reported.length > count);
  });
});
