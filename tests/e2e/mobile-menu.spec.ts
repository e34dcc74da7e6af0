import { expect, test, type Locator, type Page } from "@playwright/test";
import { CORE, hydrated, withoutJavaScript } from "./helpers";

const menuButton = (page: Page) => page.getByRole("banner").locator("summary[aria-label='Menu']");
const panel = (page: Page) => page.locator("details[data-mobile-menu] > div");
const sidebar = (page: Page) => page.getByRole("navigation", { name: "Docs", exact: true });

/**
 * What the reader really sees: the open panel fills the screen below the
 * header, and each given link is the element actually shown at its centre
 * (not clipped, not covered by the page behind).
 */
async function expectMenuOnScreen(page: Page, links: Locator[]) {
  const viewport = page.viewportSize()!;
  const box = (await panel(page).boundingBox())!;
  expect(box.y).toBeLessThanOrEqual(80);
  expect(box.y + box.height).toBeGreaterThanOrEqual(viewport.height - 1);
  expect(box.width).toBeGreaterThanOrEqual(viewport.width - 1);
  for (const link of links) {
    await link.scrollIntoViewIfNeeded();
    const shown = await link.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      return Boolean(top && (top === element || element.contains(top)));
    });
    expect(shown, `${await link.textContent()} is visible on screen`).toBe(true);
  }
}

/** `count` more entries in the open version list, each a copy of its first: a site at its fortieth release has 40. */
async function addVersions(scope: Locator, count: number) {
  await scope
    .locator("details[open] li")
    .first()
    .evaluate((first, n) => {
      for (let i = 0; i < n; i += 1) first.after(first.cloneNode(true));
    }, count);
}

