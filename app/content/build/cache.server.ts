import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BuiltApiReference } from "~/api-reference/build/build.server";
import type { CompiledBody } from "./compile.server";

export function sha256(...parts: string[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  return hash.digest("hex");
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}

/**
 * A fingerprint of everything that shapes compiled output besides the page
 * itself: the pipeline's code, the MDX components and the installed packages.
 * Changing any of them invalidates every cached page.
 */
export function pipelineFingerprint(root: string): string {
  const files = [
    ...listFiles(join(root, "app/content")),
    ...listFiles(join(root, "app/components/diagrams")),
    join(root, "package-lock.json"),
  ].sort();
  return sha256(...files.flatMap((file) => [file.slice(root.length), readFileSync(file, "utf8")]));
}

export interface CompileCache {
  read(key: string): CompiledBody | null;
  write(key: string, value: CompiledBody): void;
}

/** Compiled pages on disk, one JSON file per key, so unchanged pages skip compilation across builds. */
export function diskCache(dir: string): CompileCache {
  mkdirSync(dir, { recursive: true });
  return {
    read(key) {
      try {
        return JSON.parse(readFileSync(join(dir, `${key}.json`), "utf8")) as CompiledBody;
      } catch {
        return null;
      }
    },
    write(key, value) {
      const file = join(dir, `${key}.json`);
      // write then rename: a build killed halfway never leaves a torn entry
      writeFileSync(`${file}.tmp`, JSON.stringify(value));
      renameSync(`${file}.tmp`, file);
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

/**
 * A fingerprint of the code that turns a spec into its API reference. The
 * whole app/ folder: the reference's pages are rendered with components from
 * all over it, and an over-eager miss only costs one rebuild of the reference.
 */
export function apiFingerprint(root: string): string {
  const files = [...listFiles(join(root, "app")), join(root, "package-lock.json")].sort();
  return sha256(...files.flatMap((file) => [file.slice(root.length), readFileSync(file, "utf8")]));
}

export interface ApiCache {
  read(key: string): BuiltApiReference | null;
  write(key: string, value: BuiltApiReference): void;
}

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
  const disk = dir === null ? null : (mkdirSync(dir, { recursive: true }), dir);
  const remember = (key: string, value: BuiltApiReference) => {
    memory.delete(key);
    memory.set(key, value);
    for (const old of memory.keys()) if (memory.size > API_MEMORY_ENTRIES) memory.delete(old);
  };
  return {
    read(key) {
      const kept = memory.get(key);
      if (kept) return kept;
      if (!disk) return null;
      try {
        const value = JSON.parse(readFileSync(join(disk, `api-${key}.json`), "utf8")) as BuiltApiReference;
        remember(key, value);
        return value;
      } catch {
        return null;
      }
    },
    write(key, value) {
      remember(key, value);
      if (!disk) return;
      const file = join(disk, `api-${key}.json`);
      writeFileSync(`${file}.tmp`, JSON.stringify(value));
      renameSync(`${file}.tmp`, file);
    },
  };
}
