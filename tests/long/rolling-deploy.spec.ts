import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import {
  buildIdOf,
  buildOfPage,
  get,
  navigateOldTab,
  OLD_TAB_PAGE,
  OLD_TAB_TARGET,
  openTab,
  PAGES,
  prepareLaterBuild,
  prepareSecondBuild,
  rollingDeploy,
  startProxy,
  startReplica,
  unservedFiles,
  type Replica,
} from "../../scripts/lib/rolling-deploy";
import { REPO_ROOT } from "../e2e/support/dockerfile";
import { EXTRA_PORTS } from "../e2e/support/ports";

// A rolling deploy, shorter than `npm run bench:deploy`: two production
// servers of this build behind the shipped deploy/nginx.conf, load through
// nginx, then each replaced in turn by a server of a second build (other
// asset names). Nothing may fail: no request, no script, no open tab.
// Then nginx's page cache across builds (decision 034).

test.describe.configure({ mode: "default" });

const ports = {
  https: EXTRA_PORTS.rollingHttps,
  http: EXTRA_PORTS.rollingHttp,
  replicas: [EXTRA_PORTS.rollingReplicaA, EXTRA_PORTS.rollingReplicaB] as [number, number],
};
let dir = "";
/** A second build of this checkout (other asset names), carrying this build's files too. */
let secondBuild = "";
/** The second build without this build's files: a replica three builds on. */
let laterBuild = "";
let oldBuild = "";
let newBuild = "";
let replicas: Replica[] = [];
/** The longest nginx hands out a stored page before asking a replica again, with a margin. */
const MICRO_CACHE_MS = 2_100;
let stopProxy = async () => {};

test.beforeAll(async () => {
  // A second `npm run build:app`, in a copy of the checkout: about a minute, several on a busy machine.
  test.setTimeout(300_000);
  dir = mkdtempSync(join(tmpdir(), "smriti-roll-"));
  secondBuild = join(dir, "site-b");
  await prepareSecondBuild(REPO_ROOT, secondBuild, "b");
  laterBuild = join(dir, "site-c");
  prepareLaterBuild(secondBuild, laterBuild);
  oldBuild = buildIdOf(REPO_ROOT);
  newBuild = buildIdOf(secondBuild);
  expect(newBuild).not.toBe(oldBuild);
  expect(buildIdOf(laterBuild)).toBe(newBuild);
});

