import { expect, test, type BrowserContext } from "@playwright/test";
import { collectErrors, hydrated, withoutJavaScript } from "./helpers";

// Searches filled into their state's frame (app/http/search-pages.server.ts) in a
// browser: without JavaScript they are the whole results page, form included;
// with it, the page hydrates under its CSP (the hydration script's hash is
// computed for each filled page) and searches on from there.

/** A reader in a state no other test made (a fresh announcement cookie): its first search makes the frame. */
async function freshState(context: BrowserContext) {
  await context.addCookies([
    { name: "announcement-dismissed", value: `frame-${Date.now()}`, domain: "127.0.0.1", path: "/" },
  ]);
  return context.newPage();
}

test("without JavaScript, a filled results page shows its results and its form searches again", async ({ browser }) => {
  const { context } = await withoutJavaScript(browser);
  const page = await freshState(context);
  const filled = await page.goto("/search?q=docker%20compose");
  expect(filled?.headers()["server-timing"]).toContain("search-frame");
  await expect(page).toHaveTitle("Search: docker compose | Smriti");
  await expect(page.locator("ol.search-results > li").first().getByRole("heading", { level: 2 })).toHaveText(
    "Installation",
  );
  const field = page.locator("#search-page-query");
  await expect(field).toHaveValue("docker compose");
  await field.fill("<b>backup</b> & restore");
  const next = page.waitForResponse((response) => response.url().includes("/search?q="));
  await page.getByRole("button", { name: "Search", exact: true }).click();
  expect((await next).headers()["server-timing"]).toContain("search-frame");
  await expect(page.locator("#search-page-query")).toHaveValue("<b>backup</b> & restore");
  await expect(page.locator("ol.search-results b")).toHaveCount(0);
  await context.close();
});

test("with JavaScript, a filled results page hydrates under its CSP and searches on in the page", async ({ page }) => {
  const first = await freshState(page.context());
  // Console errors include a CSP violation: a hydration script whose hash the policy lacks.
  const errors = collectErrors(first);
  const filled = await first.goto(`/search?q=${encodeURIComponent(`"albums" <sharing> & café`)}`);
  expect(filled?.headers()["server-timing"]).toContain("search-frame");
  await hydrated(first);
  await first.locator("#search-page-query").fill("backup");
  await first.getByRole("button", { name: "Search", exact: true }).click();
  await expect(first).toHaveURL(/\/search\?q=backup$/);
  await expect(first.locator("ol.search-results > li").first()).toBeVisible();
  expect(errors).toEqual([]);
});
