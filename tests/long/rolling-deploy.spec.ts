import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import {
  buildIdOf,
  navigateOldTab,
  OLD_TAB_PAGE,
  OLD_TAB_TARGET,
  openTab,
  prepareSecondBuild,
  rollingDeploy,
  startProxy,
  startReplica,
  type Replica,
} from "../../scripts/lib/rolling-deploy";
import { REPO_ROOT } from "../e2e/support/dockerfile";
import { EXTRA_PORTS } from "../e2e/support/ports";

// A rolling deploy, shorter than `npm run bench:deploy`: two production
// servers of this build behind the shipped deploy/nginx.conf, load through
// nginx, then each replaced in turn by a server of a second build (other
// asset names). Nothing may fail: no request, no script, no open tab.

const ports = { https: EXTRA_PORTS.rollingHttps, http: EXTRA_PORTS.rollingHttp, replicas: [EXTRA_PORTS.rollingReplicaA, EXTRA_PORTS.rollingReplicaB] as [number, number] };
let dir = "";
let replicas: Replica[] = [];
let stopProxy = async () => {};

test.afterAll(async () => {
  await Promise.all(replicas.map((replica) => replica.stop()));
  await stopProxy();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("two replicas rolled to a new build under load: no failed request, no missing script, an open tab keeps navigating", async ({ browser }) => {
  // A second `npm run build:app` runs inside the test.
  test.setTimeout(900_000);
  dir = mkdtempSync(join(tmpdir(), "smriti-roll-"));
  const secondBuild = join(dir, "site-b");
  await prepareSecondBuild(REPO_ROOT, secondBuild, "b");
  const oldBuild = buildIdOf(REPO_ROOT);
  const newBuild = buildIdOf(secondBuild);
  expect(newBuild).not.toBe(oldBuild);

  replicas = await Promise.all(ports.replicas.map((port) => startReplica(REPO_ROOT, port, join(dir, `old-${port}.log`), { SITE_DRAIN_MS: "1000" })));
  const proxy = await startProxy(dir, ports);
  stopProxy = () => proxy.nginx.stop();
  const oldTab = await openTab(browser, proxy.origin, OLD_TAB_PAGE);
  expect(oldTab.build).toBe(oldBuild);

  const { figures, replicas: fresh } = await rollingDeploy({
    origin: proxy.origin,
    replicas,
    replace: (port) => startReplica(secondBuild, port, join(dir, `new-${port}.log`), { SITE_DRAIN_MS: "1000" }),
    connections: 8,
    settleSeconds: 3,
    log: (line) => console.log(`[rolling-deploy] ${line}`),
  });
  replicas = fresh;
  const summary = `${figures.requests} requests, ${figures.errors} errors, ${figures.timeouts} timeouts, ${figures.non2xx} non-2xx, p99 ${figures.p99} ms; ${figures.pagesChecked} pages and ${figures.assetsChecked} files checked`;
  console.log(`[rolling-deploy] ${summary}`);
  test.info().annotations.push({ type: "roll", description: summary });

  expect(figures.requests).toBeGreaterThan(0);
  expect({ errors: figures.errors, timeouts: figures.timeouts, non2xx: figures.non2xx, status5xx: figures.status5xx }).toEqual({ errors: 0, timeouts: 0, non2xx: 0, status5xx: 0 });
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

  const errors = proxy.nginx.errorLog().split("\n").filter((line) => /\[(?:emerg|alert|crit)\]/.test(line));
  expect(errors).toEqual([]);
});
