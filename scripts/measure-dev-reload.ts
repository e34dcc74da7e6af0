// `npx tsx scripts/measure-dev-reload.ts [--port 4420] [--rounds 7]`: how long a
// save takes to reach the screen under `npm run dev`. Starts the dev server
// against a temporary copy of content/, opens a small page and the largest one
// in Chromium, and saves each page `rounds` times with a new sentence, in each of
// the two ways editors save: in place (written over), and by rename (a temporary
// file beside it renamed over it, as sed -i and editors' atomic save do). The time
// is from just before the file is written to the moment the sentence is in the
// page (a MutationObserver in the page notes it; both clocks are this machine's).
// Prints the median and the slowest round per page and save style, the server's compile
// time of that page and of the whole content build the save started (its log lines).
// Not a test: the figures depend on the load.
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { startDevServer } from "../tests/e2e/support/dev-server";

const root = join(import.meta.dirname, "..");
const { values } = parseArgs({
  options: { port: { type: "string", default: "4420" }, rounds: { type: "string", default: "7" } },
});
const port = Number(values.port);
const rounds = Number(values.rounds);

const PAGES = [
  { label: "small page", url: "/docs/dev-guide/roadmap", file: "docs/dev-guide/roadmap.mdx" },
  { label: "largest page", url: "/docs/user-guide/deployment", file: "docs/user-guide/deployment.mdx" },
];

const SAVES = {
  "in place": (file: string, text: string) => writeFileSync(file, text),
  "by rename": (file: string, text: string) => {
    writeFileSync(`${file}.saving~`, text);
    renameSync(`${file}.saving~`, file);
  },
} as const;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const tmp = mkdtempSync(join(tmpdir(), "measure-dev-reload-"));
const contentDir = join(tmp, "content");
cpSync(join(root, "content"), contentDir, { recursive: true });
const server = await startDevServer({ port, reloadPort: port + 1, contentDir, timeoutMs: 300_000 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
try {
  for (const target of PAGES) {
    for (const [style, save] of Object.entries(SAVES)) {
      const file = join(contentDir, target.file);
      const original = readFileSync(file, "utf8");
      const page = await browser.newPage();
      await page.goto(`${server.origin}${target.url}`);
      await page.locator("body[data-live-content=connected]").waitFor({ state: "attached" });
      const saveToScreen: number[] = [];
      const compileMs: number[] = [];
      // The whole content build a save starts (the log's "N pages ready … in N ms").
      const rebuildMs: number[] = [];
      for (let round = 1; round <= rounds; round += 1) {
        const marker = `Measured save number ${round} of ${Date.now()}.`;
        await page.evaluate((text) => {
          const seen = window as unknown as { seenAt?: number };
          delete seen.seenAt;
          const observer = new MutationObserver(() => {
            if (document.body.textContent?.includes(text)) {
              seen.seenAt = performance.timeOrigin + performance.now();
              observer.disconnect();
            }
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        }, marker);
        const logBefore = server.output().length;
        const savedAt = Date.now();
        save(file, original.replace(/\n## /, `\n${marker}\n\n## `));
        const seenAt = await page.waitForFunction(() => (window as unknown as { seenAt?: number }).seenAt, undefined, {
          timeout: 30_000,
        });
        saveToScreen.push((await seenAt.jsonValue())! - savedAt);
        const compiled = server
          .output()
          .slice(logBefore)
          .match(new RegExp(`compiled ${file.replace(/[.]/g, "\\.")} in (\\d+) ms`));
        if (compiled) compileMs.push(Number(compiled[1]));
        const rebuilt = server
          .output()
          .slice(logBefore)
          .match(/pages ready \(.*?\) in (\d+) ms/);
        if (rebuilt) rebuildMs.push(Number(rebuilt[1]));
        // Let the server settle before the next save.
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      save(file, original);
      await page.close();
      const size = Buffer.byteLength(original);
      console.log(
        `${target.label} (${target.file}, ${(size / 1024).toFixed(1)} KB), saved ${style}: save to screen median ${Math.round(median(saveToScreen))} ms, ` +
          `slowest ${Math.round(Math.max(...saveToScreen))} ms over ${rounds} saves; compile median ${compileMs.length ? median(compileMs) : "?"} ms, ` +
          `content build median ${rebuildMs.length ? median(rebuildMs) : "?"} ms`,
      );
    }
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(tmp, { recursive: true, force: true });
}
