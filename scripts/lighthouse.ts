// `npm run lighthouse`: Lighthouse (from npm) in Debian's Chromium against the
// production build, for the landing page, three docs pages (the two longest
// among them) and /api, with the mobile and the desktop settings, three runs
// each. The medians (of each score and each metric) go to stdout and
// lighthouse/results.md, with every run's performance score and the machine's
// load average, since timings on a busy machine are noise; the full reports of
// the last run go to lighthouse/reports/ (not committed).
//
// For a quick comparison while working: `npm run lighthouse -- --mobile /docs/user-guide/installation`
// measures only the pages and settings named, prints them and leaves results.md alone.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Config, type Flags } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { startSite } from "./lib/site-server";

const root = join(import.meta.dirname, "..");
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4920);
const PAGES = [
  "/",
  "/docs/user-guide/installation",
  // The longest guide (HTML gzipped, decision 027).
  "/docs/dev-guide/design-document",
  // The page with both diagrams (architecture and processing), inline SVG in two layouts each.
  "/docs/user-guide/introduction",
  "/api",
  // The heaviest page of the API reference (one tag's operations in full: decision 023):
  // Explore, with twelve calls (419 KB of HTML, 23.7 KB gzipped, on 2026-11-26).
  "/api/explore",
];
const args = process.argv.slice(2);
const onlyPages = args.filter((arg) => arg.startsWith("/"));
const onlyForms = (["mobile", "desktop"] as const).filter((form) => args.includes(`--${form}`));
const partial = onlyPages.length > 0 || onlyForms.length > 0;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const METRICS = {
  FCP: "first-contentful-paint",
  LCP: "largest-contentful-paint",
  TBT: "total-blocking-time",
  CLS: "cumulative-layout-shift",
} as const;
const out = join(root, "lighthouse");

/** Goals: 100 everywhere on the landing and docs pages; at least 90 performance on the API reference's pages. */
function goal(path: string, category: (typeof CATEGORIES)[number]): number {
  return (path === "/api" || path.startsWith("/api/")) && category === "performance" ? 90 : 100;
}

interface RunResult {
  scores: Record<string, number>;
  metrics: Record<string, number>;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const formatMs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const formatLoad = (load: number[]) => load.map((value) => value.toFixed(2)).join(", ");

async function main() {
  if (!existsSync(join(root, "build/index.js"))) {
    const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) process.exit(1);
  }
  mkdirSync(join(out, "reports"), { recursive: true });
  const site = await startSite(PORT, join(out, "reports/site.log"));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
  const rows: string[] = [];
  const loadBefore = loadavg();
  let missed = 0;
  try {
    for (const formFactor of onlyForms.length ? onlyForms : (["mobile", "desktop"] as const)) {
      for (const path of onlyPages.length ? onlyPages : PAGES) {
        const runs: RunResult[] = [];
        const failures: string[] = [];
        // A run that fails (a page that never painted within Lighthouse's limits, which a
        // saturated machine can cause) has no scores: it is reported and run again, once.
        for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 2; attempt += 1) {
          const flags: Flags = {
            port: chrome.port,
            output: "html",
            logLevel: "error",
            onlyCategories: [...CATEGORIES],
          };
          const config = formFactor === "desktop" ? (desktopConfig as Config) : undefined;
          const result = await lighthouse(`${site.origin}${path}`, flags, config);
          if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
          const failed =
            result.lhr.runtimeError?.code ??
            (CATEGORIES.some((category) => result.lhr.categories[category]?.score == null) ? "NO_SCORE" : null);
          if (failed) {
            failures.push(failed);
            process.stderr.write(`[lighthouse] ${formFactor} ${path}: a run failed (${failed}), running it again\n`);
            continue;
          }
          writeFileSync(
            join(out, "reports", `${formFactor}${path.replace(/\//g, "_") || "_"}.html`),
            String(result.report),
          );
          runs.push({
            scores: Object.fromEntries(
              CATEGORIES.map((category) => [category, Math.round((result.lhr.categories[category]?.score ?? 0) * 100)]),
            ),
            metrics: Object.fromEntries(
              Object.entries(METRICS).map(([name, id]) => [name, result.lhr.audits[id]?.numericValue ?? Number.NaN]),
            ),
          });
        }
        const cells = CATEGORIES.map((category) => {
          const score = median(runs.map((run) => run.scores[category] ?? 0));
          const ok = score >= goal(path, category);
          if (!ok) missed += 1;
          return `${score}${ok ? "" : ` (goal ${goal(path, category)})`}`;
        });
        const metric = (name: keyof typeof METRICS) => median(runs.map((run) => run.metrics[name] ?? Number.NaN));
        const timings = [
          formatMs(metric("FCP")),
          formatMs(metric("LCP")),
          `${Math.round(metric("TBT"))} ms`,
          metric("CLS").toFixed(3),
        ];
        if (!runs.length)
          throw new Error(`every Lighthouse run of ${formFactor} ${path} failed: ${failures.join(", ")}`);
        const perRun = [
          ...runs.map((run) => String(run.scores.performance)),
          ...failures.map((code) => `failed (${code})`),
        ].join(", ");
        rows.push(`| ${path} | ${formFactor} | ${cells.join(" | ")} | ${timings.join(" | ")} | ${perRun} |`);
        process.stderr.write(
          `[lighthouse] ${formFactor} ${path}: ${cells.join(", ")}; ${timings.join(", ")}; performance per run ${perRun}\n`,
        );
      }
    }
  } finally {
    await chrome.kill();
    site.stop();
  }
  const loadAfter = loadavg();
  const markdown = [
    "# Lighthouse scores",
    "",
    `${new Date().toISOString()} · Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version} · Chromium at ${process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"} · production build on loopback`,
    "",
    `Median of ${RUNS} runs per row (scores and metrics each). Load average (1, 5, 15 min) before: ${formatLoad(loadBefore)}; after: ${formatLoad(loadAfter)}. On a busy machine the timings, and so the performance scores, are noise: compare runs made on a quiet one.`,
    "",
    "| Page | Settings | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS | Performance per run |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ...rows,
    "",
    missed ? `${missed} score(s) below their goal.` : "Every score meets its goal.",
    "",
  ].join("\n");
  process.stdout.write(markdown);
  if (!partial) writeFileSync(join(out, "results.md"), markdown);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
