import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
page.on("console", (m) => console.log("console:", m.text()));
page.on("pageerror", (e) => console.log("err:", e.message));
await page.goto("http://127.0.0.1:5500/docs/dev-guide/roadmap");
await page.locator("body[data-hydrated]").waitFor({ state: "attached", timeout: 60000 });
console.log(await page.evaluate(() => { const b = document.querySelector(".docs-sidebar > div"); return [b?.scrollTop, document.querySelectorAll(".docs-sidebar").length, document.querySelector("h1")?.textContent]; }));
await browser.close();
