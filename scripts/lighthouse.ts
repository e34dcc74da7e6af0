// `npm run lighthouse`: Lighthouse (from npm) in Debian's Chromium against the
// production build, for the landing page, a docs page and /api, with the mobile
// and the desktop settings. Scores go to stdout and lighthouse/results.md, the
// full reports to lighthouse/reports/ (not committed).
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Config, type Flags } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { startSite } from "./lib/site-server";

const root = join(import.meta.dirname, "..");
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4920);
const PAGES = ["/", "/docs/user-guide/installation", "/api"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const out = join(root, "lighthouse");

/** Goals: 100 everywhere on the landing and docs pages; at least 90 performance on /api. */
function goal(path: string, category: (typeof CATEGORIES)[number]): number {
  return path === "/api" && category === "performance" ? 90 : 100;
}

async function main() {
  if (!existsSync(join(root, "build/index.js"))) {
    const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) process.exit(1);
  }
  mkdirSync(join(out, "reports"), { recursive: true });
  const site = await startSite(PORT, join(out, "reports/site.log"));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  const rows: string[] = [];
  let missed = 0;
  try {
    for (const formFactor of ["mobile", "desktop"] as const) {
      for (const path of PAGES) {
        const flags: Flags = { port: chrome.port, output: "html", logLevel: "error", onlyCategories: [...CATEGORIES] };
        const config = formFactor === "desktop" ? (desktopConfig as Config) : undefined;
        const result = await lighthouse(`${site.origin}${path}`, flags, config);
        if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
        const name = `${formFactor}${path.replace(/\//g, "_") || "_"}`;
        writeFileSync(join(out, "reports", `${name}.html`), String(result.report));
        const cells = CATEGORIES.map((category) => {
          const score = Math.round((result.lhr.categories[category]?.score ?? 0) * 100);
          const ok = score >= goal(path, category);
          if (!ok) missed += 1;
          return `${score}${ok ? "" : ` (goal ${goal(path, category)})`}`;
        });
        rows.push(`| ${path} | ${formFactor} | ${cells.join(" | ")} |`);
        process.stderr.write(`[lighthouse] ${formFactor} ${path}: ${cells.join(", ")}\n`);
      }
    }
  } finally {
    await chrome.kill();
    site.stop();
  }
  const markdown = [
    "# Lighthouse scores",
    "",
    `${new Date().toISOString()} · Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version} · Chromium at ${process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"} · production build on loopback`,
    "",
    "| Page | Settings | Performance | Accessibility | Best practices | SEO |",
    "| --- | --- | ---: | ---: | ---: | ---: |",
    ...rows,
    "",
    missed ? `${missed} score(s) below their goal.` : "Every score meets its goal.",
    "",
  ].join("\n");
  process.stdout.write(markdown);
  writeFileSync(join(out, "results.md"), markdown);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
