import { expect, test } from "@playwright/test";
import { CORE, hydrated, origin, withoutJavaScript } from "./helpers";

const TEXT = "under active development";

test("the announcement bar is dark with white text and links to the contributing guide", async ({ page }) => {
  await page.goto("/");
  const bar = page.getByRole("region", { name: "Announcement" });
  await expect(bar).toContainText(TEXT);
  expect(await bar.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color])).toEqual([
    "rgb(7, 19, 32)",
    "rgb(255, 255, 255)",
  ]);
  await bar.getByRole("link").click();
  await expect(page).toHaveURL(/\/docs\/dev-guide\/contribution$/);
});

test("dismissing it with JavaScript hides it at once and for good", CORE, async ({ page }) => {
  await page.goto("/docs/user-guide/installation");
  await hydrated(page);
  await page.getByRole("button", { name: "Close announcement" }).click();
  await expect(page.getByRole("region", { name: "Announcement" })).toHaveCount(0);
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === "announcement-dismissed")?.value)
    .toBeTruthy();
  const response = await page.reload();
  // Not even in the server's HTML: nothing to flash before scripts run.
  expect(await response?.text()).not.toContain('aria-label="Announcement"');
  await expect(page.getByRole("region", { name: "Announcement" })).toHaveCount(0);
});

test("dismissing it works without JavaScript and survives a reload", async ({ browser }) => {
  const { context, page } = await withoutJavaScript(browser);
  await page.goto("/docs/user-guide/deployment");
  await page.getByRole("button", { name: "Close announcement" }).click();
  await expect(page).toHaveURL(/\/docs\/user-guide\/deployment$/);
  await expect(page.getByRole("region", { name: "Announcement" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("region", { name: "Announcement" })).toHaveCount(0);
  await context.close();
});

test("a new announcement id shows the bar again to readers who closed the old one", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Close announcement" }).click();
  await expect(page.getByRole("region", { name: "Announcement" })).toHaveCount(0);
  // Cookies are shared across ports on 127.0.0.1: the variant server announces id "release-2".
  await page.goto(`${origin("variant")}/`);
  await expect(page.getByRole("region", { name: "Announcement" })).toContainText(TEXT);
});

test("an id other than the current one is refused with 400", CORE, async ({ request }) => {
  const response = await request.post("/settings/announcement", {
    form: { id: "something-else", redirectTo: "/" },
    headers: { Accept: "text/html" },
  });
  expect(response.status()).toBe(400);
  expect(response.headers()["set-cookie"]).toBeUndefined();
});

test("with closeable set to false there is no close control", async ({ page, request }) => {
  await page.goto(`${origin("fixedAnnouncement")}/`);
  await expect(page.getByRole("region", { name: "Announcement" })).toContainText(TEXT);
  await expect(page.getByRole("button", { name: "Close announcement" })).toHaveCount(0);
  const response = await request.post(`${origin("fixedAnnouncement")}/settings/announcement`, { form: { id: "wip" } });
  expect(response.status()).toBe(400);
});
