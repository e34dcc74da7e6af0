import { statSync } from "node:fs";
import { watch, type FSWatcher } from "chokidar";

// Watching content for `npm run dev`. Node's recursive fs.watch on Linux loses
// a file saved by rename (a temporary file renamed over the original: sed -i,
// editors' "atomic" or "safe" write): later saves of it are never reported
// (notes/stack.md, trap 17). chokidar re-attaches to a path after a rename,
// a delete and re-create, and follows new folders, so every save is seen.

/**
 * How long an empty file is held before it is reported. An in-place save
 * truncates the file, then writes it: on a loaded machine the writer can be
 * paused between the two for longer than the write-finish check waits, and the
 * empty file was built, flashing an error on the page and losing the reader's
 * scroll position. The write that follows replaces the held event; a file
 * really left empty is reported after the wait.
 */
export const EMPTY_FILE_GRACE_MS = 300;

const isEmptyFile = (path: string) => {
  try {
    const stats = statSync(path);
    return stats.isFile() && stats.size === 0;
  } catch {
    return false;
  }
};

/**
 * How often each file is checked when the system refuses more watches. The
 * system's limits are per user (Linux: fs.inotify.max_user_instances and
 * max_user_watches); an editor, another dev server or a stuck process can use
 * them up, and a watcher that cannot watch would never see a save.
 */
export const POLL_INTERVAL_MS = 250;

/** What fs.watch throws when the system's limits on watches are reached. */
const WATCH_LIMIT_CODES = new Set(["EMFILE", "ENFILE", "ENOSPC"]);

const isWatchLimit = (error: unknown) =>
  WATCH_LIMIT_CODES.has((error as NodeJS.ErrnoException | undefined)?.code ?? "");

/** The line a dev server prints once when it falls back to polling `what`. */
export const pollingNotice = (what: string, error: unknown) =>
  `the system refused another file watch (${(error as NodeJS.ErrnoException).code}): checking ${what} for changes ` +
  `every ${POLL_INTERVAL_MS} ms instead. Raising fs.inotify.max_user_instances and fs.inotify.max_user_watches ` +
  `(sysctl) brings instant reloads back.`;

export interface FolderWatch {
  /** Stops watching; resolves once every watcher is closed. */
  close(): Promise<void>;
}

export interface WatchOptions {
  /** Skips whole subtrees (e.g. a build output folder). */
  ignored?: (path: string) => boolean;
  /** A file or folder that could not be watched, for another reason than the system's limits. */
  onError?: (error: unknown) => void;
  /** The system refused more watches: from now on every file is checked every POLL_INTERVAL_MS. */
  onPolling?: (error: unknown) => void;
}

/**
 * Calls `onChange` with the absolute path of every file or folder added,
 * changed or removed below `folders`, from the moment the returned promise
 * resolves (after the first scan) until close(). When the system refuses a
 * watch, the folders are checked by polling instead, and each folder is
 * reported once as changed if that happened after the first scan (a save made
 * while switching is not lost).
 */
export async function watchFolders(
  folders: string[],
  onChange: (path: string) => void,
  options: WatchOptions = {},
): Promise<FolderWatch> {
  const held = new Map<string, NodeJS.Timeout>();
  const report = (path: string) => {
    clearTimeout(held.get(path));
    held.delete(path);
    if (!isEmptyFile(path)) return onChange(path);
    held.set(
      path,
      setTimeout(() => {
        held.delete(path);
        onChange(path);
      }, EMPTY_FILE_GRACE_MS),
    );
  };
  const start = (polling: boolean) => {
    const watcher: FSWatcher = watch(folders, {
      ignoreInitial: true,
      ignored: options.ignored,
      // A file renamed over within this time is reported as changed, not removed and added.
      atomic: 50,
      // A file is reported once its size has held still this long, so a build never reads a
      // half-written save (an in-place save truncates first) and flashes an error at the reader.
      awaitWriteFinish: { stabilityThreshold: 40, pollInterval: 10 },
      ...(polling ? { usePolling: true, interval: POLL_INTERVAL_MS, binaryInterval: POLL_INTERVAL_MS } : {}),
    });
    watcher.on("all", (_event, path) => report(path));
    const ready = new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
    return { watcher, ready };
  };

  let scanned = false;
  let closed = false;
  let current = start(false);
  let switching: Promise<void> | null = null;
  let switched = () => {};
  const pollingReady = new Promise<void>((resolve) => (switched = resolve));
  current.watcher.on("error", (error) => {
    if (!isWatchLimit(error)) return options.onError?.(error);
    if (switching) return;
    options.onPolling?.(error);
    const native = current;
    switching = (async () => {
      await native.watcher.close();
      current = start(true);
      current.watcher.on("error", (pollError) => options.onError?.(pollError));
      await current.ready;
      // A file's first poll sets what later polls compare with, and a save before it goes unseen:
      // watching counts from once that poll is done, and the folders are reported then.
      await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
      switched();
      if (scanned && !closed) for (const folder of folders) onChange(folder);
    })();
  });
  // A watcher closed before its first scan ended is never ready: then the polling watcher's scan is awaited.
  await Promise.race([current.ready, pollingReady]);
  await switching;
  scanned = true;
  return {
    close: async () => {
      closed = true;
      await switching;
      for (const timer of held.values()) clearTimeout(timer);
      await current.watcher.close();
    },
  };
}