test.afterEach(async () => {
  await Promise.all(replicas.map((replica) => replica.stop()));
  replicas = [];
  await stopProxy();
  stopProxy = async () => {};
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("two replicas rolled to a new build under load: no failed request, no missing script, an open tab keeps navigating", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const runDir = join(dir, "roll");
  mkdirSync(runDir);
  replicas = await Promise.all(
    ports.replicas.map((port) =>
      startReplica(REPO_ROOT, port, join(runDir, `old-${port}.log`), { SITE_DRAIN_MS: "1000" }),
    ),
  );
  const proxy = await startProxy(runDir, ports);
  stopProxy = () => proxy.nginx.stop();
  const oldTab = await openTab(browser, proxy.origin, OLD_TAB_PAGE);
  expect(oldTab.build).toBe(oldBuild);

  const { figures, replicas: fresh } = await rollingDeploy({
    origin: proxy.origin,
    replicas,
    replace: (port) => startReplica(secondBuild, port, join(runDir, `new-${port}.log`), { SITE_DRAIN_MS: "1000" }),
    connections: 8,
    settleSeconds: 3,
    log: (line) => console.log(`[rolling-deploy] ${line}`),
  });
  replicas = fresh;
  const summary = `${figures.requests} requests, ${figures.errors} errors, ${figures.timeouts} timeouts, ${figures.non2xx} non-2xx, p99 ${figures.p99} ms; ${figures.pagesChecked} pages and ${figures.assetsChecked} files checked`;
  console.log(`[rolling-deploy] ${summary}`);
  test.info().annotations.push({ type: "roll", description: summary });

  expect(figures.requests).toBeGreaterThan(0);
  expect({
    errors: figures.errors,
    timeouts: figures.timeouts,
    non2xx: figures.non2xx,
    status5xx: figures.status5xx,
  }).toEqual({ errors: 0, timeouts: 0, non2xx: 0, status5xx: 0 });
  expect(figures.checkFailures).toEqual([]);
  // Every page seen came from one of the two builds, and the new replicas serve the files of both.
  expect(figures.buildsSeen).toContain(newBuild);
  for (const build of figures.buildsSeen) expect([oldBuild, newBuild]).toContain(build);
  expect(figures.missingOnNewReplicas).toEqual([]);

  // The tab opened before the roll navigates client-side, with data from the new build's servers.
  const navigation = await navigateOldTab(oldTab);
  expect(navigation.path).toBe(OLD_TAB_TARGET);
  expect(navigation.heading.length).toBeGreaterThan(0);
  expect(navigation.clientSide).toBe(true);
  expect(oldTab.failures).toEqual([]);

  // A new reader's page loads whole, whoever answers: nginx's page cache (a page of either build) or a replica.
  const newTab = await openTab(browser, proxy.origin, OLD_TAB_TARGET);
  expect([oldBuild, newBuild]).toContain(newTab.build);
  expect(newTab.failures).toEqual([]);
  // Past the page cache, a replica renders it with the new build's scripts.
  const freshTab = await openTab(browser, proxy.origin, OLD_TAB_TARGET, { pastPageCache: true });
  expect(freshTab.build).toBe(newBuild);
  expect(await freshTab.page.evaluate(() => (window as unknown as { smritiBuild?: string }).smritiBuild)).toBe("b");
  expect(freshTab.failures).toEqual([]);

  const errors = proxy.nginx
    .errorLog()
    .split("\n")
    .filter((line) => /\[(?:emerg|alert|crit)\]/.test(line));
  expect(errors).toEqual([]);
});

const NEXT_PAGE = "/docs/next/user-guide/installation";
/** What a returning reader sends: on Next's pages, the version cookie its first Next page set. */
const readerCookie = (path: string): Record<string, string> =>
  path.startsWith("/docs/next/") ? { cookie: "docs-version=next" } : {};

test("nginx's page cache hands out no page whose scripts the replicas no longer serve once its 2 s micro-cache has passed, however soon the next builds come", async () => {
  test.setTimeout(180_000);
  const runDir = join(dir, "page-cache");
  mkdirSync(runDir);
  replicas = await Promise.all(
    ports.replicas.map((port) => startReplica(REPO_ROOT, port, join(runDir, `old-${port}.log`))),
  );
  const proxy = await startProxy(runDir, ports);
  stopProxy = () => proxy.nginx.stop();
  // Readers as the load sends them (brotli), as curl does (no encoding), and gzip: each an entry of its own.
  const encodings: Record<string, string>[] = [{ "accept-encoding": "br, gzip" }, {}, { "accept-encoding": "gzip" }];

  // A first visit to a Next page sets the reader's version cookie (decision 033): that answer is
  // private, so nginx never stores it and never hands its Set-Cookie to another reader.
  const firstNextVisits = [await get(proxy.origin, NEXT_PAGE, {}), await get(proxy.origin, NEXT_PAGE, {})];
  for (const answer of firstNextVisits) {
    expect(answer.headers["set-cookie"]).toBeTruthy();
    expect(["HIT", "REVALIDATED"]).not.toContain(answer.headers["x-cache-status"]);
  }

  // nginx stores every page of this build; none of their files are asked for, so nginx's /build/ cache stays empty.
  for (const path of PAGES) {
    for (const encoding of encodings) {
      const headers = { ...encoding, ...readerCookie(path) };
      const answers = [await get(proxy.origin, path, headers), await get(proxy.origin, path, headers)];
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(answers[0]!.headers["x-cache-status"]).toBe("MISS");
      expect(["HIT", "REVALIDATED"]).toContain(answers[1]!.headers["x-cache-status"]);
      expect(buildOfPage(answers[1]!.body)).toBe(oldBuild);
    }
  }

  const lastStored = Date.now();

  // Both replicas replaced at once by a build that no longer carries this build's files (a third deploy
  // in quick succession), well within the minute the site's Cache-Control would let nginx keep a page.
  await Promise.all(replicas.map((replica) => replica.stop()));
  replicas = await Promise.all(
    ports.replicas.map((port) => startReplica(laterBuild, port, join(runDir, `later-${port}.log`))),
  );
  // nginx hands out a page it stored without asking again for up to 2 s (proxy_cache_valid 1s,
  // counted in whole seconds: deploy/nginx.conf), the micro-cache's whole point. A replacement
  // this fast is the scenario's only unreal part (replicas restarted in about a second, no load):
  // the readers below come once that window has passed, as any reader after a real deploy does.
  const sinceStored = Date.now() - lastStored;
  if (sinceStored < MICRO_CACHE_MS) await new Promise((resolve) => setTimeout(resolve, MICRO_CACHE_MS - sinceStored));

  const failures: string[] = [];
  const checked = new Set<string>();
  for (const path of PAGES) {
    for (const encoding of encodings) {
      const headers = { ...encoding, ...readerCookie(path) };
      const answer = await get(proxy.origin, path, headers);
      const build = buildOfPage(answer.body);
      if (answer.status !== 200) failures.push(`${answer.status} ${path}`);
      if (build !== newBuild)
        failures.push(
          `${path} (${JSON.stringify(headers)}): a page of build ${build}, ${answer.headers["x-cache-status"]}`,
        );
      for (const failure of await unservedFiles(proxy.origin, answer.body, checked))
        failures.push(`${failure} (named by ${path}, build ${build})`);
    }
  }
  expect(failures).toEqual([]);
  expect(checked.size).toBeGreaterThan(0);
});
