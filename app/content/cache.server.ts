import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
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
