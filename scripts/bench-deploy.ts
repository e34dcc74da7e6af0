// `npm run bench:deploy`: a rolling deploy under load (scripts/lib/rolling-deploy.ts).
// Two production servers of this checkout's build (run `npm run build` first)
// behind deploy/nginx.conf, autocannon through nginx, then each server
// replaced in turn by a server of a second build with other asset names.
// Prints requests served, errors, 5xx, script 404s and latency during the
// run, and whether a tab opened on the old build still navigates after it.
//
//   E2E_PORT_BASE=4310 (ports +50..+99 are used)  DEPLOY_CONNECTIONS=20  DEPLOY_SETTLE_S=10
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { EXTRA_PORTS } from "../tests/e2e/support/ports";
import {
  buildIdOf,
  FORM_SHARE,
  navigateOldTab,
  OLD_TAB_PAGE,
  openTab,
  prepareSecondBuild,
  rollingDeploy,
  startProxy,
  startReplica,
  type Replica,
} from "./lib/rolling-deploy";

const checkout = join(import.meta.dirname, "..");
const connections = Number(process.env.DEPLOY_CONNECTIONS ?? 20);
const settleSeconds = Number(process.env.DEPLOY_SETTLE_S ?? 10);
const drainMs = "1000";
const ports = {
  https: EXTRA_PORTS.rollingHttps,
  http: EXTRA_PORTS.rollingHttp,
  replicas: [EXTRA_PORTS.rollingReplicaA, EXTRA_PORTS.rollingReplicaB] as [number, number],
};
const log = (line: string) => console.log(`[bench:deploy] ${line}`);

const dir = mkdtempSync(join(tmpdir(), "smriti-deploy-"));
const secondBuild = join(dir, "site-b");
let replicas: Replica[] = [];
let stopProxy = async () => {};
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--disable-background-networking", "--disable-quic"],
});
try {
  const oldBuild = buildIdOf(checkout);
  log(`second build in ${secondBuild} (npm run build:app with a changed client entry)…`);
  await prepareSecondBuild(checkout, secondBuild, "b");
  const newBuild = buildIdOf(secondBuild);
  log(`builds: ${oldBuild} (running) -> ${newBuild} (new)`);

  replicas = await Promise.all(
    ports.replicas.map((port) =>
      startReplica(checkout, port, join(dir, `replica-${port}-old.log`), { SITE_DRAIN_MS: drainMs }),
    ),
  );
  const proxy = await startProxy(dir, ports);
  stopProxy = () => proxy.nginx.stop();
  const oldTab = await openTab(browser, proxy.origin, OLD_TAB_PAGE);
  log(`a tab on ${OLD_TAB_PAGE}, build ${oldTab.build}`);

  const { figures, replicas: fresh } = await rollingDeploy({
    origin: proxy.origin,
    replicas,
    replace: (port) =>
      startReplica(secondBuild, port, join(dir, `replica-${port}-new.log`), { SITE_DRAIN_MS: drainMs }),
    connections,
    settleSeconds,
    log,
  });
  replicas = fresh;

  const navigation = await navigateOldTab(oldTab);
  // A new reader: whatever nginx or a replica answers (a cached page of the old build is fine: its files are kept).
  const newTab = await openTab(browser, proxy.origin, OLD_TAB_PAGE);
  // A page rendered by a new replica, past nginx's page cache.
  const freshTab = await openTab(browser, proxy.origin, OLD_TAB_PAGE, { pastPageCache: true });
  const nginxErrors = proxy.nginx
    .errorLog()
    .split("\n")
    .filter((line) => /\[(?:emerg|alert|crit|error)\]/.test(line));

  console.log(`
Rolling deploy, ${new Date().toISOString()}, Node ${process.version}, ${connections} connections, ${settleSeconds} s before and after
  requests served   ${figures.requests} (autocannon: ${FORM_SHARE * 100} % theme form posts, the rest pages, half of them past the page cache)
  failed requests   ${figures.errors} errors, ${figures.timeouts} timeouts
  non-2xx / 5xx     ${figures.non2xx} / ${figures.status5xx}
  latency           p50 ${figures.p50} ms, p99 ${figures.p99} ms, max ${figures.max} ms
  the roll          ${Math.round(figures.rollMs)} ms for ${ports.replicas.length} replicas
  pages checked     ${figures.pagesChecked}, with ${figures.assetsChecked} distinct scripts and styles they name; failures: ${figures.checkFailures.length}
  builds seen       ${figures.buildsSeen.join(", ")}
  old files on the new replicas: ${figures.missingOnNewReplicas.length === 0 ? "all served" : figures.missingOnNewReplicas.join("; ")}
  old tab (${oldTab.build}) -> ${navigation.path}: ${navigation.clientSide ? "client-side navigation" : "full page load"}, "${navigation.heading}", failed files: ${oldTab.failures.length}
  new tab           build ${newTab.build}, failed files: ${newTab.failures.length}; past the page cache: build ${freshTab.build}, failed files: ${freshTab.failures.length}
  nginx errors       ${nginxErrors.length}${nginxErrors.length ? `\n    ${nginxErrors.slice(0, 5).join("\n    ")}` : ""}
`);
  for (const failure of [...figures.checkFailures, ...oldTab.failures, ...newTab.failures, ...freshTab.failures].slice(
    0,
    20,
  ))
    console.log(`  ! ${failure}`);
  const ok =
    figures.errors + figures.timeouts + figures.non2xx === 0 &&
    figures.checkFailures.length === 0 &&
    figures.missingOnNewReplicas.length === 0 &&
    oldTab.failures.length + newTab.failures.length + freshTab.failures.length === 0 &&
    navigation.clientSide &&
    oldTab.build === oldBuild &&
    [oldBuild, newBuild].includes(newTab.build) &&
    freshTab.build === newBuild;
  console.log(ok ? "no failed request, no 5xx, no missing script" : "FAILED: see above");
  process.exitCode = ok ? 0 : 1;
} finally {
  await browser.close();
  await Promise.all(replicas.map((replica) => replica.stop()));
  await stopProxy();
  if (!process.env.DEPLOY_KEEP) rmSync(dir, { recursive: true, force: true });
}
