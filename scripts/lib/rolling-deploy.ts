// A rolling deploy on loopback, as an operator runs one: two production
// servers of one build behind the shipped deploy/nginx.conf (Debian's nginx),
// load from autocannon, then each server replaced in turn by a server of
// another build. Used by `npm run bench:deploy` (scripts/bench-deploy.ts) and,
// shorter, by tests/long/rolling-deploy.spec.ts.
import { spawn, type ChildProcess } from "node:child_process";
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import https from "node:https";
import { join, relative, sep } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Browser, Page } from "@playwright/test";
import autocannon, { type Request, type Result } from "autocannon";
import { readDockerfile, runtimeStage, serverCommand, stageEnv } from "../../tests/e2e/support/dockerfile";
import {
  configForTest,
  selfSignedCertificate,
  SHIPPED_CONFIG,
  startNginx,
  type RunningNginx,
} from "../../tests/e2e/support/nginx";

export const HOST = "localhost";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Pages the load asks for; every one is a 200 in both builds. */
export const PAGES = [
  "/",
  "/docs/user-guide/installation",
  "/docs/dev-guide/introduction",
  "/docs/user-guide/documentation-site",
  "/api",
  "/docs/next/user-guide/installation",
];

/** The share of the load that posts the theme form (the rest asks for PAGES). */
export const FORM_SHARE = 0.02;

/** A cookie the proxy does not know: such requests skip its page cache and reach a replica. */
export const BYPASS_COOKIE = "roll=1";

/**
 * A second build of `checkout` in `dir`, with different asset names: a copy
 * of the sources (node_modules linked, the compiled content and the current
 * build's public/build/ copied) with a change in the client entry, built with
 * `npm run build:app`, which keeps the previous build's files beside its own.
 */
export async function prepareSecondBuild(checkout: string, dir: string, label: string): Promise<void> {
  const skip = new Set([
    "node_modules",
    ".git",
    ".cache",
    ".dev",
    "test-results",
    "playwright-report",
    "bench",
    "lighthouse",
  ]);
  cpSync(checkout, dir, { recursive: true, filter: (source) => !skip.has(relative(checkout, source).split(sep)[0]!) });
  symlinkSync(join(checkout, "node_modules"), join(dir, "node_modules"));
  const entry = join(dir, "app/entry.client.tsx");
  // A real change in the shipped script: the build's label, readable in the browser.
  writeFileSync(
    entry,
    `${readFileSync(entry, "utf8")}\n(window as unknown as { smritiBuild?: string }).smritiBuild = ${JSON.stringify(label)};\n`,
  );
  const log = join(dir, "build.log");
  const code = await new Promise<number | null>((resolve) => {
    const out = openSync(log, "w");
    const child = spawn("npm", ["run", "build:app"], { cwd: dir, stdio: ["ignore", out, out], env: process.env });
    closeSync(out);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`the second build failed:\n${readFileSync(log, "utf8")}`);
}

/**
 * A copy of the built folder `from` in `dir` that serves only its own build's
 * files: what a replica looks like once its build is the third after the one
 * it replaced (SITE_KEEP_BUILDS keeps two), without building three times.
 */
export function prepareLaterBuild(from: string, dir: string): void {
  const skip = new Set(["node_modules", ".cache"]);
  cpSync(from, dir, { recursive: true, filter: (source) => !skip.has(relative(from, source).split(sep)[0]!) });
  symlinkSync(join(from, "node_modules"), join(dir, "node_modules"));
  const assets = join(dir, "public/build");
  const [own, ...earlier] = JSON.parse(readFileSync(join(assets, ".builds.json"), "utf8")) as {
    id: string;
    files: string[];
  }[];
  const kept = new Set(own!.files);
  for (const name of earlier.flatMap((record) => record.files)) {
    if (kept.has(name)) continue;
    for (const suffix of ["", ".br", ".gz"]) rmSync(join(assets, name + suffix), { force: true });
  }
  writeFileSync(join(assets, ".builds.json"), `${JSON.stringify([own], null, 2)}\n`);
}

/** The build id (Remix manifest version) a folder serves. */
export function buildIdOf(dir: string): string {
  const history = JSON.parse(readFileSync(join(dir, "public/build/.builds.json"), "utf8")) as { id: string }[];
  return history[0]!.id;
}

export interface Replica {
  port: number;
  cwd: string;
  child: ChildProcess;
  exited: Promise<void>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/** A production server of the build in `cwd`, started as the container starts it; resolves once /healthz answers 200. */
export async function startReplica(
  cwd: string,
  port: number,
  logFile: string,
  env: Record<string, string> = {},
): Promise<Replica> {
  const stage = runtimeStage(readDockerfile());
  const [, ...argv] = serverCommand(stage);
  const out = openSync(logFile, "a");
  const child = spawn(process.execPath, argv, {
    cwd,
    // Not this process's environment: it may carry tsx's loader in NODE_OPTIONS.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      ...stageEnv(stage),
      HOST: "127.0.0.1",
      PORT: String(port),
      ...env,
    },
    stdio: ["ignore", out, out],
  });
  closeSync(out);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = performance.now() + 90_000;
  for (;;) {
    if (gone) throw new Error(`the server on port ${port} exited at start:\n${readFileSync(logFile, "utf8")}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(3000) });
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server on port ${port} did not answer /healthz within 90 s`);
    }
    await sleep(100);
  }
  return {
    port,
    cwd,
    child,
    exited,
    async stop() {
      if (gone) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A body as sent, decompressed when the answer says it is (a caller that asks for br or gzip). */
function decode(raw: Buffer, encoding: string | undefined): string {
  if (encoding === "br") return brotliDecompressSync(raw).toString("utf8");
  if (encoding === "gzip") return gunzipSync(raw).toString("utf8");
  return raw.toString("utf8");
}

/** A GET through the proxy (its self-signed certificate accepted), on a fresh connection. */
export function get(origin: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = https.get(
      `${origin}${path}`,
      { headers, rejectUnauthorized: false, servername: HOST, agent: false, timeout: 20_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          try {
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: decode(Buffer.concat(chunks), response.headers["content-encoding"]),
            });
          } catch (error) {
            reject(error);
          }
        });
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error(`timeout: ${path}`)));
    request.on("error", reject);
  });
}

