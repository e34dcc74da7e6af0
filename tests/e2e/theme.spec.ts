import { expect, test } from "@playwright/test";
import { hydrated, origin, withoutJavaScript } from "./helpers";

test.use({ colorScheme: "dark" });

test("light by default even when the system prefers dark", async ({ page }) => {
  await page.goto("/docs/user-guide/installation");
  await expect(page.locator("html")).toHaveClass("light");
  await expect(page.locator('meta[name="color-scheme"]')).toHaveAttribute("content", "light");
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe("rgb(255, 255, 255)");
});

test("the toggle switches to dark, and a reload keeps dark in the server's HTML", async ({ page }) => {
  await page.goto("/docs/user-guide/installation");
  await hydrated(page);
  await page.getByRole("button", { name: "Switch to dark mode" }).click();
  await expect(page.locator("html")).toHaveClass("dark");
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe("rgb(0, 0, 0)");
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === "theme")).toBe(true);

  // The raw HTML the server sends for this reader already says dark: no flash of light on load.
  const raw = await (await page.request.get("/docs/user-guide/installation")).text();
  expect(raw).toContain('<html lang="en" class="dark">');
  const response = await page.reload();
  expect(await response?.text()).toContain('<html lang="en" class="dark">');
  await expect(page.locator("html")).toHaveClass("dark");

  await hydrated(page);
  await page.getByRole("button", { name: "Switch to light mode" }).click();
  await expect(page.locator("html")).toHaveClass("light");
  await page.reload();
  await expect(page.locator("html")).toHaveClass("light");
});

test("the toggle works without JavaScript and comes back to the same page", async ({ browser }) => {
  const { context, page } = await withoutJavaScript(browser, { colorScheme: "dark" });
  await page.goto("/docs/user-guide/configuration?from=test");
  await expect(page.locator("html")).toHaveClass("light");
  await page.getByRole("button", { name: "Switch to dark mode" }).click();
  await expect(page).toHaveURL(/\/docs\/user-guide\/configuration\?from=test$/);
  await expect(page.locator("html")).toHaveClass("dark");
  await page.reload();
  await expect(page.locator("html")).toHaveClass("dark");
  await context.close();
});

test("a theme other than light or dark is refused with 400 and changes nothing", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Switch to dark mode" }).click();
  await expect(page.locator("html")).toHaveClass("dark");
  const themeCookie = async () => (await page.context().cookies()).find((c) => c.name === "theme")?.value;
  await expect.poll(themeCookie).toBeTruthy();
  const before = await themeCookie();

  for (const theme of ["purple", "", "DARK", "dark\u0000"]) {
    const response = await page.request.post("/settings/theme", {
      form: { theme, redirectTo: "/" },
      headers: { Accept: "text/html" },
    });
    expect(response.status(), `theme=${JSON.stringify(theme)}`).toBe(400);
    expect(response.headers()["set-cookie"]).toBeUndefined();
    expect(await response.text()).toContain("Bad request");
  }
  expect(await themeCookie()).toBe(before);
  await page.reload();
  await expect(page.locator("html")).toHaveClass("dark");
});

test("a tampered theme cookie is ignored", async ({ page, context }) => {
  // {"theme":"dark"} with a signature that was not made with the server's secret
  await context.addCookies([{ name: "theme", value: "eyJ0aGVtZSI6ImRhcmsifQ%3D%3D.forged", url: origin() }]);
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveClass("light");
});
