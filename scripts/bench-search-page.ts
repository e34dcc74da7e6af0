// `npx tsx scripts/bench-search-page.ts [--seconds S] [--port P] [--origin URL]`:
// the misses of issue 25 item 4 on this checkout's build (or on a server
// already running at --origin): a /search?q= page nobody asked for before, a
// new query on every request, and a random missing /docs/ address, each at 50
// connections, with the load average before and after each case. See
// docs/decisions/041-search-page-frame.md for results.
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { startSite, type RunningSite } from "./lib/site-server";

const root = join(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    port: { type: "string", default: process.env.BENCH_PORT ?? "6200" },
    origin: { type: "string" },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = 50;
const WORDS =
  "docker compose install albums people places things search users metadata library explore upload video photo backup configuration environment database postgres worker token api favourites share hidden deleted faces thumbnails preview".split(
    " ",
  );

const load = () =>
  loadavg()
    .map((v) => v.toFixed(1))
    .join(" ");
const token = () => Math.random().toString(36).slice(2, 10);

let n = 0;
const CASES: { name: string; path: () => string; encoding?: string; expect: 200 | 404 }[] = [
  {
    name: "unique /search?q= (two words, the second new), no compression",
    path: () => `/search?q=${WORDS[n % WORDS.length]}+${WORDS[(n * 7 + 3) % WORDS.length]}${(n += 1)}`,
    expect: 200,
  },
  {
    name: "unique /search?q= (a word and a random token), no compression",
    path: () => `/search?q=${WORDS[(n += 1) % WORDS.length]}+${token()}`,
    expect: 200,
  },
  {
    name: "unique /search?q= (two words, the second new), br or gzip",
    path: () => `/search?q=${WORDS[n % WORDS.length]}+${WORDS[(n * 7 + 3) % WORDS.length]}${(n += 1)}`,
    encoding: "br, gzip",
    expect: 200,
  },
  { name: "random /docs/ 404s", path: () => `/docs/missing-${token()}/page`, expect: 404 },
];

async function measure(origin: string, { path, encoding, expect }: (typeof CASES)[number]) {
  const before = load();
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { accept: "text/html", ...(encoding ? { "accept-encoding": encoding } : {}) },
    requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }],
  });
  const failures =
    result.errors + result.timeouts + (expect === 200 ? result.non2xx : result["2xx"] + result["3xx"] + result["5xx"]);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failures, before };
}

async function main() {
  let site: RunningSite | null = null;
  const origin =
    values.origin ??
    (site = await startSite(Number(values.port), join(root, "bench/tmp/search-page-server.log"))).origin;
  try {
    // The first search of the state makes its frame; every later one is new.
    await (await fetch(`${origin}/search?q=warm`, { headers: { accept: "text/html" } })).arrayBuffer();
    console.log(`| ${CONNECTIONS} connections, ${SECONDS} s | req/s | p50 | p99 | failed | load before → after |`);
    console.log("| --- | ---: | ---: | ---: | ---: | --- |");
    for (const item of CASES) {
      const figures = await measure(origin, item);
      console.log(
        `| ${item.name} | ${Math.round(figures.rps)} | ${figures.p50} ms | ${figures.p99} ms | ${figures.failures} | ${figures.before} → ${load()} |`,
      );
    }
  } finally {
    site?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