/** Every fingerprinted file a page names (scripts, module preloads, styles, the manifest). */
export function assetsOf(html: string): string[] {
  return [...new Set([...html.matchAll(/["'(](\/build\/[^"'()\s]+\.(?:js|css))/g)].map((match) => match[1]!))];
}

/**
 * The files a page names, and through its manifest every route module a
 * client-side navigation may load, asked of the proxy as a browser would:
 * the answers other than 200. Files in `checked` are not asked again; every
 * file named is added to `seen`.
 */
export async function unservedFiles(
  origin: string,
  html: string,
  checked = new Set<string>(),
  seen = new Set<string>(),
): Promise<string[]> {
  const failures: string[] = [];
  const queue = assetsOf(html);
  while (queue.length > 0) {
    const asset = queue.shift()!;
    seen.add(asset);
    if (checked.has(asset)) continue;
    checked.add(asset);
    const answer = await get(origin, asset);
    if (answer.status !== 200) failures.push(`${answer.status} ${asset}`);
    else if (/\/manifest-[\w-]+\.js$/.test(asset)) queue.push(...assetsOf(answer.body));
  }
  return failures;
}

export interface ProxySetup {
  origin: string;
  nginx: RunningNginx;
}

/** The shipped nginx configuration in front of the two replica ports. */
export async function startProxy(
  dir: string,
  ports: { https: number; http: number; replicas: [number, number] },
): Promise<ProxySetup> {
  const { certificate, key } = await selfSignedCertificate(dir, HOST);
  const config = configForTest(readFileSync(SHIPPED_CONFIG, "utf8"), {
    host: HOST,
    httpPort: ports.http,
    httpsPort: ports.https,
    upstreamPort: ports.replicas[0],
    secondUpstreamPort: ports.replicas[1],
    certificate,
    key,
    cacheDir: join(dir, "cache"),
    webroot: join(dir, "webroot"),
  });
  const nginx = await startNginx(dir, config, ports.https);
  return { origin: `https://${HOST}:${ports.https}`, nginx };
}

export interface RollFigures {
  /** Requests autocannon completed during the whole run (before, during and after the roll). */
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  status5xx: number;
  p50: number;
  p99: number;
  max: number;
  /** Pages the checker fetched and the fingerprinted files they named, each fetched through the proxy. */
  pagesChecked: number;
  assetsChecked: number;
  /** Answers other than 200 to those (a page or script a reader would miss). */
  checkFailures: string[];
  /** Assets named by any page during the roll that a replica of the new build does not serve directly. */
  missingOnNewReplicas: string[];
  buildsSeen: string[];
  rollMs: number;
}

export interface RollOptions {
  origin: string;
  /** The replicas running now, in the order they are replaced. */
  replicas: Replica[];
  /** Starts the replacement of a replica (same port, the new build). */
  replace: (port: number) => Promise<Replica>;
  connections: number;
  /** Seconds of load before the roll starts and after it ends. */
  settleSeconds: number;
  log: (line: string) => void;
}

/** The upstream's fail_timeout in the shipped configuration: how long nginx avoids a replica after a failure. */
export function upstreamRetryMs(): number {
  const seconds = /fail_timeout=(\d+)s/.exec(readFileSync(SHIPPED_CONFIG, "utf8"))?.[1];
  if (!seconds) throw new Error("deploy/nginx.conf: no fail_timeout on the upstream servers");
  return Number(seconds) * 1000;
}

/** Builds named on a page: the manifest script carries the build id. */
export function buildOfPage(html: string): string | undefined {
  return /\/build\/manifest-([\w-]+)\.js/.exec(html)?.[1];
}

/**
 * Load through the proxy while each replica is replaced in turn; a checker
 * loads pages and every file they name, as a browser would. Returns the new
 * replicas (the caller stops them) and the figures.
 */
export async function rollingDeploy(options: RollOptions): Promise<{ figures: RollFigures; replicas: Replica[] }> {
  const { origin, connections, settleSeconds, log } = options;
  const url = new URL(origin);
  let stopped = false;
  let stopLoad: () => void = () => {};
  const load = new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        servername: HOST,
        connections,
        duration: 3600,
        // A reader's browser waits far longer than autocannon's default 10 s; on this shared
        // 2-core machine (load average 30+) a few answers took 10 s while a replica started.
        timeout: 30,
        headers: { "accept-encoding": "br, gzip", accept: "text/html" },
        requests: [
          {
            method: "GET",
            setupRequest: (request: Request) => {
              // One request in fifty is a reader's theme switch, posted as the page's script posts it (JSON,
              // answered 200; a form sent without JavaScript is redirected back with a 303): a POST, which
              // nginx never sends to a second replica once one has seen it, so a replica that drops a
              // request would fail it.
              if (Math.random() < FORM_SHARE) {
                const headers = { ...request.headers, host: url.host, origin, "content-type": "application/json" };
                return { ...request, method: "POST", path: "/settings/theme", headers, body: '{"theme":"dark"}' };
              }
              const path = PAGES[Math.floor(Math.random() * PAGES.length)]!;
              // Half the page requests skip the page cache, so the replicas themselves are under load.
              const headers = {
                ...request.headers,
                host: `${url.host}`,
                ...(Math.random() < 0.5 ? { cookie: BYPASS_COOKIE } : {}),
              };
              return { ...request, method: "GET", path, headers, body: undefined };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    stopLoad = () => instance.stop();
  });

  const checkFailures: string[] = [];
  const assetsSeen = new Set<string>();
  const assetsChecked = new Set<string>();
  const builds = new Set<string>();
  let pagesChecked = 0;
  async function checker() {
    while (!stopped) {
      const path = PAGES[Math.floor(Math.random() * PAGES.length)]!;
      try {
        const page = await get(origin, path, Math.random() < 0.5 ? { cookie: BYPASS_COOKIE } : {});
        pagesChecked += 1;
        if (page.status !== 200) {
          checkFailures.push(`${page.status} ${path}`);
          continue;
        }
        const build = buildOfPage(page.body);
        if (build) builds.add(build);
        // Each file once through the proxy (it keeps it after that); all of them are asked of the new replicas at the end.
        for (const failure of await unservedFiles(origin, page.body, assetsChecked, assetsSeen))
          checkFailures.push(`${failure} (named by ${path}, build ${build})`);
      } catch (error) {
        checkFailures.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  const checkers = [checker(), checker()];

  log(`load: ${connections} connections through ${origin}; ${settleSeconds} s before the roll`);
  await sleep(settleSeconds * 1000);
  const rollStarted = performance.now();
  const replaced: Replica[] = [];
  for (const old of options.replicas) {
    const at = performance.now();
    await old.stop();
    log(`  replica :${old.port} stopped (drained, closed, exited) in ${Math.round(performance.now() - at)} ms`);
    const fresh = await options.replace(old.port);
    replaced.push(fresh);
    log(`  replica :${old.port} replaced by the new build, answering after ${Math.round(performance.now() - at)} ms`);
    // nginx left this address alone after its refused connections; it tries it again after
    // fail_timeout. Stopping the next replica sooner would leave nginx no live upstream.
    await sleep(upstreamRetryMs() + 1000);
  }
  const rollMs = performance.now() - rollStarted;
  log(`roll done in ${Math.round(rollMs)} ms; ${settleSeconds} s more load`);
  await sleep(settleSeconds * 1000);
  stopped = true;
  stopLoad();
  const [result] = await Promise.all([load, ...checkers]);

  // Every file any page named during the whole run, asked of each new replica directly (no proxy, no cache).
  const missingOnNewReplicas: string[] = [];
  for (const replica of replaced) {
    for (const asset of assetsSeen) {
      const response = await fetch(`http://127.0.0.1:${replica.port}${asset}`);
      await response.arrayBuffer();
      if (response.status !== 200) missingOnNewReplicas.push(`:${replica.port} ${response.status} ${asset}`);
    }
  }

  return {
    replicas: replaced,
    figures: {
      requests: result.requests.total,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      status5xx: result["5xx"],
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      pagesChecked,
      assetsChecked: assetsChecked.size,
      checkFailures,
      missingOnNewReplicas,
      buildsSeen: [...builds],
      rollMs,
    },
  };
}

/** A directory for a run's files (logs, nginx, the second build). */
export function ensureDir(path: string): string {
  if (!existsSync(path)) mkdirSync(path, { recursive: true });
  return path;
}

// ---- In a browser ----------------------------------------------------------

export const OLD_TAB_PAGE = "/docs/user-guide/installation";
export const OLD_TAB_TARGET = "/docs/user-guide/documentation-site";

export interface Tab {
  page: Page;
  /** /build/ files that did not load, and errors on the page. */
  failures: string[];
  build: string;
}

/** A tab on `path` through the proxy, hydrated; records every file under /build/ that fails. */
export async function openTab(
  browser: Browser,
  origin: string,
  path: string,
  options: { pastPageCache?: boolean } = {},
): Promise<Tab> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  // A cookie nginx does not know: the page comes from a replica, not from nginx's page cache.
  if (options.pastPageCache)
    await context.addCookies([
      { name: BYPASS_COOKIE.split("=")[0]!, value: BYPASS_COOKIE.split("=")[1]!, url: origin },
    ]);
  const page = await context.newPage();
  const failures: string[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/build/") && response.status() !== 200)
      failures.push(`${response.status()} ${response.url()}`);
  });
  // Scripts, styles and pages that did not arrive (Remix itself cancels data requests it no longer needs).
  page.on("requestfailed", (request) => {
    if (["script", "stylesheet", "document"].includes(request.resourceType()))
      failures.push(`failed ${request.url()}: ${request.failure()?.errorText}`);
  });
  page.on("pageerror", (error) => failures.push(`page error: ${error.message}`));
  await page.goto(`${origin}${path}`);
  await page.locator("body[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
  const version = await page.evaluate(
    () => (window as unknown as { __remixManifest: { version: string } }).__remixManifest.version,
  );
  // The manifest's file name carries the version in upper case.
  const build = version.toUpperCase();
  return { page, failures, build };
}

/**
 * Clicks the sidebar link to OLD_TAB_TARGET in a tab of the old build after
 * the roll. Returns whether it navigated client-side (the document stayed; the
 * data came from a new replica) and the heading it shows.
 */
export async function navigateOldTab(tab: Tab): Promise<{ clientSide: boolean; heading: string; path: string }> {
  const { page } = tab;
  await page.evaluate(() => ((window as unknown as { rollMarker?: boolean }).rollMarker = true));
  const before = (await page.locator("main h1").first().textContent()) ?? "";
  await page.locator(`a[href="${OLD_TAB_TARGET}"]`).first().click();
  await page.waitForURL((url) => url.pathname === OLD_TAB_TARGET, { timeout: 30_000 });
  // The new page is on screen once its heading replaced the old one.
  await page.waitForFunction((old) => (document.querySelector("main h1")?.textContent ?? old) !== old, before, {
    timeout: 30_000,
  });
  const heading = (await page.locator("main h1").first().textContent()) ?? "";
  const clientSide = await page.evaluate(() => (window as unknown as { rollMarker?: boolean }).rollMarker === true);
  return { clientSide, heading: heading.trim(), path: new URL(page.url()).pathname };
}