test.describe("below 996 px (995 px wide)", () => {
  test.use({ viewport: { width: 995, height: 800 } });

  test("navbar links and sidebar fold into the menu", CORE, async ({ page }) => {
    await page.goto("/docs/user-guide/installation");
    await expect(menuButton(page)).toBeVisible();
    await expect(page.getByRole("banner").getByRole("navigation", { name: "Main" }).first()).toBeHidden();
    await expect(sidebar(page)).toBeHidden();
    await expect(panel(page)).toBeHidden();

    await hydrated(page);
    await menuButton(page).click();
    await expect(panel(page)).toBeVisible();
    await expect(panel(page).getByRole("link", { name: "API" })).toBeVisible();
    await expect(sidebar(page).getByRole("link", { name: "Installation" })).toHaveAttribute("aria-current", "page");
    await expectMenuOnScreen(page, [
      menuButton(page),
      panel(page).getByRole("link", { name: "API" }),
      sidebar(page).getByRole("link", { name: "Installation" }),
      sidebar(page).getByRole("link", { name: "Roadmap" }),
    ]);

    await sidebar(page).getByRole("link", { name: "Deployment" }).click();
    await expect(page).toHaveURL(/\/docs\/user-guide\/deployment$/);
    await expect(panel(page)).toBeHidden();
  });

  test("on a page without sidebar, scrolled down, and on a 390 px phone the open menu is on screen", async ({
    page,
  }) => {
    for (const [width, path] of [
      [995, "/api"],
      [390, "/"],
      [390, "/docs/user-guide/configuration"],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      await hydrated(page);
      await page.mouse.wheel(0, 1500);
      await menuButton(page).click();
      const links = [menuButton(page), panel(page).getByRole("link", { name: "API" })];
      if (path.startsWith("/docs/")) links.push(sidebar(page).getByRole("link", { name: "Configuration" }));
      await expectMenuOnScreen(page, links);
      await menuButton(page).click();
    }
  });

  test("on a 390 px phone the version and language lists open on screen, over the sidebar, with and without JavaScript", async ({
    browser,
  }) => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ viewport: { width: 390, height: 800 }, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto("/docs/user-guide/installation");
      if (javaScriptEnabled) await hydrated(page);
      await menuButton(page).click();
      await panel(page).getByLabel("Language").click();
      await expectMenuOnScreen(page, [panel(page).getByRole("link", { name: "English" })]);
      await panel(page).getByLabel("Language").click();
      await panel(page).getByLabel("Docs version: 24.05.08").click();
      const versions = ["Next", "24.05.08 (current)", "All releases"].map((name) =>
        panel(page).getByRole("link", { name, exact: true }),
      );
      await expectMenuOnScreen(page, versions);
      // Every entry starts on the screen, not past its left edge.
      for (const link of versions)
        expect((await link.boundingBox())!.x, String(await link.textContent())).toBeGreaterThanOrEqual(0);
      await versions[0]!.click();
      await expect(page).toHaveURL(/\/docs\/next\/user-guide\/installation$/);
      await context.close();
    }
  });

  test("a version list longer than a phone's screen scrolls with the menu to its last entry", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/docs/user-guide/installation");
    await hydrated(page);
    await menuButton(page).click();
    await panel(page).getByLabel("Docs version: 24.05.08").click();
    await addVersions(panel(page), 40);
    await expectMenuOnScreen(page, [panel(page).getByRole("link", { name: "All releases" })]);
  });

  test("with JavaScript, focus stays in the open menu and Escape closes it", async ({ page }) => {
    await page.goto("/docs/user-guide/installation");
    await hydrated(page);
    await menuButton(page).click();
    await expect(panel(page)).toBeVisible();
    for (let i = 0; i < 60; i += 1) {
      await page.keyboard.press("Tab");
      const inside = await page.evaluate(() =>
        Boolean(document.activeElement?.closest("details[data-mobile-menu], .docs-sidebar")),
      );
      expect(inside, `Tab ${i + 1} left the menu`).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(
      await page.evaluate(() => Boolean(document.activeElement?.closest("details[data-mobile-menu], .docs-sidebar"))),
    ).toBe(true);
    await page.keyboard.press("Escape");
    await expect(panel(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
  });

  test("without JavaScript the menu opens and closes too", CORE, async ({ browser }) => {
    const { context, page } = await withoutJavaScript(browser, { viewport: { width: 995, height: 800 } });
    await page.goto("/docs/dev-guide/roadmap");
    await menuButton(page).click();
    await expect(panel(page)).toBeVisible();
    await expect(sidebar(page).getByRole("link", { name: "Roadmap" })).toHaveAttribute("aria-current", "page");
    await expectMenuOnScreen(page, [
      menuButton(page),
      panel(page).getByRole("link", { name: "GitHub" }),
      sidebar(page).getByRole("link", { name: "Notes" }),
    ]);
    await menuButton(page).click();
    await expect(panel(page)).toBeHidden();
    await expect(sidebar(page)).toBeHidden();
    await menuButton(page).click();
    await sidebar(page).getByRole("link", { name: "Notes" }).click();
    await expect(page).toHaveURL(/\/docs\/dev-guide\/notes$/);
    await context.close();
  });
});

test.describe("at 996 px", () => {
  test.use({ viewport: { width: 996, height: 800 } });

  test("the desktop layout: links in the navbar, sidebar beside the page, no menu button", async ({ page }) => {
    await page.goto("/docs/user-guide/installation");
    await expect(menuButton(page)).toBeHidden();
    await expect(
      page.getByRole("banner").getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API" }),
    ).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Docs", exact: true })).toBeVisible();
  });

  test("a version list longer than the screen scrolls within its box, under the sticky header, to its last entry", async ({
    page,
  }) => {
    for (const size of [
      { width: 996, height: 800 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      await page.goto("/docs/user-guide/installation");
      await hydrated(page);
      const header = page.getByRole("banner");
      await header.getByLabel("Docs version: 24.05.08").filter({ visible: true }).click();
      await addVersions(header, 40);
      const list = header.locator("details[open] > div");
      const box = (await list.boundingBox())!;
      expect(box.y + box.height, `${size.width} px: the list ends on the screen`).toBeLessThanOrEqual(size.height);
      const last = list.getByRole("link", { name: "All releases" });
      await last.scrollIntoViewIfNeeded();
      const shown = await last.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return element.contains(document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2));
      });
      expect(shown, `${size.width} px: "All releases" is shown once scrolled to`).toBe(true);
      await expect(last).toHaveAttribute("href", /\/releases$/);
    }
  });
});

test("on a 390 px phone the header's search link is a square tap target inside the header, in both themes, with and without JavaScript", async ({
  browser,
}) => {
  // It was an inline link around a block icon: an 18 x 79 px box whose focus ring and hover spilled out of the header.
  for (const theme of ["light", "dark"])
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled });
      await context.addCookies([{ name: "theme", value: theme, url: test.info().project.use.baseURL! }]);
      const page = await context.newPage();
      await page.goto("/docs/user-guide/installation");
      const label = `${theme}, ${javaScriptEnabled ? "with" : "without"} JavaScript`;
      await expect(page.locator("html"), label).toHaveClass(theme);
      const link = page.locator('header a[href^="/search"]');
      const box = (await link.boundingBox())!;
      const header = (await page.getByRole("banner").boundingBox())!;
      const toggle = (await page
        .getByRole("banner")
        .getByRole("button", { name: /^Switch to/ })
        .boundingBox())!;
      expect(box.width, label).toBeGreaterThanOrEqual(24);
      expect(box.height, label).toBeGreaterThanOrEqual(24);
      expect(box.y, label).toBeGreaterThanOrEqual(header.y);
      expect(box.y + box.height, label).toBeLessThanOrEqual(header.y + header.height);
      // As tall as the theme toggle beside it, and level with it.
      expect(box.height, label).toBe(toggle.height);
      expect(box.y, label).toBe(toggle.y);
      await context.close();
    }
});
