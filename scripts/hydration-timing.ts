// `npx tsx scripts/hydration-timing.ts [path]`: when a first visit paints and when it
// hydrates on a throttled connection (Lighthouse's slow 4G: 150 ms round trips,
// 1.6 Mbit/s down, 750 kbit/s up; no CPU slowdown), median of 5 visits with an empty
// cache, in Debian's Chromium against the production build. It shows what the
// scripts cost now that they start after the first paint
// (docs/decisions/014-hydration-after-first-paint.md): how long their downloads take
// against the time their bytes alone need on that link, i.e. the cost of the
// number of requests. Prints a table; nothing is written.
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { startSite } from "./lib/site-server";

const root = join(import.meta.dirname, "..");
const PORT = Number(process.env.TIMING_PORT ?? 4930);
const path = process.argv[2] ?? "/docs/user-guide/installation";
const VISITS = 5;
const RTT_MS = 150;
const DOWN_BYTES_PER_MS = (1.6 * 1024 * 1024) / 8 / 1000;

interface Visit {
  fcp: number;
  load: number;
  scriptsStart: number;
  scriptsEnd: number;
  hydrated: number;
  scripts: number;
  scriptBytes: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function main() {
  const site = await startSite(PORT, join(root, "bench/tmp/hydration-timing.log"));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  const visits: Visit[] = [];
  try {
    for (let i = 0; i < VISITS; i += 1) {
      const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: RTT_MS,
        downloadThroughput: DOWN_BYTES_PER_MS * 1000,
        uploadThroughput: (750 * 1024) / 8,
      });
      await page.goto(`${site.origin}${path}`, { waitUntil: "load" });
      await page.locator("body[data-hydrated]").waitFor({ state: "attached", timeout: 60_000 });
      const hydratedAt = await page.evaluate(() => performance.now());
      const timing = await page.evaluate(() => {
        const scripts = performance
          .getEntriesByType("resource")
          .filter(
            (entry) => entry.name.includes("/build/") && entry.name.endsWith(".js"),
          ) as PerformanceResourceTiming[];
        const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
        return {
          fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
          load: navigation?.loadEventStart ?? Number.NaN,
          scriptsStart: Math.min(...scripts.map((entry) => entry.startTime)),
          scriptsEnd: Math.max(...scripts.map((entry) => entry.responseEnd)),
          scripts: scripts.length,
          scriptBytes: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
        };
      });
      visits.push({ ...timing, hydrated: hydratedAt });
      await context.close();
    }
  } finally {
    await browser.close();
    site.stop();
  }
  const m = (pick: (visit: Visit) => number) => Math.round(median(visits.map(pick)));
  const bytes = m((visit) => visit.scriptBytes);
  const span = m((visit) => visit.scriptsEnd - visit.scriptsStart);
  const bytesOnly = Math.round(bytes / DOWN_BYTES_PER_MS);
  console.log(`${path}, slow 4G (${RTT_MS} ms RTT, 1.6 Mbit/s), median of ${VISITS} first visits:`);
  console.log(`  first contentful paint   ${m((visit) => visit.fcp)} ms`);
  console.log(`  load event               ${m((visit) => visit.load)} ms`);
  console.log(
    `  scripts: ${m((visit) => visit.scripts)} requests, ${(bytes / 1024).toFixed(1)} KB, from ${m((visit) => visit.scriptsStart)} to ${m((visit) => visit.scriptsEnd)} ms`,
  );
  console.log(`  hydrated                 ${m((visit) => visit.hydrated)} ms`);
  console.log(
    `  script downloads took ${span} ms; their bytes alone need ${bytesOnly} ms, plus one round trip ${RTT_MS} ms:`,
  );
  console.log(`  the number of requests cost about ${Math.max(0, span - bytesOnly - RTT_MS)} ms of hydration delay`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
