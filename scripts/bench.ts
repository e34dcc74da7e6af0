// `npm run bench [-- --quick] [-- --skip-build] [-- --resilience]`: what the
// site costs to build and to serve, in one run, as a Markdown table on stdout
// and in bench/results.md. `--resilience` runs only the cases of new
// addresses and the soak (scripts/bench-resilience.ts), on the last build. See
// bench/README.md for how to read it.
//
// Machines here are shared and noisy: every load case runs several times and
// the median is reported, and the targets are ratios between cases of the same
// run, never absolute figures across runs.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import autocannon from "autocannon";
import {
  configForTest,
  NGINX,
  selfSignedCertificate,
  SHIPPED_CONFIG,
  startNginx,
  type RunningNginx,
} from "../tests/e2e/support/nginx";
import { hydrated } from "../tests/e2e/helpers";
import { openApiExplorer } from "../tests/e2e/support/api-explorer";
import { measurePageWeight, type PageWeight } from "../tests/e2e/support/page-weight";
import { benchResilience, resilienceSection } from "./bench-resilience";
import { benchSearch } from "./bench-search";
import { startSite } from "./lib/site-server";

const root = join(import.meta.dirname, "..");
const args = new Set(process.argv.slice(2));
const QUICK = args.has("--quick");
const RUNS = QUICK ? 1 : 3;
const DURATION_S = QUICK ? 4 : 10;
const WARMUP_S = QUICK ? 1 : 3;
const SOAK_S = QUICK ? 20 : 60;
const RESILIENCE_ONLY = args.has("--resilience");
const CONNECTIONS = 50;
const PORT = Number(process.env.BENCH_PORT ?? 4900);
const PORTS = { site: PORT, staticHttp: PORT + 1, proxyHttps: PORT + 2, staticHttps: PORT + 3, proxyHttp: PORT + 4 };
const DOC = "/docs/user-guide/installation";
const tmp = join(root, "bench/tmp");
// nginx in the run uses a self-signed certificate.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";

interface Load {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

function run(command: string, commandArgs: string[]): number {
  const started = performance.now();
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: process.env,
  });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(" ")} failed`);
  return performance.now() - started;
}

function buildTimes(): { cold: number; warm: number } | null {
  if (args.has("--skip-build") || RESILIENCE_ONLY) {
    if (!existsSync(join(root, "build/index.js"))) run("npm", ["run", "build"]);
    return null;
  }
  log("cold build (no compiled-content cache, no previous build)…");
  for (const dir of [".cache/content", "build", "public/build"])
    rmSync(join(root, dir), { recursive: true, force: true });
  const cold = run("npm", ["run", "build"]);
  log("warm build…");
  const warm = run("npm", ["run", "build"]);
  return { cold, warm };
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

/** Median of several runs at 50 connections, after a warm-up at the same load. */
async function load(url: string, headers: Record<string, string> = {}): Promise<Load> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S, headers });
  const runs: Load[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
    runs.push({
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      failures: result.errors + result.timeouts + result["5xx"],
    });
  }
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    failures: runs.reduce((s, r) => s + r.failures, 0),
  };
}

/** The shipped deploy/nginx.conf in front of the site, plus a static server in the same nginx. */
async function startNginxPair(pageHtml: string): Promise<RunningNginx> {
  const dir = join(tmp, "nginx");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "static"), { recursive: true });
  writeFileSync(join(dir, "static/page.html"), pageHtml);
  writeFileSync(join(dir, "static/page.html.gz"), gzipSync(pageHtml, { level: 9 }));
  const { certificate, key } = await selfSignedCertificate(dir, "localhost");
  const site = configForTest(readFileSync(SHIPPED_CONFIG, "utf8"), {
    host: "localhost",
    httpPort: PORTS.proxyHttp,
    httpsPort: PORTS.proxyHttps,
    upstreamPort: PORTS.site,
    certificate,
    key,
    cacheDir: join(dir, "cache"),
    webroot: join(dir, "webroot"),
  });
  // The same page as a file, over plain HTTP and over the same TLS setup.
  const staticServers = `
