import { createHash } from "node:crypto";
import { buildSync } from "esbuild";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BuiltApiReference } from "~/api-reference/build/build.server";
import type { CompiledBody } from "./compile.server";
import type { VersionRun } from "./store-file.server";

export function sha256(...parts: string[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  return hash.digest("hex");
}

/** Files that shape only the browser's bundle: imported, but never part of a compiled page or reference. */
const BROWSER_ONLY = [".css", ".svg", ".png", ".woff2"];

/**
 * The repository's own source files that `entry` imports, itself included,
 * following every import (static and literal dynamic ones) as esbuild
 * resolves them, tsconfig's "~/" paths included. Packages are left out: the
 * lock file stands for them.
 */
export function importedSources(root: string, entry: string): string[] {
  const { metafile } = buildSync({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    packages: "external",
    platform: "node",
    format: "esm",
    logLevel: "silent",
    loader: Object.fromEntries(BROWSER_ONLY.map((extension) => [extension, "empty"])),
  });
  return Object.keys(metafile.inputs).filter((file) => !BROWSER_ONLY.some((extension) => file.endsWith(extension)));
}

/** A hash of the code `entries` run (their import closure in the repository) and of the installed packages. */
function codeFingerprint(root: string, entries: string[]): string {
  const files = [...new Set(entries.flatMap((entry) => importedSources(root, entry))), "package-lock.json"].sort();
  return sha256(...files.flatMap((file) => [file, readFileSync(join(root, file), "utf8")]));
}

/**
 * A fingerprint of everything that shapes a compiled page besides the page
 * itself: the code the page compiler imports (the MDX pipeline, its plugins,
 * the components it renders) and the installed packages. Changing any of them
 * invalidates every cached page; changing code the compiler does not import
 * (the store, search, routes) does not, which at 10,000 pages is the
 * difference between a build of seconds and one of minutes.
 */
export function pipelineFingerprint(root: string): string {
  return codeFingerprint(root, ["app/content/build/page-compiler.server.ts"]);
}

/** Values kept across builds by key. */
export interface KeyedCache<Value> {
  read(key: string): Value | null;
  write(key: string, value: Value): void;
}

export type CompileCache = KeyedCache<CompiledBody>;

/**
 * Marks a kept file as used now: pruneBuildCache removes what no build has
 * used for a while, by the files' modification times.
 */
function markUsed(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // Removed meanwhile (another build pruned it): it was read already.
  }
}

/**
 * Values on disk, one JSON file per key ("<prefix><key>.json" in `dir`),
 * written then renamed, so a build killed halfway never leaves a torn entry;
 * an entry that cannot be read is a miss. An entry read is marked used.
 */
export function jsonFiles<Value>(dir: string, prefix = ""): KeyedCache<Value> {
  mkdirSync(dir, { recursive: true });
  return {
    read(key) {
      const file = join(dir, `${prefix}${key}.json`);
      let value: Value;
      try {
        value = JSON.parse(readFileSync(file, "utf8")) as Value;
      } catch {
        return null;
      }
      markUsed(file);
      return value;
    },
    write(key, value) {
      const file = join(dir, `${prefix}${key}.json`);
      writeFileSync(`${file}.tmp`, JSON.stringify(value));
      renameSync(`${file}.tmp`, file);
    },
  };
}

/** What every build reads of every cached page: its outline, links and warnings, without its HTML and sections. */
type PageOutlineEntry = Omit<CompiledBody, "html" | "sections">;
type PageBodyEntry = Pick<CompiledBody, "html" | "sections">;

/**
 * Compiled pages on disk, so unchanged pages skip compilation across builds:
 * two files per key. "<key>.outline.json" holds what every build reads of every page
 * (the table of contents, ids, links and warnings the checks need), and
 * "<key>.body.json" the HTML and search sections, about nine tenths of the
 * bytes, read only when a record is made of the page. A build after one edit
 * at 10,000 pages makes the records of one version and copies the others'
 * (docs/decisions/046-what-a-rebuild-reuses.md), so it no longer reads and
 * parses 200 MB of pages it does not use. The body is written first and the
 * outline last: an outline is found only with its body; one without is a miss.
 * (The names differ from the earlier layout's "<key>.json", whole pages, so
 * that code of either layout, on another branch, never reads the other's.)
 */
export function diskCache(dir: string): CompileCache {
  const outlines = jsonFiles<PageOutlineEntry>(dir);
  const bodies = jsonFiles<PageBodyEntry>(dir);
  const outlineKey = (key: string) => `${key}.outline`;
  const bodyKey = (key: string) => `${key}.body`;
  return {
    read(key) {
      const outline = outlines.read(outlineKey(key));
      const bodyFile = join(dir, `${bodyKey(key)}.json`);
      if (!outline || !statSync(bodyFile, { throwIfNoEntry: false })?.isFile()) return null;
      markUsed(bodyFile);
      let body: PageBodyEntry | undefined;
      const bodyOf = (): PageBodyEntry => {
        body ??= bodies.read(bodyKey(key)) ?? undefined;
        // Only another build pruning or rewriting the folder meanwhile takes a body found at the read.
        if (!body) throw new Error(`the build cache's ${bodyFile} went away during the build; run the build again`);
        return body;
      };
      // Enumerable getters: a copy, JSON or structured clone of the entry reads the body as it did before.
      return {
        ...outline,
        get html() {
          return bodyOf().html;
        },
        get sections() {
          return bodyOf().sections;
        },
      };
    },
    write(key, { html, sections, ...outline }) {
      bodies.write(bodyKey(key), { html, sections });
      outlines.write(outlineKey(key), outline);
    },
  };
}

