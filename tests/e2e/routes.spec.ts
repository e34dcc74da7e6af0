import { expect, test } from "@playwright/test";
import { DOC_PAGES, expectTitleFromH1, origin } from "./helpers";

test.describe("every route of the route table", () => {
  for (const [path, title] of Object.entries(DOC_PAGES)) {
    test(`${path} answers 200 with its h1 and title, also with a trailing slash`, async ({ page }) => {
      for (const variant of [path, `${path}/`]) {
        const response = await page.goto(variant);
        expect(response?.status(), variant).toBe(200);
        await expect(page.locator("h1")).toHaveText(title);
        await expectTitleFromH1(page);
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin()}${path}`);
      }
    });
  }

  test("the landing page answers 200 with the brand as h1 and the tagline in the title", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1")).toHaveText("Smriti");
    await expect(page).toHaveTitle("Smarter Home for all your Photos and Videos | Smriti");
  });

  for (const path of ["/api", "/api/"]) {
    test(`${path} answers 200 and names /api as canonical`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expectTitleFromH1(page);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin()}/api`);
    });
  }

  for (const path of ["/markdown-page", "/markdown-page/"]) {
    test(`${path} answers 200 outside the docs sidebar`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expectTitleFromH1(page);
      await expect(page.locator('nav[aria-label="Docs"]')).toHaveCount(0);
    });
  }
});

test.describe("redirects", () => {
  for (const path of ["/docs", "/docs/"]) {
    test(`${path} leads to the developer guide introduction`, async ({ page, request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers().location).toBe(`${origin()}/docs/dev-guide/introduction`);
      await page.goto(path);
      await expect(page).toHaveURL(`${origin()}/docs/dev-guide/introduction`);
      await expect(page.locator("h1")).toHaveText("Introduction");
    });
  }

  test("/docs/dev-guide/notes-bff moves permanently to the notes page", async ({ page, request }) => {
    const response = await request.get("/docs/dev-guide/notes-bff", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(`${origin()}/docs/dev-guide/notes`);
    await page.goto("/docs/dev-guide/notes-bff/");
    await expect(page).toHaveURL(`${origin()}/docs/dev-guide/notes`);
  });
});

test.describe("the not-found page", () => {
  for (const path of ["/nothing-here", "/docs/user-guide/nowhere", "/docs/user-guide/features/", "/docs/user-guide%2Finstallation", "/api/extra"]) {
    test(`${path} is a 404 with navbar and footer`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expect(page).toHaveTitle("Page Not Found | Smriti");
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toContainText("Copyright © 2024 Smriti. Built with love in India.");
    });
  }
});
