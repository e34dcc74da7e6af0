// `npx tsx scripts/bench-search.ts [--json]`: what search costs. Loads the
// built index as the server does (build/content/site.pack, after
// `npm run build`), times a few hundred varied queries one by one, and weighs
// the index and the dialog's JavaScript. `benchSearch()` returns the figures
// for the site's benchmark command.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { SITE_CONTENT_FILE } from "../app/content/store.server";
import { readWholeSiteContent } from "../app/content/build/store-file.server";
import type { SiteContent } from "../app/content/types";
import type { SiteSearch } from "../app/search/engine.server";
import { siteSearchOf } from "../app/search/store.server";
import { DIALOG_LIMITS, PAGE_LIMITS, type SearchLimits } from "../app/search/limits";

const root = join(import.meta.dirname, "..");
const BUILD_DIR = join(root, "public/build");
/** The page whose first visit the dialog's code must not weigh on. */
const DOCS_ROUTE = "routes/docs.$";
const WARM_UP_ROUNDS = 3;

export interface Timing {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface SearchBenchmark {
  queries: number;
  /** Queries as the results page runs them (20 hits with sections). */
  page: Timing;
  /** Queries as the dialog's JSON route runs them (8 hits). */
  dialog: Timing;
  /** The first search: turning the current release's stored index into a MiniSearch instance, once per process. */
  loadMs: number;
  /** The search part of the compiled content: the MiniSearch index and the display data. */
  indexBytes: number;
  indexGzipBytes: number;
  documents: number;
  /** JavaScript fetched when the dialog first opens, beyond what a docs page already loaded. */
  dialogScriptBytes: number;
  dialogScriptGzipBytes: number;
  dialogScriptFiles: string[];
}

/** A small seeded generator, so every run times the same queries. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Queries readers type: titles, headings, API calls, single words, words
 * cut short (typing), words with a typo, several words, and odd input.
 */
export function benchmarkQueries(content: SiteContent, count = 400): string[] {
  const next = random(8);
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)]!;
  const documents = content.search.documents;
  const words = [...new Set(documents.flatMap((d) => d.text.split(/[^\p{L}\p{N}_]+/u)).filter((w) => w.length >= 4))];
  const typo = (word: string) => {
    const at = 1 + Math.floor(next() * (word.length - 2));
    return word.slice(0, at) + word.slice(at + 1);
  };
  const kinds: (() => string)[] = [
    () => pick(documents).title,
    () => pick(documents.filter((d) => d.heading)).heading,
    () => pick(documents.filter((d) => d.endpoint)).endpoint,
    () => pick(words),
    () => pick(words).slice(0, 2 + Math.floor(next() * 3)),
    () => typo(pick(words)),
    () => `${pick(words)} ${pick(words)}`,
    () => `${pick(words)} ${pick(words)} ${pick(words)} ${pick(words)}`,
    () =>
      pick([
        "",
        "(a+)+$",
        "<script>alert(1)</script>",
        "x".repeat(1200),
        "日本語",
        "😀",
        "a b c d e f g h i j k l m n o p",
      ]),
  ];
  return Array.from({ length: count }, (_, i) => kinds[i % kinds.length]!());
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Runs per query; its cost is the median run, so one pause of the machine (GC, another process) does not count as the query's. */
const RUNS_PER_QUERY = 3;

function time(search: SiteSearch, queries: string[], limits: SearchLimits): Timing {
  for (let round = 0; round < WARM_UP_ROUNDS; round += 1) for (const query of queries) search.search(query, limits);
  const costs = queries.map((query) => {
    const runs = Array.from({ length: RUNS_PER_QUERY }, () => {
      const started = performance.now();
      search.search(query, limits);
      return performance.now() - started;
    });
    return runs.sort((a, b) => a - b)[Math.floor(RUNS_PER_QUERY / 2)] ?? 0;
  });
  costs.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return {
    p50Ms: round(percentile(costs, 50)),
    p99Ms: round(percentile(costs, 99)),
    maxMs: round(costs[costs.length - 1] ?? 0),
  };
}

