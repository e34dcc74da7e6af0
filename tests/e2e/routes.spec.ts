import { expect, test } from "@playwright/test";
import { CORE, DOC_PAGES, expectTitleFromH1, origin } from "./helpers";

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

  test("the landing page answers 200 with the brand as h1 and the tagline in the title", CORE, async ({ page }) => {
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
    test(`${path} leads to the developer guide introduction`, CORE, async ({ page, request }) => {
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

  // Pages re-joined into the page a reader expects (docs/decisions/027-pages-for-readers.md) keep their old addresses.
  const REJOINED: [string, string, string, string][] = [
    [
      "/docs/dev-guide/worker-steps",
      "/docs/dev-guide/design-document",
      "step-metadata",
      "3. Metadata, previews and thumbnails",
    ],
    ["/docs/next/dev-guide/data-and-services", "/docs/next/dev-guide/design-document", "formats", "Supported formats"],
    ["/docs/user-guide/machine-learning", "/docs/user-guide/configuration", "machine-learning", "Machine learning"],
    ["/docs/user-guide/privacy", "/docs/user-guide/introduction", "privacy-and-trust", "Privacy and trust"],
  ];
  for (const [old, target, section, heading] of REJOINED) {
    test(`${old} moves permanently to the section of ${target} that now holds it, query kept`, async ({
      page,
      request,
    }) => {
      const response = await request.get(`${old}?ref=bookmark`, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(response.headers().location).toBe(`${origin()}${target}?ref=bookmark#${section}`);
      expect(await response.text()).not.toContain("<html"); // answered before anything rendered
      const landed = await page.goto(`${old}?ref=bookmark`);
      expect(landed?.status()).toBe(200);
      await expect(page).toHaveURL(`${origin()}${target}?ref=bookmark#${section}`);
      const section_ = page.locator(`[id="${section}"]`);
      await expect(section_).toHaveText(heading);
      await expect(section_).toBeInViewport();
    });
  }

  test("an old anchor of a pointer section that was removed still lands next to the link to its content", async ({
    page,
  }) => {
    await page.goto("/docs/user-guide/deployment#backups");
    const target = page.locator("#backups");
    await expect(target.getByRole("link", { name: "Backups and upgrades" })).toHaveAttribute(
      "href",
      "/docs/user-guide/backups-and-upgrades",
    );
    // Anchors that moved with a re-joined page's content are on the page that took it in.
    await page.goto("/docs/dev-guide/design-document#step-metadata");
    await expect(page.locator("#step-metadata")).toHaveText("3. Metadata, previews and thumbnails");
    await expect(page.locator("#step-metadata")).toBeInViewport();
  });
});

test.describe("the not-found page", () => {
  for (const path of [
    "/nothing-here",
    "/docs/user-guide/nowhere",
    "/docs/user-guide/features/",
    "/docs/user-guide%2Finstallation",
    "/api/extra",
  ]) {
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
