// The load cases of issue 15, run by scripts/bench.ts: addresses that are
// new on every request (tracking parameters, missing pages, search queries)
// must not each cost a render, must not slow the stored pages beside them,
// and an hour-like soak must end with the process alive and its memory flat.
import { readFileSync } from "node:fs";
import autocannon, { type Request } from "autocannon";

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** Errors, timeouts and 5xx answers. */
  failures: number;
  requests: number;
}

export interface Soak extends Figures {
  seconds: number;
  connections: number;
  rssMaxMb: number;
  /** RSS at the start and at the end of the last half of the soak. */
  rssHalfMb: number;
  rssEndMb: number;
  /** RSS at the end against the start of the last half, in per cent. */
  growthPercent: number;
  exited: boolean;
}

export interface ResilienceResults {
  /** The stored docs page alone, with the same headers as the cases. */
  cachedAlone: Figures;
  randomQuery: Figures;
  random404: Figures;
  randomSearch: Figures;
  cachedBeside: Figures;
  cachedBesideRenders: Figures;
  soak: Soak;
}

const DOC = "/docs/user-guide/installation";
const CACHED_PAGES = [
  "/",
  DOC,
  "/docs/user-guide/deployment",
  "/docs/dev-guide/introduction",
  "/docs/user-guide/features/albums",
  "/api",
  "/search?q=docker",
];

const randomToken = () => Math.random().toString(36).slice(2, 10);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** A docs page with a query string it does not read, new on every request. */
const withTrackingParameters = () =>
  `${DOC}?${pick(["utm_source", "fbclid", "gclid", "ref"])}=${randomToken()}${Math.random() < 0.5 ? `&utm_campaign=${randomToken()}` : ""}`;

/** An address no page has, new on every request, at various depths. */
const missingPage = () =>
  `/${randomToken()}${Math.random() < 0.5 ? `/${randomToken()}` : ""}${Math.random() < 0.3 ? `?x=${randomToken()}` : ""}`;

// What readers search for: words and pairs from the docs. Each request writes
// one of them in another way (spacing, parameter order, tracking parameters),
// so the URLs are new but the queries are the ones the search page treats as the same.
const SEARCH_WORDS =
  "docker compose install albums people places things search users metadata library explore upload video photo backup configuration environment database postgres worker token api favourites share hidden deleted faces thumbnails preview".split(
    " ",
  );
const SEARCH_PAIRS = [
  "docker compose",
  "face detection",
  "album sharing",
  "environment variables",
  "api token",
  "photo upload",
  "video preview",
  "user management",
];

function searchQuery(): string {
  const words = (Math.random() < 0.6 ? pick(SEARCH_WORDS) : pick(SEARCH_PAIRS)).split(" ");
  const spaced = words.join(Math.random() < 0.5 ? " " : "  ");
  const q = encodeURIComponent(Math.random() < 0.3 ? ` ${spaced} ` : spaced);
  return Math.random() < 0.5 ? `/search?q=${q}` : `/search?utm_source=${randomToken()}&q=${q}`;
}

/** A search nobody made before: every request a render. */
const uniqueSearch = () => `/search?q=${encodeURIComponent(`${pick(SEARCH_WORDS)} ${randomToken()}`)}`;

function mixedAddress(): string {
  const roll = Math.random();
  if (roll < 0.55) return pick(CACHED_PAGES);
  if (roll < 0.7) return withTrackingParameters();
  if (roll < 0.85) return missingPage();
  return searchQuery();
}

type Options = { connections: number; duration: number; path?: () => string; accept?: string; rate?: number };

