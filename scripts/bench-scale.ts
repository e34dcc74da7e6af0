// `npm run bench:scale -- --pages N [--versions V] [--skip-dev] [--seconds S]`:
// what the site costs at N pages. It writes realistic synthetic content
// (scripts/lib/synthetic-content.ts) into a temporary folder, builds it cold
// and warm with SITE_CONTENT_DIR, serves it as the container does (small heap,
// loopback) and measures memory, start time, page latency and the misses,
// then `npm run dev`'s first page. It prints a Markdown table and writes it to
// bench/tmp/scale-<N>.md. Every load is bounded in time (--seconds, default
// 10 s per load case); the build's content output is put back to the real
// content/ at the end. See bench/scale.md for results.
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { PackReader } from "../app/content/pack.server";
import { openSiteContent, SITE_CONTENT_FILE, type SiteIndex } from "../app/content/store.server";
import { PAGE_LIMITS } from "../app/search/limits";
import { siteSearchOf } from "../app/search/store.server";
import { startSite, type RunningSite } from "./lib/site-server";
import { QUERY_COUNT, syntheticQueries, writeSyntheticContent } from "./lib/synthetic-content";

const root = join(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "70" },
    versions: { type: "string" },
    seconds: { type: "string", default: "10" },
    "skip-dev": { type: "boolean", default: false },
    // Serving only, on the pack the last run (or a build by hand) left in build/content: no content written or built.
    "serve-only": { type: "boolean", default: false },
    port: { type: "string", default: process.env.BENCH_PORT ?? "6100" },
  },
});
const PAGES = Number(values.pages);
const VERSIONS = Number(values.versions ?? Math.max(2, Math.ceil(PAGES / 1000)));
const SECONDS = Number(values.seconds);
const PORT = Number(values.port);
const CONNECTIONS = 50;
const SAMPLE = 200;
const work = join(tmpdir(), `smriti-scale-${PAGES}`);
const log = (message: string) =>
  process.stderr.write(`[bench:scale ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
const rows: [string, string][] = [];
const row = (name: string, value: string) => {
  rows.push([name, value]);
  log(`${name}: ${value}`);
};
const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;
const load = () =>
  loadavg()
    .map((v) => v.toFixed(1))
    .join(" ");

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Runs a command under GNU time: wall time, peak RSS of the largest process, and whether it worked. */
function timed(
  command: string[],
  env: Record<string, string>,
  timeoutMs: number,
): { ms: number; peakKb: number; ok: boolean; tail: string } {
  const started = performance.now();
  const result = spawnSync("/usr/bin/time", ["-f", "PEAK_KB=%M", ...command], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  const peakKb = Number(/PEAK_KB=(\d+)/.exec(result.stderr ?? "")?.[1] ?? 0);
  const tail = `${result.stdout ?? ""}${result.stderr ?? ""}`
    .trim()
    .split("\n")
    .filter((l) => !l.startsWith("PEAK_KB"))
    .slice(-3)
    .join(" / ");
  return {
    ms: performance.now() - started,
    peakKb,
    ok: result.status === 0,
    tail: result.error ? `${result.error.message}` : tail,
  };
}

function rssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

async function get(url: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { "Accept-Encoding": "gzip" } });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

async function latencies(origin: string, urls: string[]): Promise<{ p50: number; p99: number; failures: number }> {
  const times: number[] = [];
  let failures = 0;
  for (const url of urls) {
    const { ms: time, status } = await get(origin + url);
    times.push(time);
    if (status !== 200) failures += 1;
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99), failures };
}

/** autocannon at 50 connections for SECONDS, each request's path from `path()`; peak RSS sampled meanwhile. */
async function cannon(origin: string, pid: number, path: () => string, expect: 200 | 404) {
  let peak = rssKb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 200);
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }],
  });
  clearInterval(sampler);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures:
      result.errors +
      result.timeouts +
      (expect === 200 ? result.non2xx : result["2xx"] + result["3xx"] + result["5xx"]),
    peakKb: peak,
  };
}

/** The built pages' addresses, from whichever form the compiled content has (a JSON file before the store, a pack after). */
function pagesOf(): string[] {
  const pack = join(root, SITE_CONTENT_FILE);
  if (existsSync(pack)) {
    const reader = new PackReader<SiteIndex>(pack);
    reader.close();
    return Object.keys(reader.index.pages);
  }
  const json = join(root, "build/content/site-content.json");
  return Object.keys((JSON.parse(readFileSync(json, "utf8")) as { pages: Record<string, unknown> }).pages);
}

/** Every version's API pages below its overview (tags and models), from the pack's index. */
function apiPagesOf(): string[] {
  const pack = join(root, SITE_CONTENT_FILE);
  if (!existsSync(pack)) return [];
  const reader = new PackReader<SiteIndex>(pack);
  reader.close();
  return Object.values(reader.index.apis).flatMap((api) => api.pages);
}

function shuffled<T>(list: T[], seed = 7): T[] {
  const copy = [...list];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i -= 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * A full garbage collection, so that heap figures count what is kept, not
 * what awaits collection: this process does not run with --expose-gc.
 */
const collectGarbage = (() => {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
})();

/**
 * Unique searches in the search engine alone, as a server runs them on the
 * stored indexes: the first one (which loads the current release's index),
 * then SAMPLE queries nobody made before, one by one; and the heap the loaded
 * index holds.
 */
function engineSearches(queries: string[]) {
  const { content, reader } = openSiteContent(join(root, SITE_CONTENT_FILE));
  try {
    collectGarbage();
    const heapBefore = process.memoryUsage().heapUsed;
    const search = siteSearchOf(content);
    const started = performance.now();
    search.search(queries[0], PAGE_LIMITS);
    const firstMs = performance.now() - started;
    const times: number[] = [];
    for (let n = 1; n <= SAMPLE; n += 1) {
      const query = queries[n]!;
      const start = performance.now();
      search.search(query, PAGE_LIMITS);
      times.push(performance.now() - start);
    }
    collectGarbage();
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1048576;
    row(
      `unique searches in the engine, current release (first, with its index load / p50 / p99 of ${SAMPLE})`,
      `${ms(firstMs)} / ${ms(percentile(times, 50))} / ${ms(percentile(times, 99))}; loaded index ${Math.round(heapMb)} MB of heap`,
    );
  } finally {
    reader.close();
  }
}

async function serve(urls: string[], queries: string[]) {
  let site: RunningSite;
  try {
    site = await startSite(PORT, join(root, `bench/tmp/scale-${PAGES}-server.log`));
  } catch (error) {
    const reason = (error as Error).message
      .split("\n")
      .filter((line) => /error|heap|Error/.test(line))
      .slice(0, 2)
      .join(" / ");
    row("server start", `FAILED: ${reason.slice(0, 300) || (error as Error).message.slice(0, 300)}`);
    return;
  }
  const pid = site.child.pid!;
  try {
    row("server start (spawn to first /healthz answer)", ms(site.firstRequestMs));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    row("RSS idle", mb(rssKb(pid)));
    const sample = shuffled(urls).slice(0, SAMPLE);
    const first = await latencies(site.origin, sample);
    row(
      `first view of ${sample.length} random pages (p50 / p99)`,
      `${ms(first.p50)} / ${ms(first.p99)}${first.failures ? `, ${first.failures} not 200` : ""}`,
    );
    const cached = await latencies(site.origin, sample);
    row("same pages again, cached (p50 / p99)", `${ms(cached.p50)} / ${ms(cached.p99)}`);
    // Each names the same page in every other version (decision 054): what a render costs as releases add up.
    const api = await latencies(site.origin, shuffled(apiPagesOf()).slice(0, 50));
    row(
      "first view of 50 API pages of random versions (p50 / p99)",
      `${ms(api.p50)} / ${ms(api.p99)}${api.failures ? `, ${api.failures} not 200` : ""}`,
    );
    // Every page once, eight at a time, bounded in time.
    const deadline = performance.now() + Math.max(60, SECONDS * 12) * 1000;
    const queue = [...urls];
    let opened = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (queue.length && performance.now() < deadline) {
          await get(site.origin + queue.pop()!);
          opened += 1;
        }
      }),
    );
    row(`RSS after every page opened once (${opened} of ${urls.length})`, mb(rssKb(pid)));
    const pages = await cannon(site.origin, pid, () => urls[Math.floor(Math.random() * urls.length)]!, 200);
    row(
      "random pages under load (req/s, p99, peak RSS)",
      `${Math.round(pages.rps)} req/s, p99 ${ms(pages.p99)}, ${mb(pages.peakKb)}${pages.failures ? `, ${pages.failures} failed` : ""}`,
    );
    let n = 0;
    const uniqueSearch = () => `/search?q=${encodeURIComponent(queries[(n += 1) % queries.length]!)}`;
    // The first round is the server's first searches (code not yet optimised, postings not yet read);
    // the second, with queries none of the first asked, is what a server that has been searching does.
    const searches = await cannon(site.origin, pid, uniqueSearch, 200);
    const again = await cannon(site.origin, pid, uniqueSearch, 200);
    row(
      "unique /search?q= at 50 connections (req/s, p50 / p99): the first round, then a second",
      [searches, again]
        .map(
          (round) =>
            `${Math.round(round.rps)} req/s, ${ms(round.p50)} / ${ms(round.p99)}${round.failures ? `, ${round.failures} failed` : ""}`,
        )
        .join("; ") + (n > queries.length ? " (more searches than queries: some were repeats)" : ""),
    );
    const misses = await cannon(
      site.origin,
      pid,
      () => `/docs/missing-${Math.random().toString(36).slice(2)}/page`,
      404,
    );
    row(
      "random /docs/ 404s at 50 connections (req/s, p99)",
      `${Math.round(misses.rps)} req/s, p99 ${ms(misses.p99)}${misses.failures ? `, ${misses.failures} failed` : ""}`,
    );
    row("RSS after the loads", mb(rssKb(pid)));
    const files = await siteFiles(site.origin, sample[0]!);
    row("site-wide files, first request each (status, time)", files.answers);
    row("meanwhile, another reader's longest wait for a stored page (asked every 5 ms)", ms(files.readerWorst));
    row("RSS after the site-wide files", mb(rssKb(pid)));
  } finally {
    site.stop();
  }
}

/**
 * The files made from the whole site, which a crawler asks for, one request
 * each: each has to answer, not exhaust the server. Meanwhile another reader
 * opens a page the server already stored, every 5 ms: a file made on the event
 * loop in one go makes that reader wait for all of it (docs/decisions/057).
 */
async function siteFiles(origin: string, storedPage: string): Promise<{ answers: string; readerWorst: number }> {
  let reading = true;
  let readerWorst = 0;
  const reader = (async () => {
    while (reading) {
      readerWorst = Math.max(readerWorst, (await get(origin + storedPage)).ms);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const answers: string[] = [];
  for (const path of ["/sitemap.xml", "/llms.txt", "/llms-full.txt", "/next/llms.txt", "/next/llms-full.txt"]) {
    const started = performance.now();
    const status = await fetch(origin + path)
      .then(async (response) => (await response.arrayBuffer(), String(response.status)))
      .catch((error: Error) => `failed (${error.message})`);
    answers.push(`${path} ${status}, ${ms(performance.now() - started)}`);
  }
  reading = false;
  await reader;
  return { answers: answers.join("; "), readerWorst };
}

/** A paragraph no page holds, appended to `file`: what a save adds, to be looked for in the answer. */
function editPage(file: string): string {
  const marker = `edited-${Date.now().toString(36)}`;
  appendFileSync(file, `\nOne more paragraph, saved by the benchmark: ${marker}.\n`);
  return marker;
}

/** In the dev server: from a save of `file` to its page answering with the change. */
async function devSave(pageUrl: string, file: string) {
  const marker = editPage(file);
  const started = performance.now();
  while (performance.now() - started < 120_000) {
    const response = await fetch(pageUrl).catch(() => null);
    const body = response ? await response.text() : "";
    if (response?.status === 200 && body.includes(marker))
      return row("npm run dev: a saved page shown with the change (save to 200)", ms(performance.now() - started));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  row("npm run dev: a saved page shown with the change", "not within 120 s");
}

/** `npm run dev` on the same folder: from spawn to the first page answered, then a save of `file` (that page's source). */
async function devFirstPage(site: Record<string, string>, cacheDir: string, url: string, file: string) {
  const port = PORT + 50;
  const child = spawn("node", ["scripts/dev/start.mjs"], {
    cwd: root,
    // With the cache the build filled, as an author's `npm run dev` after `npm run build`.
    env: {
      ...process.env,
      NODE_ENV: "development",
      ...site,
      SITE_CONTENT_CACHE_DIR: cacheDir,
      HOST: "127.0.0.1",
      PORT: String(port),
    },
    stdio: "ignore",
    detached: true,
  });
  const started = performance.now();
  try {
    for (;;) {
      if (performance.now() - started > 300_000) return row("npm run dev: first page", "no answer within 300 s");
      if (child.exitCode !== null) return row("npm run dev: first page", `exited with ${child.exitCode}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}${url}`);
        await response.arrayBuffer();
        if (response.status === 200) {
          row("npm run dev: first page (spawn to 200)", ms(performance.now() - started));
          return await devSave(`http://127.0.0.1:${port}${url}`, file);
        }
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    // The dev server starts remix dev and the app server: stop the group we started.
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

