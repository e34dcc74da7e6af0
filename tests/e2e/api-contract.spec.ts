import { expect, test, type Page } from "@playwright/test";
import { CORE, collectErrors, hydrated, withoutJavaScript } from "./helpers";

// The code sample tabs of the API reference: radio buttons that work without
// JavaScript; with it, the language chosen on one call is chosen on every
// call and remembered on the next page.

// Tag pages are long (every call with its fields, examples and code): generous time on a loaded machine.
test.describe.configure({ timeout: 120_000 });

const LOGIN = '[id="post-/v1/auth/login"]';
const code = (page: Page, call: string, language: string) =>
  page.locator(call).locator(`.api-sample[data-sample="${language}"]`);

test("without JavaScript the tabs switch the code shown, one language at a time", CORE, async ({ browser }) => {
  const { context, page } = await withoutJavaScript(browser);
  await page.goto("/api/auth");
  await expect(code(page, LOGIN, "curl")).toBeVisible();
  await expect(code(page, LOGIN, "curl")).toContainText('curl -X POST "$SMRITI_URL/v1/auth/login"');
  await expect(code(page, LOGIN, "python")).toBeHidden();
  await page.locator(LOGIN).getByText("Python", { exact: true }).click();
  await expect(code(page, LOGIN, "python")).toBeVisible();
  await expect(code(page, LOGIN, "python")).toContainText("requests.request(");
  await expect(code(page, LOGIN, "curl")).toBeHidden();
  // The response's fields and its example are on the page too.
  await expect(page.locator(LOGIN).getByRole("list", { name: "Fields of the 200 response" })).toContainText(
    "accessToken",
  );
  await expect(page.locator(LOGIN).locator(".api-example").first()).toContainText('"refreshToken"');
  await context.close();
});

test("with JavaScript a language chosen once shows on every call and on the next page", async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto("/api/auth");
  await hydrated(page);
  await page.locator(LOGIN).getByText("Go", { exact: true }).click();
  await expect(code(page, LOGIN, "go")).toBeVisible();
  // Another call on the same page follows.
  await expect(code(page, '[id="post-/v1/auth/logout"]', "go")).toBeVisible();
  await expect(code(page, '[id="post-/v1/auth/logout"]', "curl")).toBeHidden();
  // And the next page, reached by a link (client-side navigation) and by a fresh load.
  await page.getByRole("navigation", { name: "API sections" }).getByRole("link", { name: "Albums" }).click();
  await expect(page).toHaveURL(/\/api\/albums$/);
  await expect(code(page, '[id="get-/v1/albums"]', "go")).toBeVisible();
  await page.goto("/api/users");
  await hydrated(page);
  await expect(code(page, '[id="get-/v1/users"]', "go")).toBeVisible();
  await expect(code(page, '[id="get-/v1/users"]', "go")).toContainText("req.SetBasicAuth(");
  await expect(code(page, '[id="get-/v1/users"]', "curl")).toBeHidden();
  // The keyboard moves between languages like any radio group.
  await page.locator('[id="get-/v1/users"]').getByRole("radio", { name: "Go" }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(code(page, '[id="get-/v1/users"]', "python")).toBeVisible();
  // Copy buttons show on the code and the examples once scripts run.
  await expect(
    code(page, '[id="get-/v1/users"]', "python").getByRole("button", { name: "Copy code to clipboard" }),
  ).toBeVisible();
  expect(errors).toEqual([]);
});

test("a model's link leads to its fields and the calls that use it", async ({ page }) => {
  await page.goto("/api/albums");
  await page
    .locator('[id="get-/v1/albums/-id-"] .api-body-line')
    .getByRole("link", { name: "Album", exact: true })
    .click();
  await expect(page).toHaveURL(/\/api\/models#Album$/);
  const album = page.locator('[id="Album"]');
  await expect(album.getByRole("list", { name: "Fields of Album" })).toContainText("mediaItemsCount");
  await expect(album.getByRole("link", { name: /GET\s+\/v1\/albums\/\{id\}/ }).first()).toBeVisible();
});

test("on a wide screen a call's code sits beside its description and stays in view", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/api/media-items");
  const call = page.locator('[id="get-/v1/mediaItems/-id-"]');
  const main = await call.locator(".api-main").boundingBox();
  const aside = await call.locator(".api-aside").boundingBox();
  expect(main && aside && aside.x > main.x + main.width - 1).toBe(true);
  expect(await call.locator(".api-aside").evaluate((element) => getComputedStyle(element).position)).toBe("sticky");
  await page.setViewportSize({ width: 390, height: 844 });
  const narrowMain = await call.locator(".api-main").boundingBox();
  const narrowAside = await call.locator(".api-aside").boundingBox();
  expect(narrowMain && narrowAside && narrowAside.y >= narrowMain.y + narrowMain.height - 1).toBe(true);
});