server {
    listen 127.0.0.1:${PORTS.staticHttp};
    location = /page { default_type text/html; alias ${dir}/static/page.html; gzip_static on; }
}
server {
    listen 127.0.0.1:${PORTS.staticHttps} ssl;
    server_name localhost;
    ssl_certificate ${certificate};
    ssl_certificate_key ${key};
    location = /page { default_type text/html; alias ${dir}/static/page.html; gzip_static on; }
}
`;
  return startNginx(dir, site + staticServers, PORTS.proxyHttps);
}

/** Whether Debian's nginx (or any nginx on PATH) can be started here. */
function nginxInstalled(): boolean {
  return spawnSync(NGINX, ["-v"], { stdio: "ignore" }).status === 0;
}

/**
 * Without nginx, the static baseline is the page served from memory by Node's
 * own HTTP server (gzip prepared once, like nginx's gzip_static): what a plain
 * static file costs in Node, with nothing of Express or Remix in the way.
 */
function startNodeStatic(pageHtml: string): Promise<Server> {
  const plain = Buffer.from(pageHtml);
  const gzipped = gzipSync(plain, { level: 9 });
  const server = createServer((request, response) => {
    const gzip = /\bgzip\b/.test(request.headers["accept-encoding"] ?? "");
    const body = gzip ? gzipped : plain;
    response.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": body.length,
      ...(gzip ? { "Content-Encoding": "gzip" } : {}),
    });
    response.end(body);
  });
  return new Promise((resolve) => server.listen(PORTS.staticHttp, "127.0.0.1", () => resolve(server)));
}

async function pageWeights(): Promise<Record<string, PageWeight>> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  const weights: Record<string, PageWeight> = {};
  try {
    for (const path of ["/", DOC, "/api", "/this-page-does-not-exist"]) {
      // Scripts load after the first paint; /api counts the explorer as opened by a reader.
      weights[path] = await measurePageWeight(
        browser,
        `http://127.0.0.1:${PORTS.site}${path}`,
        "gzip",
        path === "/api" ? openApiExplorer : hydrated,
      );
    }
  } finally {
    await browser.close();
  }
  return weights;
}

const mark = (ok: boolean) => (ok ? "✓" : "✗");

