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

export interface FolderWatch {
  /** Stops watching; resolves once every watcher is closed. */
  close(): Promise<void>;
}

/**
 * Calls `onChange` with the absolute path of every file or folder added,
 * changed or removed below `folders`, from the moment the returned promise
 * resolves (after the first scan) until close(). `ignored` skips whole
 * subtrees (e.g. a build output folder).
 */
export async function watchFolders(
  folders: string[],
  onChange: (path: string) => void,
  options: { ignored?: (path: string) => boolean; onError?: (error: unknown) => void } = {},
): Promise<FolderWatch> {
  const watcher: FSWatcher = watch(folders, {
    ignoreInitial: true,
    ignored: options.ignored,
    // A file renamed over within this time is reported as changed, not removed and added.
    atomic: 50,
    // A file is reported once its size has held still this long, so a build never reads a
    // half-written save (an in-place save truncates first) and flashes an error at the reader.
    awaitWriteFinish: { stabilityThreshold: 40, pollInterval: 10 },
  });
  const held = new Map<string, NodeJS.Timeout>();
  watcher.on("all", (_event, path) => {
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
  });
  watcher.on("error", (error) => options.onError?.(error));
  await new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
  return {
    close: () => {
      for (const timer of held.values()) clearTimeout(timer);
      return watcher.close();
    },
  };
}
