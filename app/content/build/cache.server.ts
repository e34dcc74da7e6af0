import { createHash } from "node:crypto";
import { buildSync } from "esbuild";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
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
 * Values on disk, one JSON file per key ("<prefix><key>.json" in `dir`),
 * written then renamed, so a build killed halfway never leaves a torn entry;
 * an entry that cannot be read is a miss.
 */
export function jsonFiles<Value>(dir: string, prefix = ""): KeyedCache<Value> {
  mkdirSync(dir, { recursive: true });
  return {
    read(key) {
      try {
        return JSON.parse(readFileSync(join(dir, `${prefix}${key}.json`), "utf8")) as Value;
      } catch {
        return null;
      }
    },
    write(key, value) {
      const file = join(dir, `${prefix}${key}.json`);
      writeFileSync(`${file}.tmp`, JSON.stringify(value));
      renameSync(`${file}.tmp`, file);
    },
  };
}

/** Compiled pages on disk, one JSON file per key, so unchanged pages skip compilation across builds. */
export function diskCache(dir: string): CompileCache {
  return jsonFiles<CompiledBody>(dir);
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

/**
 * Removes the kept runs other than `keep`'s: each is a whole version's
 * records (47 MB a version at 10,000 pages), and every build with a change
 * would otherwise add one for good.
 */
export function pruneVersionRuns(dir: string, keep: string[]): void {
  const kept = new Set(keep.flatMap((key) => [`run-${key}.bin`, `run-${key}.json`]));
  for (const name of readdirSync(dir)) if (name.startsWith("run-") && !kept.has(name)) rmSync(join(dir, name), { force: true });
}

/** A fingerprint of the code that turns pages and references into a version's search index, and of the installed packages. */
export function searchFingerprint(root: string): string {
  return codeFingerprint(root, ["app/search/build/index.server.ts"]);
}
