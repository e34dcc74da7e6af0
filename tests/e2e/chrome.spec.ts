import { expect, test } from "@playwright/test";
import { CORE, hydrated } from "./helpers";

test("the skip link is the first Tab stop and moves focus to the main content", CORE, async ({ page }) => {
  await page.goto("/docs/user-guide/installation");
  await hydrated(page);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
  // The next Tab continues inside the main content, not back at the top.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.closest("main")?.id)).toBe("main");
});

test("the skip link also works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/docs/user-guide/installation");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
  await context.close();
});

test("the navbar: brand with logo, Docs, API, version, language and the source repository", async ({ page }) => {
  await page.goto("/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Smriti" })).toHaveAttribute("href", "/");
  await expect(header.locator('img[src^="/build/_assets/logo-light-"]')).toBeVisible();
  await expect(header.locator('img[src^="/build/_assets/logo-dark-"]')).toBeHidden();
  const main = header.getByRole("navigation", { name: "Main" });
  await expect(main.getByRole("link", { name: "Docs" })).toHaveAttribute("href", "/docs/dev-guide/introduction");
  await expect(main.getByRole("link", { name: "API" })).toHaveAttribute("href", "/api");
  await expect(header.getByRole("link", { name: /GitHub/ })).toHaveAttribute(
    "href",
    "https://github.com/prabhuomkar/smriti",
  );

  await hydrated(page);
  await page.getByRole("button", { name: "Switch to dark mode" }).click();
  await expect(header.locator('img[src^="/build/_assets/logo-dark-"]')).toBeVisible();
  await expect(header.locator('img[src^="/build/_assets/logo-light-"]')).toBeHidden();
});

test("the version selector shows 24.05.08 (current) and choosing it keeps the page", async ({ page }) => {
  await page.goto("/docs/user-guide/installation");
  await hydrated(page);
  const header = page.getByRole("banner");
  await header.getByLabel("Docs version: 24.05.08").filter({ visible: true }).click();
  const current = header.getByRole("link", { name: "24.05.08 (current)" }).filter({ visible: true });
  await expect(current).toBeVisible();
  await expect(current).toHaveAttribute("aria-current", "true");
  await current.click();
  await expect(page).toHaveURL(/\/docs\/user-guide\/installation$/);
  await expect(header.getByRole("link", { name: "24.05.08 (current)" }).filter({ visible: true })).toBeHidden();
});

test("the language menu lists English only", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("banner").getByLabel("Language").filter({ visible: true }).click();
  const options = page.getByRole("banner").locator("details[open] a[lang]");
  await expect(options).toHaveCount(1);
  await expect(options).toHaveText("English");
});

test("menus close with Escape and return focus to their button", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const language = page.getByRole("banner").getByLabel("Language").filter({ visible: true });
  await language.click();
  await expect(page.getByRole("banner").locator("details[open]")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("banner").locator("details[open]")).toHaveCount(0);
  await expect(language).toBeFocused();
});

test("the footer, drawn on the server only, navigates inside the app once scripts run", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() === "script") scripts.push(await response.text());
  });
  await page.goto("/docs/user-guide/introduction");
  await hydrated(page);
  // Its code is not in the browser bundle: the server's HTML is kept as it is.
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((text) => text.includes("Built with love in India"))).toEqual([]);
  await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "Installation" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Installation" })).toBeVisible();
  await expect(page).toHaveURL(/\/docs\/user-guide\/installation$/);
  expect(await page.evaluate(() => "stillTheSameDocument" in window)).toBe(true);
  // Still there, unchanged, after the client-side navigation.
  await expect(footer.locator("p")).toHaveText("Copyright © 2024 Smriti. Built with love in India.");
  await expect(footer.getByRole("link", { name: "Source code" })).toHaveAttribute(
    "href",
    "https://github.com/prabhuomkar/smriti",
  );
});

test("the footer reads exactly the copyright line", async ({ page }) => {
  await page.goto("/api");
  await expect(page.getByRole("contentinfo").locator("p")).toHaveText(
    "Copyright © 2024 Smriti. Built with love in India.",
  );
});