/** The modules a built chunk imports, named as /build/… URLs. */
function importsOf(url: string): string[] {
  const code = readFileSync(join(root, "public", url), "utf8");
  return [...code.matchAll(/(?:from|import)\s*"(\/build\/[^"]+\.js)"/g)].map((m) => m[1]!);
}

function closure(urls: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...urls];
  for (let url = queue.pop(); url !== undefined; url = queue.pop()) {
    if (seen.has(url)) continue;
    seen.add(url);
    queue.push(...importsOf(url));
  }
  return seen;
}

interface RemixManifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
}

function dialogScript(): Pick<SearchBenchmark, "dialogScriptBytes" | "dialogScriptGzipBytes" | "dialogScriptFiles"> {
  const files = readdirSync(BUILD_DIR);
  const manifestFile = files.find((f) => /^manifest-.*\.js$/.test(f));
  const dialogFile = readdirSync(join(BUILD_DIR, "_shared")).find((f) => /^SearchDialog-.*\.js$/.test(f));
  if (!manifestFile || !dialogFile) throw new Error("no client build in public/build: run npm run build first");
  const manifestText = readFileSync(join(BUILD_DIR, manifestFile), "utf8");
  const manifest = JSON.parse(
    manifestText.slice(manifestText.indexOf("{"), manifestText.lastIndexOf("}") + 1),
  ) as RemixManifest;
  const pageModules = [manifest.entry, manifest.routes.root, manifest.routes[DOCS_ROUTE]].flatMap((m) =>
    m ? [m.module, ...(m.imports ?? [])] : [],
  );
  const onPage = closure(pageModules);
  const extra = [...closure([`/build/_shared/${dialogFile}`])].filter((url) => !onPage.has(url)).sort();
  const bytes = extra.map((url) => readFileSync(join(root, "public", url)));
  return {
    dialogScriptBytes: bytes.reduce((sum, b) => sum + b.length, 0),
    dialogScriptGzipBytes: gzipSync(Buffer.concat(bytes), { level: 9 }).length,
    dialogScriptFiles: extra,
  };
}

export function benchSearch(options: { queries?: number } = {}): SearchBenchmark {
  const file = join(root, SITE_CONTENT_FILE);
  if (!existsSync(file)) throw new Error(`${SITE_CONTENT_FILE} is missing: run npm run build first`);
  const content = readWholeSiteContent(file);
  const stored = Buffer.from(JSON.stringify(content.search));
  const started = performance.now();
  const search = siteSearchOf(content);
  // Each version's index loads at the first search in it: time that first search.
  search.search("smriti", DIALOG_LIMITS);
  const loadMs = Math.round((performance.now() - started) * 10) / 10;
  const queries = benchmarkQueries(content, options.queries);
  return {
    queries: queries.length,
    page: time(search, queries, PAGE_LIMITS),
    dialog: time(search, queries, DIALOG_LIMITS),
    loadMs,
    indexBytes: stored.length,
    indexGzipBytes: gzipSync(stored, { level: 9 }).length,
    documents: content.search.documents.length,
    ...dialogScript(),
  };
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const result = benchSearch();
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(`search: ${result.queries} queries over ${result.documents} sections and operations`);
    console.log(
      `  results page  p50 ${result.page.p50Ms} ms  p99 ${result.page.p99Ms} ms  max ${result.page.maxMs} ms`,
    );
    console.log(
      `  dialog (JSON) p50 ${result.dialog.p50Ms} ms  p99 ${result.dialog.p99Ms} ms  max ${result.dialog.maxMs} ms`,
    );
    console.log(
      `  index: ${kb(result.indexBytes)} raw, ${kb(result.indexGzipBytes)} gzip; loaded in ${result.loadMs} ms`,
    );
    console.log(
      `  dialog code: ${kb(result.dialogScriptBytes)} raw, ${kb(result.dialogScriptGzipBytes)} gzip (${result.dialogScriptFiles.join(", ")})`,
    );
  }
}
