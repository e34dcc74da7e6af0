// `npm run screenshots [-- /path ...]`: full-page screenshots of a running
// site (SITE=http://127.0.0.1:3000 by default) at desktop and phone widths, in
// light and dark, into test-results/screenshots/. For looking at layouts
// before calling a page done; not a test.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";

const site = process.env.SITE ?? "http://127.0.0.1:3000";
const paths = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
const targets = paths.length ? paths : ["/", "/docs/user-guide/installation", "/api", "/markdown-page", "/nope"];
const out = join(import.meta.dirname, "../test-results/screenshots");
mkdirSync(out, { recursive: true });

const sizes = [
  { name: "desktop", viewport: { width: 1280, height: 800 }, isMobile: false },
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
try {
  for (const size of sizes) {
    for (const theme of ["light", "dark"] as const) {
      const context = await browser.newContext({
        viewport: size.viewport,
        isMobile: size.isMobile,
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      for (const path of targets) {
        await page.goto(`${site}${path}`, { waitUntil: "networkidle" });
        if (theme === "dark" && !(await page.locator("html.dark").count())) {
          await page.getByRole("button", { name: "Switch to dark mode" }).first().click();
          await page.waitForSelector("html.dark");
        }
        const file = join(out, `${size.name}-${theme}${path.replace(/\//g, "_") || "_"}.png`);
        await page.screenshot({ path: file, fullPage: process.argv.includes("--full") });
        console.log(file);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