export function memoryCache(): CompileCache {
  const entries = new Map<string, CompiledBody>();
  return {
    read: (key) => entries.get(key) ?? null,
    write: (key, value) => void entries.set(key, value),
  };
}

/** A fingerprint of the code that turns a spec into its API reference, and of the installed packages. */
export function apiFingerprint(root: string): string {
  return codeFingerprint(root, ["app/api-reference/build/build.server.ts"]);
}

export type ApiCache = KeyedCache<BuiltApiReference>;

/** How many built references stay in memory: a few per version while its spec is being edited. */
const API_MEMORY_ENTRIES = 6;

/**
 * Built API references by spec and code. Building one takes seconds (every
 * call's samples are highlighted), far longer than any page: kept in memory
 * for the edits of a dev session and on disk ("api-<key>.json" beside the
 * compiled pages, or nowhere when `dir` is null) for the next start or build.
 */
export function apiCache(dir: string | null): ApiCache {
  const memory = new Map<string, BuiltApiReference>();
  const disk = dir === null ? null : jsonFiles<BuiltApiReference>(dir, "api-");
  const remember = (key: string, value: BuiltApiReference) => {
    memory.delete(key);
    memory.set(key, value);
    for (const old of memory.keys()) if (memory.size > API_MEMORY_ENTRIES) memory.delete(old);
  };
  return {
    read(key) {
      const kept = memory.get(key) ?? disk?.read(key) ?? null;
      if (kept) remember(key, kept);
      return kept;
    },
    write(key, value) {
      remember(key, value);
      disk?.write(key, value);
    },
  };
}

/**
 * A fingerprint of the code that makes a version's records in the pack from
 * compiled pages: the build (and so the compiler and search, which it
 * imports), the pack's layout, and the installed packages.
 */
export function packFingerprint(root: string): string {
  return codeFingerprint(root, ["app/content/build/build.server.ts", "app/content/build/site-pack.server.ts"]);
}

/**
 * A version's records as bytes ("run-<key>.bin") and where each lies
 * ("run-<key>.json", written last, so a run is found only whole). A run whose
 * bytes are not all there is a miss.
 */
export function versionRuns(dir: string): KeyedCache<VersionRun> {
  const refs = jsonFiles<VersionRun["refs"] & { length: number }>(dir, "run-");
  return {
    read(key) {
      const found = refs.read(key);
      if (!found) return null;
      const file = join(dir, `run-${key}.bin`);
      const { length, ...where } = found;
      // Copied into the pack from the file (PackWriter.append), never read whole.
      return statSync(file, { throwIfNoEntry: false })?.size === length ? { bytes: { file, length }, refs: where } : null;
    },
    write(key, { bytes, refs: where }) {
      const file = join(dir, `run-${key}.bin`);
      if (!Buffer.isBuffer(bytes)) throw new Error(`a version's run is kept from the bytes just made, not from ${bytes.file}`);
      writeFileSync(`${file}.tmp`, bytes);
      renameSync(`${file}.tmp`, file);
      refs.write(key, { ...where, length: bytes.length });
    },
  };
}

/** What a build keeps in its cache folder, by name: compiled pages (outline and body), API references, search parts and versions' runs. */
const CACHE_ENTRY = /^(?:api-|search-|run-)?[0-9a-f]{64}(?:\.outline|\.body)?\.(?:json|bin)(?:\.tmp)?$/;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A half-written entry older than this belongs to a build that was killed: no build takes an hour to write one. */
const ABANDONED_MS = 60 * 60 * 1000;

export interface PruneOptions {
  /** When the build started: every entry it read or wrote has been marked used since. */
  since: number;
  /** The runs the pack was written from. */
  runs: string[];
  /** Other entries unused for this many days go; 0 removes every one this build did not use. */
  idleDays: number;
}

/**
 * Removes from a build's cache folder what the next builds are unlikely to
 * use, so that it does not grow with every edit, release and code change
 * for good (1.3 GB at 10,000 pages after a few):
 *
 * - versions' runs other than `runs` (47 MB a version at 10,000 pages): a
 *   run is only ever reused whole, by a build of the same version's content;
 * - compiled pages, API references and search parts that no build has used
 *   for `idleDays` (reads and writes mark them, markUsed): switching back to
 *   another branch or content folder within that time still finds its pages;
 * - half-written entries of a killed build, after an hour.
 *
 * Only files named as the build names them are touched. Returns how many
 * files went and their bytes.
 */
export function pruneBuildCache(dir: string, { since, runs, idleDays }: PruneOptions): { files: number; bytes: number } {
  const keptRuns = new Set(runs.flatMap((key) => [`run-${key}.bin`, `run-${key}.json`]));
  const idleBefore = since - idleDays * DAY_MS;
  let files = 0;
  let bytes = 0;
  for (const name of readdirSync(dir)) {
    if (!CACHE_ENTRY.test(name)) continue;
    const file = join(dir, name);
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) continue;
    const stale = name.endsWith(".tmp")
      ? stat.mtimeMs < since - ABANDONED_MS
      : name.startsWith("run-")
        ? !keptRuns.has(name)
        : stat.mtimeMs < idleBefore;
    if (!stale) continue;
    rmSync(file, { force: true });
    files += 1;
    bytes += stat.size;
  }
  return { files, bytes };
}

/** A fingerprint of the code that turns pages and references into a version's search index, and of the installed packages. */
export function searchFingerprint(root: string): string {
  return codeFingerprint(root, ["app/search/build/index.server.ts"]);
}
