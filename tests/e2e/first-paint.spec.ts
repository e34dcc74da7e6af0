import { expect, test, type Page } from "@playwright/test";
import { CORE, collectErrors, hydrated } from "./helpers";

/**
 * Scripts are off the critical path (docs/decisions/014-hydration-after-first-paint.md):
 * with every script held back by 3 s, the page is painted and its controls work
 * through their no-JavaScript paths; once the scripts arrive, React hydrates
 * without undoing what the reader did, and client navigation takes over.
 */
const SCRIPT_DELAY_MS = 3000;
const DOC = "/docs/user-guide/installation";

const SCRIPTS = "**/build/**/*.js";

/** Delays every script request by 3 s and counts the scripts that have arrived. */
async function delayScripts(page: Page) {
  const arrived: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") arrived.push(response.url());
  });
  await page.route(SCRIPTS, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
    await route.continue().catch(() => {}); // the page may have moved on meanwhile
  });
  return arrived;
}

/** After hydration: the route modules that client navigation fetches come at normal speed again. */
const stopDelayingScripts = (page: Page) => page.unroute(SCRIPTS);

async function expectPaintedBeforeScripts(page: Page, arrived: string[]) {
  await expect(page.locator("h1")).toBeVisible();
  // The paint entry is queued after the frame is shown, a moment after the h1 is: wait for it, well
  // within the scripts' delay, then check that none has arrived.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length), {
      message: "first contentful paint happened",
      timeout: 1500,
    })
    .toBe(1);
  expect(arrived, "no script has arrived yet").toEqual([]);
  await expect(page.locator("body[data-hydrated]")).toHaveCount(0);
}

test.describe("before any script has arrived", () => {
  test("the page is painted, and the theme toggle and announcement close work", CORE, async ({ page }) => {
    test.setTimeout(60_000);
    const arrived = await delayScripts(page);
    await page.goto(DOC, { waitUntil: "load" });
    await expectPaintedBeforeScripts(page, arrived);
    // No script started before the first paint: the template holds them until then.
    const fetchedBeforePaint = await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0]!.startTime;
      return performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.endsWith(".js") && entry.startTime < paint).length;
    });
    expect(fetchedBeforePaint).toBe(0);

    await page.getByRole("button", { name: "Switch to dark mode" }).click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(page).toHaveURL(new RegExp(`${DOC}$`));
    await expect(page.locator("body[data-hydrated]")).toHaveCount(0);

    await page.getByRole("button", { name: "Close announcement" }).click();
    await expect(page.getByRole("region", { name: "Announcement" })).toHaveCount(0);
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(page.locator("body[data-hydrated]")).toHaveCount(0);
  });

  test("the search form searches", async ({ page }) => {
    const arrived = await delayScripts(page);
    await page.goto(DOC, { waitUntil: "load" });
    await expectPaintedBeforeScripts(page, arrived);
    await page.locator("#navbar-search").fill("docker compose");
    await page.locator("#navbar-search").press("Enter");
    await expect(page).toHaveURL(/\/search\?q=docker\+compose$/);
    await expect(page.locator("#search-page-query")).toHaveValue("docker compose");
    await expect(page.locator("main").getByRole("link").first()).toBeVisible();
    await expect(page.locator("body[data-hydrated]")).toHaveCount(0);
  });

  for (const path of ["/", "/search?q=albums", "/nothing-here"]) {
    test(`${path} is painted without its scripts, and hydrates after`, async ({ page }) => {
      const errors = collectErrors(page);
      const arrived = await delayScripts(page);
      await page.goto(path, { waitUntil: "load" });
      await expectPaintedBeforeScripts(page, arrived);
      await hydrated(page);
      expect(arrived.length).toBeGreaterThan(3);
      expect(errors.filter((error) => !error.includes("404"))).toEqual([]);
    });
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test("a menu opened and a query typed before hydration are kept; then client navigation and the progress bar work", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const errors = collectErrors(page);
    const arrived = await delayScripts(page);
    await page.goto(DOC, { waitUntil: "load" });
    await expectPaintedBeforeScripts(page, arrived);

    const menu = page.locator("details[data-mobile-menu]");
    const menuButton = menu.locator(":scope > summary");
    await menuButton.click();
    await expect(menu).toHaveAttribute("open", "");
    await page.locator("#mobile-search").fill("face recognition");

    await hydrated(page);
    await expect(menu).toHaveAttribute("open", "");
    await expect(page.locator("#mobile-search")).toHaveValue("face recognition");
    // The menu's scripted behaviour is live, and it acts on the menu the reader opened.
    await page.keyboard.press("Escape");
    await expect(menu).not.toHaveAttribute("open", "");

    // Client-side navigation: the window survives, and a slow change shows the progress bar.
    await stopDelayingScripts(page);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.route("**/docs/user-guide/deployment?_data=*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue();
    });
    await menuButton.click();
    await page.locator(".docs-sidebar").getByRole("link", { name: "Deployment" }).click();
    await expect(page.getByTestId("route-progress")).toBeVisible();
    await expect(page.locator("h1")).toHaveText("Deployment");
    await expect(page.getByTestId("route-progress")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(errors).toEqual([]);
  });
});

test("text typed into the navbar search before hydration is kept and searched after it", async ({ page }) => {
  const arrived = await delayScripts(page);
  await page.goto(DOC, { waitUntil: "load" });
  await expectPaintedBeforeScripts(page, arrived);
  await page.locator("#navbar-search").fill("backup");
  await hydrated(page);
  await expect(page.locator("#navbar-search")).toHaveValue("backup");
  await stopDelayingScripts(page);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.locator("#navbar-search").press("Enter");
  await expect(page).toHaveURL(/\/search\?q=backup$/);
  await expect(page.locator("#search-page-query")).toHaveValue("backup");
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
