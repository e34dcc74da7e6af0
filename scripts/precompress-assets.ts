// Part of `npm run build` (after `remix build`): writes a brotli (.br, quality
// 11) and a gzip (.gz, level 9) copy beside every script, stylesheet and SVG in
// public/build/, which app/http/precompressed-assets.server.ts answers from.
// Both levels are too slow to run per request; once per build they cost a
// couple of seconds. Files under 1 KB are left alone: compression gains
// nothing there.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { PRECOMPRESSED_TYPES } from "../app/http/precompressed-assets.server";

const MIN_BYTES = 1024;
const dir = join(import.meta.dirname, "../public/build");
const started = performance.now();
let count = 0;
let raw = 0;
let brotli = 0;

for (const name of readdirSync(dir, { recursive: true }).map(String)) {
  const file = join(dir, name);
  if (!(file.slice(file.lastIndexOf(".")) in PRECOMPRESSED_TYPES) || statSync(file).size < MIN_BYTES) continue;
  const bytes = readFileSync(file);
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  count += 1;
  raw += bytes.length;
  brotli += br.length;
}
console.log(
  `assets: ${count} files precompressed, ${(raw / 1024).toFixed(0)} KB -> ${(brotli / 1024).toFixed(0)} KB brotli, ${Math.round(performance.now() - started)} ms`,
);