async function main() {
  const startedAt = new Date();
  const load0 = loadavg()[0]!.toFixed(1);
  const builds = buildTimes();
  const server = await startSite(PORTS.site, join(tmp, "site.log"));
  const { child, firstRequestMs, origin: site } = server;
  let nginx: RunningNginx | null = null;
  let nodeStatic: Server | null = null;
  const resilience = () =>
    benchResilience(site, child.pid!, () => child.exitCode !== null || child.signalCode !== null, {
      duration: DURATION_S,
      warmup: WARMUP_S,
      soakSeconds: SOAK_S,
      log,
    });
  try {
    if (RESILIENCE_ONLY) {
      const header = `${startedAt.toISOString()} · Node ${process.version} · ${availableParallelism()} cores · load average ${load0} at start`;
      const section = resilienceSection(await resilience());
      process.stdout.write(
        `${[
          header,
          "",
          ...section,
          `Load average at the end: ${loadavg()
            .map((l) => l.toFixed(1))
            .join(" ")}`,
        ].join("\n")}\n`,
      );
      return;
    }
    const rssBefore = rssMb(child.pid!);
    const gzip = { "Accept-Encoding": "gzip" };
    const cases = [
      ["/healthz (trivial route)", "/healthz"],
      ["/ (landing)", "/"],
      [`${DOC} (docs page)`, DOC],
      ["/api", "/api"],
      ["404", "/this-page-does-not-exist"],
    ] as const;
    const direct: Record<string, { plain: Load; gzip: Load }> = {};
    for (const [label, path] of cases) {
      log(`load: ${label}`);
      direct[path] = { plain: await load(`${site}${path}`), gzip: await load(`${site}${path}`, gzip) };
    }
    const search = await load(`${site}/search.json?q=docker%20compose`);
    const rssAfter = rssMb(child.pid!);
    const newAddresses = await resilience();

    const pageHtml = await (await fetch(`${site}${DOC}`)).text();
    const withNginx = nginxInstalled();
    let staticHttps: Load | null = null;
    let proxied: Load | null = null;
    if (withNginx) {
      log("nginx: static file and the shipped configuration in front of the site…");
      nginx = await startNginxPair(pageHtml);
    } else {
      log(
        "nginx is not installed: the static baseline is Node's HTTP server, and the deploy/nginx.conf rows are left out",
      );
      nodeStatic = await startNodeStatic(pageHtml);
    }
    const staticName = withNginx ? "nginx" : "Node static server";
    const staticHttp = {
      plain: await load(`http://127.0.0.1:${PORTS.staticHttp}/page`),
      gzip: await load(`http://127.0.0.1:${PORTS.staticHttp}/page`, gzip),
    };
    if (withNginx) {
      staticHttps = await load(`https://localhost:${PORTS.staticHttps}/page`, gzip);
      proxied = await load(`https://localhost:${PORTS.proxyHttps}${DOC}`, gzip);
    }

    log("page weight in Chromium…");
    const weights = await pageWeights();
    log("search…");
    const searchCost = benchSearch();

    const healthz = direct["/healthz"]!;
    const lines: string[] = [];
    lines.push(`# Benchmark results`, "");
    lines.push(
      `${startedAt.toISOString()} · Node ${process.version} · ${availableParallelism()} cores · load average ${load0} at start · ` +
        `${CONNECTIONS} connections, ${DURATION_S} s per run after ${WARMUP_S} s warm-up, median of ${RUNS} run(s) · autocannon in the same machine as the server`,
      "",
    );
    lines.push("## Throughput and latency (remix-serve, one process)", "");
    lines.push(
      "| Case | Encoding | req/s | p50 | p99 | vs /healthz | Target |",
      "| --- | --- | ---: | ---: | ---: | ---: | --- |",
    );
    for (const [label, path] of cases) {
      for (const encoding of ["plain", "gzip"] as const) {
        const figure = direct[path]![encoding];
        const ratio = figure.rps / healthz[encoding].rps;
        const page = path !== "/healthz" && path !== "/this-page-does-not-exist";
        const target = page ? `≥ 70 %, p99 < 50 ms ${mark(ratio >= 0.7 && figure.p99 < 50)}` : "";
        lines.push(
          `| ${label} | ${encoding} | ${Math.round(figure.rps)} | ${figure.p50} ms | ${figure.p99} ms | ${Math.round(ratio * 100)} % | ${target} |`,
        );
      }
    }
    lines.push(
      `| /search.json?q=docker compose | plain | ${Math.round(search.rps)} | ${search.p50} ms | ${search.p99} ms | ${Math.round((search.rps / healthz.plain.rps) * 100)} % | |`,
    );
    const failures =
      Object.values(direct).reduce((s, d) => s + d.plain.failures + d.gzip.failures, 0) + search.failures;
    lines.push("", `Failed requests (errors, timeouts, 5xx) across all runs: ${failures}.`, "");

    lines.push(...resilienceSection(newAddresses));

    lines.push(`## Against a static file server (${staticName}, same run)`, "");
    lines.push("| Case | req/s | p50 | p99 | Ratio | Target |", "| --- | ---: | ---: | ---: | ---: | --- |");
    const docs = direct[DOC]!;
    lines.push(
      `| ${staticName}, the docs page as a static file (HTTP) | ${Math.round(staticHttp.plain.rps)} | ${staticHttp.plain.p50} ms | ${staticHttp.plain.p99} ms | | |`,
    );
    lines.push(
      `| remix-serve, the docs page (HTTP) | ${Math.round(docs.plain.rps)} | ${docs.plain.p50} ms | ${docs.plain.p99} ms | ${((docs.plain.rps / staticHttp.plain.rps) * 100).toFixed(0)} % of ${staticName} | report |`,
    );
    lines.push(
      `| ${staticName}, gzip (HTTP) | ${Math.round(staticHttp.gzip.rps)} | ${staticHttp.gzip.p50} ms | ${staticHttp.gzip.p99} ms | | |`,
    );
    lines.push(
      `| remix-serve, the docs page, gzip (HTTP) | ${Math.round(docs.gzip.rps)} | ${docs.gzip.p50} ms | ${docs.gzip.p99} ms | ${((docs.gzip.rps / staticHttp.gzip.rps) * 100).toFixed(0)} % of ${staticName} | report |`,
    );
    if (staticHttps && proxied) {
      lines.push(
        `| nginx static, gzip (HTTPS) | ${Math.round(staticHttps.rps)} | ${staticHttps.p50} ms | ${staticHttps.p99} ms | | |`,
      );
      const proxyRatio = proxied.rps / staticHttps.rps;
      lines.push(
        `| deploy/nginx.conf (micro-cache) in front of the site, gzip (HTTPS) | ${Math.round(proxied.rps)} | ${proxied.p50} ms | ${proxied.p99} ms | ${(proxyRatio * 100).toFixed(0)} % of nginx static | ≥ 50 % ${mark(proxyRatio >= 0.5)} |`,
      );
    } else {
      lines.push(
        "",
        "nginx is not installed here, so deploy/nginx.conf was not measured (`apt-get install nginx`, then run again).",
      );
    }
    lines.push("");

    lines.push("## Memory, build and start", "");
    lines.push("| Figure | Value | Target |", "| --- | ---: | --- |");
    lines.push(`| Server RSS before the load | ${rssBefore.toFixed(0)} MB | |`);
    lines.push(`| Server RSS after the load | ${rssAfter.toFixed(0)} MB | < 150 MB ${mark(rssAfter < 150)} |`);
    if (builds) {
      lines.push(
        `| Cold build (no content cache, no previous build) | ${seconds(builds.cold)} | < 20 s ${mark(builds.cold < 20_000)} |`,
      );
      lines.push(`| Warm build (content from its cache) | ${seconds(builds.warm)} | |`);
    }
    lines.push(`| Start to first answered request | ${Math.round(firstRequestMs)} ms | |`, "");

    lines.push("## First-visit page weight (Chromium, from the network, gzip)", "");
    lines.push(
      "| Page | HTML | CSS | JavaScript | Fonts | Targets (gzip: HTML ≤ 40 KB, CSS ≤ 15 KB, JS ≤ 90 KB) |",
      "| --- | --- | --- | --- | --- | --- |",
    );
    for (const [path, weight] of Object.entries(weights)) {
      const cell = (kind: "html" | "css" | "js" | "font") =>
        `${kb(weight[kind].transferred)} (${kb(weight[kind].raw)} raw)`;
      // /api is measured with the explorer open: its JavaScript has its own target, below.
      const js = path === "/api" ? "" : ` JS ${mark(weight.js.transferred <= 90 * 1024)}`;
      const checks = `HTML ${mark(weight.html.transferred <= 15 * 1024)} CSS ${mark(weight.css.transferred <= 15 * 1024)}${js}`;
      lines.push(`| ${path} | ${cell("html")} | ${cell("css")} | ${cell("js")} | ${cell("font")} | ${checks} |`);
    }
    const docsScripts = new Set(weights[DOC]!.files.filter((f) => f.kind === "js").map((f) => f.url));
    const apiExtra = weights["/api"]!.files.filter((f) => f.kind === "js" && !docsScripts.has(f.url)).reduce(
      (s, f) => s + f.transferred,
      0,
    );
    lines.push(
      "",
      `/api JavaScript beyond a docs page: ${kb(apiExtra)} (target ≤ 230 KB ${mark(apiExtra <= 230 * 1024)}).`,
      "",
    );

    lines.push("## Search", "");
    lines.push("| Figure | Value |", "| --- | ---: |");
    lines.push(`| Index (documents) | ${searchCost.documents} |`);
    lines.push(`| Index size | ${kb(searchCost.indexBytes)} raw, ${kb(searchCost.indexGzipBytes)} gzip |`);
    lines.push(
      `| Query, results page: p50 / p99 | ${searchCost.page.p50Ms.toFixed(2)} ms / ${searchCost.page.p99Ms.toFixed(2)} ms |`,
    );
    lines.push(
      `| Query, dialog: p50 / p99 | ${searchCost.dialog.p50Ms.toFixed(2)} ms / ${searchCost.dialog.p99Ms.toFixed(2)} ms |`,
    );
    lines.push(
      `| Dialog code, fetched on first open | ${kb(searchCost.dialogScriptGzipBytes)} gzip (${kb(searchCost.dialogScriptBytes)} raw) |`,
    );
    lines.push("");

    const markdown = lines.join("\n");
    process.stdout.write(`${markdown}\n`);
    if (!QUICK) writeFileSync(join(root, "bench/results.md"), `${markdown}\n`);
  } finally {
    await nginx?.stop();
    nodeStatic?.close();
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
