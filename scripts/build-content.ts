// `npm run build:content`: compiles every page under content/ once (cached by
// content hash), builds the sidebar from the folders and checks every link, and writes what the server
// reads at start. A broken page link or invalid MDX stops the build with
// file, line and column.
//
// Options: --strict turns every warning (a broken anchor, a link to a Markdown
// file that does not exist, an unknown code language or admonition) into an
// error, as CI and `npm test` build; for tests and trying content elsewhere:
// --content-dir DIR (else the SITE_CONTENT_DIR environment variable, else
// content/), --out FILE (default build/content/site.pack), --cache-dir DIR
// (default .cache/content), --cache-idle-days N (cache entries no build has
// used for N days are removed after the build; default 7, 0 keeps only what
// this build used), --spec-root DIR (what versions.json's spec paths
// are relative to; else SITE_SPEC_ROOT, which `npm run dev` reads too; default
// the repository root), --no-cache. SITE_BUILD_THREADS
// sets how many threads compile (docs/decisions/042-build-threads.md).
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildCacheDir, checkSite, ContentError, LinkCheckError } from "../app/content/build/build.server";
import {
  jsonFiles,
  packFingerprint,
  pruneBuildCache,
  searchFingerprint,
  versionRuns,
} from "../app/content/build/cache.server";
import { requestedThreads } from "../app/content/build/compile-pool.server";
import { writeSitePack, type PackReuse } from "../app/content/build/site-pack.server";
import { formatProblem, problemsOf } from "../app/content/build/live.server";
import { SITE_CONTENT_FILE } from "../app/content/store.server";
import { VersionsFileError } from "../app/content/versions";
import { exitUnlessFolder } from "./lib/content-dir.mjs";

const root = join(import.meta.dirname, "..");

const { values: options } = parseArgs({
  options: {
    "content-dir": { type: "string" },
    out: { type: "string" },
    "cache-dir": { type: "string" },
    "spec-root": { type: "string" },
    "no-cache": { type: "boolean", default: false },
    strict: { type: "boolean", default: false },
    "cache-idle-days": { type: "string", default: "7" },
  },
});

// The same variable `npm run dev` reads (scripts/dev/content-host.mjs), so both build one folder.
const contentDir = options["content-dir"] ?? (process.env.SITE_CONTENT_DIR?.trim() || undefined);
if (contentDir !== undefined)
  exitUnlessFolder(options["content-dir"] !== undefined ? "--content-dir" : "SITE_CONTENT_DIR", contentDir);
const specRoot = options["spec-root"] ?? (process.env.SITE_SPEC_ROOT?.trim() || undefined);
// Read again when the pages are compiled, after the content is loaded; checked here so that a bad
// value stops the build at once with one line, not with a stack trace some seconds in.
try {
  requestedThreads();
} catch (error) {
  console.error(`content: ${(error as Error).message}`);
  process.exit(2);
}

/** Days a cache entry may go unused before a build removes it (docs/decisions/051-the-build-cache-pruned.md). */
function idleDays(): number {
  const text = options["cache-idle-days"]!;
  if (!/^\d+(\.\d+)?$/.test(text.trim())) {
    console.error(`content: --cache-idle-days must be a number of days (0 or more), not "${text}"`);
    process.exit(2);
  }
  return Number(text);
}

async function main() {
  const started = performance.now();
  const startedAt = Date.now();
  const keepDays = idleDays();
  const cacheDir = buildCacheDir({
    root,
    cacheDir: options["no-cache"] ? null : options["cache-dir"] ? resolve(options["cache-dir"]) : undefined,
  });
  const result = await checkSite({
    root,
    contentDir: contentDir ? resolve(contentDir) : undefined,
    specRoot: specRoot ? resolve(specRoot) : undefined,
    cacheDir,
  });
  const level = options.strict ? "error" : "warning";
  for (const w of result.warnings) console.warn(`${level}: ${w.file}:${w.line}:${w.column}: ${w.message}`);
  if (options.strict && result.warnings.length) {
    console.error(`content: ${result.warnings.length} warning(s) refused by --strict; nothing written`);
    process.exit(1);
  }
  // Unchanged versions' records come from the last build's cache (app/content/build/site-pack.server.ts).
  const reuse: PackReuse | undefined =
    cacheDir === null
      ? undefined
      : {
          runs: versionRuns(cacheDir),
          code: packFingerprint(root),
          searchParts: jsonFiles(cacheDir, "search-"),
          searchCode: searchFingerprint(root),
        };
  const written = writeSitePack(options.out ? resolve(options.out) : join(root, SITE_CONTENT_FILE), result, reuse);
  if (cacheDir !== null) {
    const pruned = pruneBuildCache(cacheDir, { since: startedAt, runs: written.runKeys, idleDays: keepDays });
    if (pruned.files)
      console.log(
        `content: removed ${pruned.files} file(s) from the build cache, ${(pruned.bytes / 1048576).toFixed(1)} MB ` +
          `(versions' runs this pack was not written from, and entries no build used for ${keepDays} day(s))`,
      );
  }
  console.log(
    `content: ${written.pages} pages (${result.compiled} compiled, ${result.fromCache} from cache; ` +
      `${written.reused} of ${result.versionPages.length} versions' records reused), ` +
      `${result.warnings.length} warning(s), ${Math.round(performance.now() - started)} ms`,
  );
}

main().catch((error: unknown) => {
  const known = error instanceof ContentError || error instanceof LinkCheckError;
  // Each mistake with its line, as the dev server's terminal prints it; a bad versions.json in one line too.
  if (known) console.error(problemsOf(error, root).map(formatProblem).join("\n"));
  else console.error(error instanceof VersionsFileError ? `content: ${error.message}` : error);
  process.exit(1);
});
