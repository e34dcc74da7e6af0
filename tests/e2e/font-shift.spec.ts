import { expect, test, type Page, type Route } from "@playwright/test";
import { hydrated } from "./helpers";

/**
 * Fonts that arrive late move nothing (docs/decisions/026-reader-layout.md): a
 * first visit on a slow connection (every font file 1.2 s late, so the page
 * shows in the fallback faces), then a second page by a link. The fallbacks
 * are metric-matched to DM Sans and Fira Code, so whether a page shows the web
 * fonts or the fallbacks, its lines stay where they are.
 */

/** Every layout shift of the page's life, input or not (a click's own shifts count too). */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const store: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = store;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) store.push((entry as unknown as { value: number }).value);
    }).observe({ type: "layout-shift", buffered: true });
  });
}
const totalShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));

/** A slow network for the matched files: each is answered `ms` late (the scenario, not a wait for a result). */
const late = (ms: number) => async (route: Route) => {
  await new Promise((resolve) => setTimeout(resolve, ms));
  await route.continue();
};

/** Waits until every font the page asked for has arrived, then for two frames drawn after that. */
async function fontsSettled(page: Page) {
  await expect.poll(() => page.evaluate(() => document.fonts.status), { timeout: 15_000 }).toBe("loaded");
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Where the text of a page ends, as laid out now: the bottom of its last paragraph and of the sidebar's last entry. */
const textBottoms = (page: Page) =>
  page.evaluate(() => {
    const bottom = (selector: string) =>
      Math.round([...document.querySelectorAll(selector)].at(-1)?.getBoundingClientRect().bottom ?? 0);
    return { content: bottom("main .doc-content > p"), sidebar: bottom(".docs-sidebar a") };
  });

for (const width of [390, 1366]) {
  test(`at ${width} px a slow first visit and the next page shift nothing when the fonts arrive`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await recordShifts(page);
    await page.route("**/*.woff2", late(1200));
    await page.goto("/docs/user-guide/configuration");
    await hydrated(page);
    await fontsSettled(page);
    const first = await totalShift(page);
    // The second page by a link (client-side): the fonts are here now.
    await page.locator("article .doc-content a[href^='/docs/user-guide/']").first().click();
    await page.waitForURL((url) => !url.pathname.endsWith("/configuration"));
    await fontsSettled(page);
    const both = await totalShift(page);
    console.log(`${width} px: layout shift ${first.toFixed(4)} on the first page, ${both.toFixed(4)} over both`);
    expect(both).toBeLessThan(0.05);
    await context.close();
  });
}

test("the fallback faces are metric-matched: a page ends at the same height in the web fonts and without them", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/docs/user-guide/configuration");
  await page.evaluate(() => document.fonts.ready);
  const webFonts = await textBottoms(page);
  expect(await page.evaluate(() => document.fonts.check('16px "DM Sans"'))).toBe(true);
  await page.route("**/*.woff2", (route) => route.abort());
  await page.goto("/docs/user-guide/configuration");
  const fallbacks = await textBottoms(page);
  console.log(
    `page text ends at ${JSON.stringify(webFonts)} with web fonts, ${JSON.stringify(fallbacks)} with fallbacks`,
  );
  expect(Math.abs(fallbacks.content - webFonts.content) / webFonts.content).toBeLessThan(0.02);
  expect(Math.abs(fallbacks.sidebar - webFonts.sidebar)).toBeLessThan(24);
  await context.close();
});

test("a Linux reader with only DejaVu fonts: its fallback faces take the web fonts' room too", async ({ browser }) => {
  test.setTimeout(90_000);
  // This machine has Liberation Sans, so the Arial face would be chosen: each family is set by name instead.
  const context = await browser.newContext({ viewport: { width: 390, height: 800 }, javaScriptEnabled: false });
  const page = await context.newPage();
  /** The height of the page's paragraphs and list items, set in `family` (the web font when null). */
  const textHeight = (family: string | null) =>
    page.evaluate((name) => {
      const blocks = [...document.querySelectorAll<HTMLElement>("main .doc-content :is(p, li)")];
      for (const block of blocks) block.style.fontFamily = name ?? "";
      return blocks.reduce((sum, block) => sum + block.getBoundingClientRect().height, 0);
    }, family);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/docs/user-guide/configuration");
    await page.evaluate(() => document.fonts.ready);
    const webFont = await textHeight(null);
    const fallback = await textHeight('"DM Sans Fallback: DejaVu Sans"');
    const plain = await textHeight('"DejaVu Sans"');
    console.log(
      `${width} px: text ${webFont} px high in DM Sans, ${fallback} in its DejaVu face, ${plain} in DejaVu Sans`,
    );
    expect(Math.abs(fallback - webFont) / webFont, `${width} px, the DejaVu face`).toBeLessThan(0.015);
    // DejaVu as it is would move the text: what the face is for.
    if (width === 390) expect((plain - webFont) / webFont, "DejaVu Sans unadjusted").toBeGreaterThan(0.03);
  }
  const faces = await page.evaluate(() =>
    [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule)
      .map((rule) => `${rule.style.getPropertyValue("font-family")} ${rule.style.getPropertyValue("src")}`)
      .filter((face) => face.includes("DejaVu")),
  );
  expect(faces).toEqual([
    `"DM Sans Fallback: DejaVu Sans" local("DejaVu Sans"), local("DejaVuSans")`,
    `"Fira Code Fallback: DejaVu Sans Mono" local("DejaVu Sans Mono"), local("DejaVuSansMono")`,
  ]);
  await context.close();
});
