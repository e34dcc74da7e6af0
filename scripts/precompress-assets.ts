// Part of `npm run build` (after `remix build`): writes a brotli (.br, quality
// 11) and a gzip (.gz, level 9) copy beside every script, stylesheet and SVG in
// public/build/, which app/http/precompressed-assets.server.ts answers from.
// Both levels are too slow to run per request; once per build they cost 7 to
// 12 s for the current build's files and the previous builds' kept beside
// them, so each copy is also kept under .cache/precompressed/ by the hash of
// what it compresses, and a build compresses only files it has not seen.
// Files under 1 KB are left alone: compression gains nothing there.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { PRECOMPRESSED_TYPES } from "../app/http/precompressed-assets.server";

const MIN_BYTES = 1024;
const dir = join(import.meta.dirname, "../public/build");
const cacheDir = join(import.meta.dirname, "../.cache/precompressed");
mkdirSync(cacheDir, { recursive: true });
const started = performance.now();
let count = 0;
let compressed = 0;
let raw = 0;
let brotli = 0;

/** The file's compressed copy from the cache, or made now and cached (written whole, then renamed). */
function compressedCopy(bytes: Buffer, hash: string, extension: ".br" | ".gz"): Buffer {
  const cached = join(cacheDir, `${hash}${extension}`);
  if (existsSync(cached)) return readFileSync(cached);
  compressed += extension === ".br" ? 1 : 0;
  const made =
    extension === ".br"
      ? brotliCompressSync(bytes, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        })
      : gzipSync(bytes, { level: 9 });
  writeFileSync(`${cached}.tmp`, made);
  renameSync(`${cached}.tmp`, cached);
  return made;
}

for (const name of readdirSync(dir, { recursive: true }).map(String)) {
  const file = join(dir, name);
  if (!(file.slice(file.lastIndexOf(".")) in PRECOMPRESSED_TYPES) || statSync(file).size < MIN_BYTES) continue;
  const bytes = readFileSync(file);
  const hash = createHash("sha256").update(bytes).digest("hex");
  const br = compressedCopy(bytes, hash, ".br");
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, compressedCopy(bytes, hash, ".gz"));
  count += 1;
  raw += bytes.length;
  brotli += br.length;
}
console.log(
  `assets: ${count} files precompressed (${compressed} compressed now, the rest from .cache/precompressed), ${(raw / 1024).toFixed(0)} KB -> ${(brotli / 1024).toFixed(0)} KB brotli, ${Math.round(performance.now() - started)} ms`,
);
