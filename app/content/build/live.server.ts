import { existsSync, readFileSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { buildSiteContent, LinkCheckError, type PlacedError } from "./build.server";
import { BuildSession } from "./build-session.server";
import { apiCache, diskCache, jsonFiles, searchFingerprint, type ApiCache, type CompileCache } from "./cache.server";
import { compilePage, type CompiledBody } from "./compile.server";
import { placeName, type ContentProblem, type SourceLine } from "../problems";
import { ContentError } from "./source.server";
import type { SiteContent } from "../types";
import { pollingNotice, watchFolders } from "./watch.server";

// Content in development (`npm run dev`): the same build as `npm run
// build:content`, run again in the dev server's content worker whenever a file under
// content/ changes, with compiled pages kept in memory by content hash so that
// only the pages that changed are compiled again. A mistake in the content
// does not stop anything: it becomes the state ("problems") until the file is
// fixed. Production never loads this module (docs/decisions/009-live-content.md).

/**
 * The content and its mistakes. A mistake with a place (a page, a version's
 * sidebar or API pages) leaves the rest of the site built and shows there
 * only; one without (versions.json) leaves no content at all.
 */
export type LiveState =
  | { version: number; content: SiteContent; problems: ContentProblem[] }
  | { version: number; content: null; problems: ContentProblem[] };

export interface LiveContentOptions {
  root: string;
  contentDir: string;
  /** What the spec paths of the content's versions.json are relative to (SITE_SPEC_ROOT); the repository root by default. */
  specRoot?: string;
  /** Compiled pages are also kept here, shared with `npm run build`; null keeps them in memory only. */
  cacheDir?: string | null;
  log?: (line: string) => void;
}

/**
 * Memory in front of the build's disk cache. Entries the last build did not
 * use (older versions of edited pages) are dropped after it, so memory holds
 * one compiled copy per page however long the session.
 */
class SessionCache implements CompileCache {
  private readonly entries = new Map<string, CompiledBody>();
  private readonly used = new Set<string>();

  constructor(private readonly disk: CompileCache | null) {}

  read(key: string): CompiledBody | null {
    const found = this.entries.get(key) ?? this.disk?.read(key) ?? null;
    if (found) {
      this.entries.set(key, found);
      this.used.add(key);
    }
    return found;
  }

  write(key: string, value: CompiledBody): void {
    this.entries.set(key, value);
    this.used.add(key);
    this.disk?.write(key, value);
  }

  /** Forgets what the build that just ended did not ask for. */
  endBuild(): void {
    for (const key of this.entries.keys()) if (!this.used.has(key)) this.entries.delete(key);
    this.used.clear();
  }
}

const EXCERPT_LINES = 2;

function excerpt(root: string, file: string, line: number): SourceLine[] {
  if (!file || line < 1) return [];
  const path = join(root, file);
  if (!existsSync(path)) return [];
  const lines = readFileSync(path, "utf8").split(/\r?\n/);
  const first = Math.max(1, line - EXCERPT_LINES);
  const last = Math.min(lines.length, line + EXCERPT_LINES);
  const shown: SourceLine[] = [];
  for (let n = first; n <= last; n += 1) shown.push({ line: n, text: lines[n - 1] ?? "" });
  return shown;
}

/**
 * How a file is named to the author: relative to the checkout, or absolute
 * when the content folder is elsewhere (SITE_CONTENT_DIR), rather than "../../".
 */
export function displayPath(root: string, file: string): string {
  return file.startsWith("../") ? resolve(root, file) : file;
}

/** The mistakes a tolerant build kept in their places, as the browser shows them. */
export function placedProblems(placed: PlacedError[], root: string): ContentProblem[] {
  return placed.map(({ place, error }) => ({ ...problemsOf(error, root)[0]!, place }));
}

/** What a failed build reports, one entry per mistake, each placed in its file. */
export function problemsOf(error: unknown, root: string): ContentProblem[] {
  const place = (file: string, line: number, column: number, message: string): ContentProblem => ({
    file: file && displayPath(root, file),
    line,
    column,
    message,
    excerpt: excerpt(root, file, line),
  });
  if (error instanceof ContentError) return [place(error.file, error.line, error.column, error.reason)];
  if (error instanceof LinkCheckError) return error.errors.map((e) => place(e.file, e.line, e.column, e.message));
  return [place("", 0, 0, error instanceof Error ? error.message : String(error))];
}

/**
 * A mistake as the terminal prints it (the dev server and `npm run build`
 * alike): "error: file:line:column: message", then its line with a caret
 * under the column, so the author sees it without opening the file.
 */
export function formatProblem(problem: ContentProblem): string {
  const head = `error: ${problem.file ? `${placeName(problem.file, problem.line, problem.column)}: ` : ""}${problem.message}`;
  const shown = problem.excerpt.find((l) => l.line === problem.line);
  if (!shown) return head;
  const gutter = `  ${shown.line} | `;
  const caret = " ".repeat(gutter.length - 2) + "| " + shown.text.slice(0, Math.max(0, problem.column - 1)).replace(/[^\t]/g, " ") + "^";
  return `${head}\n${gutter}${shown.text}\n${caret}`;
}

// A code block makes the highlighter load along with esbuild's service.
const WARM_UP_PAGE = "Warming up.\n\n```bash\necho ready\n```\n";

const sameProblems = (a: ContentProblem[], b: ContentProblem[]) => JSON.stringify(a) === JSON.stringify(b);

export class LiveContent {
  private state: LiveState | null = null;
  private dirty = true;
  private building: Promise<void> | null = null;
  private readonly cache: SessionCache;
  private readonly apiCache: ApiCache;
  private readonly session: BuildSession;
  private readonly listeners = new Set<(state: LiveState) => void>();
  private readonly log: (line: string) => void;

  constructor(private readonly options: LiveContentOptions) {
    const cacheDir = options.cacheDir === undefined ? join(options.root, ".cache/content") : options.cacheDir;
    this.cache = new SessionCache(cacheDir === null ? null : diskCache(cacheDir));
    this.apiCache = apiCache(cacheDir);
    // The versions' search indexes a build left there are read back rather than indexed again.
    this.session = new BuildSession(
      cacheDir === null ? undefined : { parts: jsonFiles(cacheDir, "search-"), code: searchFingerprint(options.root) },
    );
    this.log = options.log ?? (() => {});
  }

  /** The content as of the last build, or null before the first. */
  current(): LiveState | null {
    return this.state;
  }

  /**
   * Compiles a small page nobody sees, so that the first save after a start
   * with every page cached does not also pay for starting esbuild's service
   * and the code highlighter (about a second).
   */
  async warmUp(): Promise<void> {
    await compilePage({ sourcePath: "warm-up.mdx", raw: WARM_UP_PAGE, body: WARM_UP_PAGE }, () => null);
  }

  /** Says a content file changed: the next refresh() builds again. */
  invalidate(): void {
    this.dirty = true;
  }

  /**
   * The content with every change seen so far built in. Requests wait on
   * this: one build runs at a time, and a change made while it runs is built
   * right after it. Never rejects: mistakes are part of the state.
   */
  async refresh(): Promise<LiveState> {
    while (this.dirty) {
      if (!this.building) {
        this.dirty = false;
        this.building = this.build().finally(() => {
          this.building = null;
        });
      }
      await this.building;
    }
    if (this.building) await this.building;
    return this.state!;
  }

  /** Calls `listener` with each new state (new content or new problems). */
  onChange(listener: (state: LiveState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Watches the content folder, and the spec and public folders that links
   * point into, and builds as soon as something changed there (so the pages
   * open in a browser can be told at once). Resolves once watching (after the
   * first scan of the folders) with a function that stops.
   */
  async watch(debounceMs = 25): Promise<() => Promise<void>> {
    const { root, contentDir, specRoot = root } = this.options;
    let timer: NodeJS.Timeout | undefined;
    // The production build's assets are no link target.
    const buildAssets = join(root, "public", "build");
    const changed = () => {
      this.invalidate();
      clearTimeout(timer);
      timer = setTimeout(() => void this.refresh(), debounceMs);
    };
    const watching = await watchFolders(
      [contentDir, join(specRoot, "spec"), join(root, "public")].filter((folder) => existsSync(folder)),
      changed,
      {
        ignored: (path) => path === buildAssets || path.startsWith(buildAssets + sep),
        onError: (error) => this.log(`watching the content failed: ${error instanceof Error ? error.message : String(error)}`),
        onPolling: (error) => this.log(pollingNotice("the content", error)),
      },
    );
    return async () => {
      clearTimeout(timer);
      await watching.close();
    };
  }

  private async build(): Promise<void> {
    const started = performance.now();
    const previous = this.state;
    let next: LiveState;
    try {
      const result = await buildSiteContent({
        root: this.options.root,
        contentDir: this.options.contentDir,
        specRoot: this.options.specRoot,
        cache: this.cache,
        apiCache: this.apiCache,
        tolerant: true,
        session: this.session,
        onCompiled: (file, ms) => this.log(`compiled ${displayPath(this.options.root, file)} in ${Math.round(ms)} ms`),
      });
      this.cache.endBuild();
      this.session.endBuild();
      for (const w of result.warnings) this.log(`warning: ${displayPath(this.options.root, w.file)}:${w.line}:${w.column}: ${w.message}`);
      const problems = placedProblems(result.problems, this.options.root);
      if (previous?.content?.buildId === result.content.buildId && sameProblems(previous.problems, problems)) return;
      next = { version: (previous?.version ?? 0) + 1, content: result.content, problems };
      for (const p of problems) this.log(formatProblem(p));
      const pages = Object.keys(result.content.pages).length;
      this.log(`${pages} pages ready (${result.compiled} compiled, ${result.fromCache} from cache) in ${Math.round(performance.now() - started)} ms`);
    } catch (error) {
      const problems = problemsOf(error, this.options.root);
      if (previous && !previous.content && sameProblems(previous.problems, problems)) return;
      next = { version: (previous?.version ?? 0) + 1, content: null, problems };
      for (const p of problems) this.log(formatProblem(p));
      if (!(error instanceof ContentError || error instanceof LinkCheckError)) console.error(error);
    }
    this.state = next;
    for (const listener of this.listeners) listener(next);
  }
}
