// The other-version hint: an identifier the searched version does not hold
// exactly, but another version does (SMRITI_JOB_CONCURRENCY is only in Next),
// says so on the results page (no JavaScript needed) and in the dialog, with a
// link to that version's results, whose first hits hold it exactly.
import { expect, test, type Page } from "@playwright/test";
import { collectErrors, hydrated, withoutJavaScript } from "./helpers";

const ONLY_IN_NEXT = "SMRITI_JOB_CONCURRENCY";
const IN_BOTH = "SMRITI_FEATURE_PLACES";

// Several pages and searches per test: three times the usual time, for a busy machine.
test.beforeEach(() => test.slow());

const hint = (page: Page) => page.locator("[data-exact-elsewhere]");
const toNext = (page: Page) => hint(page).getByRole("link", { name: "Next has: see its results" });

test("the results page names the version that holds the identifier, and links to its results (without JavaScript)", async ({
  browser,
}) => {
  const { context, page } = await withoutJavaScript(browser);
  await page.goto(`/search?q=${IN_BOTH}`);
  await expect(page.getByRole("main").getByRole("listitem").first()).toContainText(IN_BOTH);
  await expect(hint(page)).toHaveCount(0);

  await page.goto(`/search?q=${ONLY_IN_NEXT}`);
  await expect(hint(page)).toContainText(`24.05.08 (current) has no exact match for ${ONLY_IN_NEXT}`);
  await toNext(page).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${ONLY_IN_NEXT}&version=next$`));
  await expect(hint(page)).toHaveCount(0);
  // Next's first results hold the identifier itself.
  const first = page.locator("ol.search-results > li").first();
  await expect(first).toContainText(ONLY_IN_NEXT);
  await expect(first.getByRole("link").first()).toHaveAttribute("href", /^\/(docs|api)\/next\//);
  await context.close();
});

test("the dialog says so too, and its link opens that version's results (with JavaScript)", async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto("/docs/user-guide/configuration");
  await hydrated(page);
  await page.keyboard.press("Control+k");
  const field = page.getByRole("combobox", { name: "Search the docs" });
  await field.fill(ONLY_IN_NEXT);
  const dialog = page.locator("dialog[data-search-dialog]");
  await expect(dialog.locator("[data-exact-elsewhere]")).toContainText("has no exact match");
  await dialog.getByRole("link", { name: "Next has: see its results" }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${ONLY_IN_NEXT}&version=next$`));
  await expect(page.locator("ol.search-results > li").first()).toContainText(ONLY_IN_NEXT);
  // An identifier the release has: no hint.
  await page.keyboard.press("Control+k");
  await field.fill(IN_BOTH);
  await expect(dialog.getByRole("option").first()).toContainText(IN_BOTH);
  await expect(dialog.locator("[data-exact-elsewhere]")).toHaveCount(0);
  expect(errors).toEqual([]);
});
