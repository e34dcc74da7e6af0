import { expect, test, type Page } from "@playwright/test";
import { hydrated, withoutJavaScript } from "./helpers";

const menuButton = (page: Page) => page.getByRole("banner").locator("summary[aria-label='Menu']");
const panel = (page: Page) => page.locator("details[data-mobile-menu] > div");

test.describe("below 996 px (995 px wide)", () => {
  test.use({ viewport: { width: 995, height: 800 } });

  test("navbar links and sidebar fold into the menu", async ({ page }) => {
    await page.goto("/docs/user-guide/installation");
    await expect(menuButton(page)).toBeVisible();
    await expect(page.getByRole("banner").getByRole("navigation", { name: "Main" }).first()).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Docs", exact: true })).toBeHidden();
    await expect(panel(page)).toBeHidden();

    await hydrated(page);
    await menuButton(page).click();
    await expect(panel(page)).toBeVisible();
    await expect(panel(page).getByRole("link", { name: "API" })).toBeVisible();
    const menuDocs = page.getByRole("navigation", { name: "Docs (menu)" });
    await expect(menuDocs.getByRole("link", { name: "Installation" })).toHaveAttribute("aria-current", "page");

    await menuDocs.getByRole("link", { name: "Deployment" }).click();
    await expect(page).toHaveURL(/\/docs\/user-guide\/deployment$/);
    await expect(panel(page)).toBeHidden();
  });

  test("with JavaScript, focus stays in the open menu and Escape closes it", async ({ page }) => {
    await page.goto("/docs/user-guide/installation");
    await hydrated(page);
    await menuButton(page).click();
    await expect(panel(page)).toBeVisible();
    for (let i = 0; i < 60; i += 1) {
      await page.keyboard.press("Tab");
      const inside = await page.evaluate(() => Boolean(document.activeElement?.closest("details[data-mobile-menu]")));
      expect(inside, `Tab ${i + 1} left the menu`).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("details[data-mobile-menu]")))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(panel(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
  });

  test("without JavaScript the menu opens and closes too", async ({ browser }) => {
    const { context, page } = await withoutJavaScript(browser, { viewport: { width: 995, height: 800 } });
    await page.goto("/docs/dev-guide/roadmap");
    await menuButton(page).click();
    await expect(panel(page)).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Docs (menu)" }).getByRole("link", { name: "Roadmap" })).toHaveAttribute("aria-current", "page");
    await menuButton(page).click();
    await expect(panel(page)).toBeHidden();
    await menuButton(page).click();
    await page.getByRole("navigation", { name: "Docs (menu)" }).getByRole("link", { name: "Notes" }).click();
    await expect(page).toHaveURL(/\/docs\/dev-guide\/notes$/);
    await context.close();
  });
});

test.describe("at 996 px", () => {
  test.use({ viewport: { width: 996, height: 800 } });

  test("the desktop layout: links in the navbar, sidebar beside the page, no menu button", async ({ page }) => {
    await page.goto("/docs/user-guide/installation");
    await expect(menuButton(page)).toBeHidden();
    await expect(page.getByRole("banner").getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Docs", exact: true })).toBeVisible();
  });
});