async function measure(origin: string, { connections, duration, path, accept, rate }: Options): Promise<Figures> {
  const headers = { "accept-encoding": accept ?? "br, gzip", accept: "text/html" };
  const result = await autocannon({
    url: origin,
    connections,
    duration,
    headers,
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        method: "GET",
        setupRequest: (request: Request) => ({ ...request, path: path ? path() : DOC }),
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result["5xx"],
    requests: result.requests.total,
  };
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

async function soak(origin: string, pid: number, seconds: number, hasExited: () => boolean): Promise<Soak> {
  const samples: number[] = [];
  const sampler = setInterval(() => {
    if (!hasExited()) samples.push(rssMb(pid));
  }, 1000);
  const connections = 100;
  try {
    const figures = await measure(origin, { connections, duration: seconds, path: mixedAddress });
    const half = samples[Math.floor(samples.length / 2)] ?? 0;
    const end = hasExited() ? 0 : rssMb(pid);
    return {
      ...figures,
      seconds,
      connections,
      rssMaxMb: Math.max(...samples, end),
      rssHalfMb: half,
      rssEndMb: end,
      growthPercent: half ? ((end - half) / half) * 100 : 0,
      exited: hasExited(),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** New addresses per second of each kind while the stored page is measured beside them. */
const BESIDE_RATE = 300;
/** Searches nobody made before, per second, beside the stored page: each one is a render. */
const RENDERS_BESIDE_RATE = 40;

/**
 * Each case at 50 connections for `duration` seconds after a warm-up of
 * `warmup` seconds; then the stored page (50 connections, as fast as it
 * answers) beside the three new-address loads at BESIDE_RATE requests/s each:
 * an open loop, so that the figure shows what misses do to a stored page, not
 * how a saturated server shares its time among 100 connections; then the
 * soak at 100 connections.
 */
export async function benchResilience(
  origin: string,
  pid: number,
  hasExited: () => boolean,
  {
    duration,
    warmup,
    soakSeconds,
    log,
  }: { duration: number; warmup: number; soakSeconds: number; log: (message: string) => void },
): Promise<ResilienceResults> {
  const run = async (label: string, path: () => string) => {
    log(`load: ${label}`);
    await measure(origin, { connections: 50, duration: warmup, path });
    return measure(origin, { connections: 50, duration, path });
  };
  const cachedAlone = await run("the stored docs page, as the cases ask for it", () => DOC);
  const randomQuery = await run("docs page, random query string", withTrackingParameters);
  const random404 = await run("random missing pages", missingPage);
  const randomSearch = await run("random search queries", searchQuery);

  log("load: the stored docs page while the three loads above run beside it");
  const beside = [withTrackingParameters, missingPage, searchQuery].map((path) =>
    measure(origin, { connections: 16, duration: duration + 2, path, rate: BESIDE_RATE }),
  );
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const cachedBeside = await measure(origin, { connections: 50, duration });
  await Promise.all(beside);

  log("load: the stored docs page beside searches nobody made before (each a render)");
  const renders = measure(origin, {
    connections: 16,
    duration: duration + 2,
    path: uniqueSearch,
    rate: RENDERS_BESIDE_RATE,
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const cachedBesideRenders = await measure(origin, { connections: 50, duration });
  await renders;

  log(`soak: ${soakSeconds} s at 100 connections, mixed stored and new addresses`);
  const soakResult = await soak(origin, pid, soakSeconds, hasExited);
  return { cachedAlone, randomQuery, random404, randomSearch, cachedBeside, cachedBesideRenders, soak: soakResult };
}

const mark = (ok: boolean) => (ok ? "✓" : "✗");
const row = (label: string, f: Figures, target: string) =>
  `| ${label} | ${Math.round(f.rps)} | ${f.p50} ms | ${f.p99} ms | ${f.failures} | ${target} |`;

/** The Markdown section for bench/results.md. */
export function resilienceSection(results: ResilienceResults): string[] {
  const { cachedAlone, randomQuery, random404, randomSearch, cachedBeside, cachedBesideRenders, soak: s } = results;
  const share = randomQuery.rps / cachedAlone.rps;
  return [
    "## Addresses that are new on every request (issue 15)",
    "",
    "50 connections, `Accept-Encoding: br, gzip`. Search queries: 38 words and pairs from the docs, each request",
    "spelling one differently (spacing, parameter order, a random tracking parameter).",
    "",
    "| Case | req/s | p50 | p99 | Failed | Target |",
    "| --- | ---: | ---: | ---: | ---: | --- |",
    row("stored docs page alone", cachedAlone, ""),
    row(
      "docs page, random query string",
      randomQuery,
      `≥ 50 % of the stored page alone: ${Math.round(share * 100)} % ${mark(share >= 0.5)}`,
    ),
    row(
      "random missing pages (404)",
      random404,
      `≥ 2,000 req/s, p99 < 50 ms ${mark(random404.rps >= 2000 && random404.p99 < 50)}`,
    ),
    row(
      "random search queries",
      randomSearch,
      `≥ 1,000 req/s, p99 < 100 ms ${mark(randomSearch.rps >= 1000 && randomSearch.p99 < 100)}`,
    ),
    row(
      `stored docs page, the three loads beside it (${BESIDE_RATE} req/s each)`,
      cachedBeside,
      `p99 < 50 ms ${mark(cachedBeside.p99 < 50)}`,
    ),
    row(
      `stored docs page beside ${RENDERS_BESIDE_RATE} searches/s nobody made before (each a render)`,
      cachedBesideRenders,
      "report",
    ),
    "",
    `Soak: ${s.seconds} s at ${s.connections} connections, mixed stored and new addresses: ${s.requests} requests, ` +
      `${Math.round(s.rps)} req/s, p99 ${s.p99} ms, ${s.failures} failed ${mark(s.failures === 0)}, ` +
      `process ${s.exited ? "exited ✗" : "still running ✓"}, RSS max ${s.rssMaxMb.toFixed(0)} MB ${mark(s.rssMaxMb < 150)} (target < 150 MB), ` +
      `${s.rssHalfMb.toFixed(0)} → ${s.rssEndMb.toFixed(0)} MB over the last half (${s.growthPercent.toFixed(1)} %, target < 10 % ${mark(s.growthPercent < 10)}).`,
    "",
  ];
}