/** The serving rows alone, on the compiled content already in build/content. */
async function serveOnly() {
  row("load average at start (1/5/15 min)", load());
  const queries = syntheticQueries(QUERY_COUNT);
  engineSearches(queries);
  await serve(
    pagesOf().filter((url) => url.startsWith("/docs")),
    queries.slice(SAMPLE + 1),
  );
  row("load average at end (1/5/15 min)", load());
  console.log(rows.map(([name, value]) => `| ${name} | ${value} |`).join("\n"));
}

async function main() {
  mkdirSync(join(root, "bench/tmp"), { recursive: true });
  if (values["serve-only"]) return serveOnly();
  row("load average at start (1/5/15 min)", load());
  log(`writing ${PAGES} pages over ${VERSIONS} versions into ${work}/content`);
  const site = writeSyntheticContent(join(work, "content"), { pages: PAGES, versions: VERSIONS });
  const cacheDir = join(work, "cache");
  rmSync(cacheDir, { recursive: true, force: true });
  if (!existsSync(join(root, "build/index.js")))
    spawnSync("npm", ["run", "build:app"], { cwd: root, stdio: "inherit" });
  // As `npm run build` runs it: in the build's heap budget (package.json).
  const build = ["npm", "run", "--silent", "build:content", "--", "--cache-dir", cacheDir];
  // The folder and where its releases' specs lie, read by the build and the dev server alike.
  const env = { SITE_CONTENT_DIR: site.dir, SITE_SPEC_ROOT: site.specRoot };
  try {
    const cold = timed(build, env, 45 * 60_000);
    row(
      "cold build:content (time, peak RSS)",
      cold.ok
        ? `${(cold.ms / 1000).toFixed(1)} s, ${mb(cold.peakKb)}`
        : `FAILED after ${(cold.ms / 1000).toFixed(1)} s, ${mb(cold.peakKb)}: ${cold.tail.slice(0, 300)}`,
    );
    if (!cold.ok) return;
    const pages = pagesOf();
    row("pages built", `${pages.length} in ${VERSIONS} versions`);
    const warm = timed(build, env, 45 * 60_000);
    row("warm build:content (time, peak RSS)", `${(warm.ms / 1000).toFixed(1)} s, ${mb(warm.peakKb)}`);
    // One page of the current release edited: what a production build costs for one change.
    const edited = site.urls.find((url) => url.startsWith("/docs/generated/")) ?? "/docs/user-guide/installation";
    const editedFile = join(site.dir, "docs", `${edited.slice("/docs/".length)}.mdx`);
    editPage(editedFile);
    const one = timed(build, env, 45 * 60_000);
    row(
      "build:content after one page was edited (time, peak RSS)",
      `${(one.ms / 1000).toFixed(1)} s, ${mb(one.peakKb)}${one.ok ? "" : `, FAILED: ${one.tail.slice(0, 200)}`}`,
    );
    const docs = pages.filter((url) => url.startsWith("/docs"));
    engineSearches(site.queries);
    await serve(docs, site.queries.slice(SAMPLE + 1));
    if (!values["skip-dev"]) await devFirstPage(env, cacheDir, edited, editedFile);
  } finally {
    row("load average at end (1/5/15 min)", load());
    const table = [
      `| ${PAGES} pages, ${VERSIONS} versions | |`,
      "| --- | --- |",
      ...rows.map(([name, value]) => `| ${name} | ${value} |`),
    ].join("\n");
    writeFileSync(join(root, `bench/tmp/scale-${PAGES}.md`), `${table}\n`);
    console.log(table);
    log("building the real content/ again");
    spawnSync("npm", ["run", "build:content"], {
      cwd: root,
      stdio: "ignore",
      env: { ...process.env, SITE_CONTENT_DIR: "" },
    });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
