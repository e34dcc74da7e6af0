import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { parse as parseYaml } from "yaml";
import { buildApiReference } from "../../app/api-reference/build/operations";
import { tagPageUrl } from "../../app/api-reference/addresses";
import { CORE, axeOf, hydrated, withoutJavaScript } from "./helpers";

test.describe.configure({ timeout: 120_000 }); // pages are slow to serve on a busy machine, not wrong

// The navigation of tags and calls beside every page of the API reference
// (app/components/api/ApiSidebar.tsx), on a desktop and in the phone menu.

const root = join(import.meta.dirname, "../..");
const referenceOf = (file: string) => buildApiReference(parseYaml(readFileSync(join(root, file), "utf8")));
const current = referenceOf("spec/openapi.yaml");
const next = referenceOf("spec/next/openapi.yaml");

const apiNav = (page: Page) => page.getByRole("navigation", { name: "API reference" });
const menuButton = (page: Page) => page.getByRole("banner").locator("summary[aria-label='Menu']");
const group = (tag: string) => current.groups.find((entry) => entry.tag === tag)!;

/** The navigation's links, in order, as "text → address", and which one is marked. */
async function links(page: Page) {
  return apiNav(page)
    .locator("a")
    .evaluateAll((anchors) =>
      anchors.map((a) => ({
        text: a.textContent!.replace(/\s+/g, " ").trim(),
        href: a.getAttribute("href"),
        current: a.getAttribute("aria-current"),
      })),
    );
}

test.describe("without JavaScript, on a desktop", () => {
  for (const [apiUrl, reference] of [
    ["/api", current],
    ["/api/next", next],
  ] as const) {
    test(`${apiUrl}: every tag and every call of the spec, the current tag marked`, async ({ browser }) => {
      const { context, page } = await withoutJavaScript(browser, { viewport: { width: 1280, height: 800 } });
      const tag = reference.groups[1]!;
      for (const [path, marked] of [
        [apiUrl, "Overview"],
        [tagPageUrl(apiUrl, tag.tag), tag.tag],
      ] as const) {
        await page.goto(path);
        await expect(apiNav(page)).toBeVisible();
        const expected = [
          { text: "Overview", href: apiUrl },
          ...reference.groups.flatMap((entry) => [
            { text: entry.tag, href: tagPageUrl(apiUrl, entry.tag) },
            ...entry.operations.map((operation) => ({
              text: `${operation.method} ${operation.summary}`,
              href: `${tagPageUrl(apiUrl, entry.tag)}#${operation.anchor}`,
            })),
          ]),
        ];
        const found = await links(page);
        expect(
          found.map(({ text, href }) => ({ text, href })),
          path,
        ).toEqual(expected);
        // Without scripts the page is marked, never a call.
        expect(
          found.filter((link) => link.current).map((link) => `${link.text} ${link.current}`),
          path,
        ).toEqual([`${marked} page`]);
      }
      await context.close();
    });
  }

  test("a call's link opens its tag's page at the call", async ({ browser }) => {
    const { context, page } = await withoutJavaScript(browser, { viewport: { width: 1280, height: 800 } });
    const call = group("Sharing").operations[0]!;
    await page.goto("/api/albums");
    await apiNav(page)
      .getByRole("link", { name: `${call.method} ${call.summary}` })
      .click();
    await expect(page).toHaveURL(`/api/sharing#${call.anchor}`);
    await expect(page.locator("h1")).toHaveText("Sharing");
    await expect(page.locator(`[id="${call.anchor}"]`)).toBeInViewport();
    await context.close();
  });
});

test.describe("with JavaScript, on a desktop", () => {
  test("client navigation between tags moves the mark; the call being read is marked as the reader scrolls", async ({
    page,
  }) => {
    await page.goto("/api/albums");
    await hydrated(page);
    // Survives client navigation only: a full page load would lose it.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await apiNav(page).getByRole("link", { name: "Sharing", exact: true }).click();
    await expect(page).toHaveURL("/api/sharing");
    await expect(page.locator("h1")).toHaveText("Sharing");
    await expect(apiNav(page).getByRole("link", { name: "Sharing", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(apiNav(page).getByRole("link", { name: "Albums", exact: true })).not.toHaveAttribute("aria-current");

    const albums = group("Albums").operations;
    const target = albums[3]!;
    await apiNav(page)
      .getByRole("link", { name: `${target.method} ${target.summary}` })
      .click();
    await expect(page).toHaveURL(`/api/albums#${target.anchor}`);
    await expect(page.locator("h1")).toHaveText("Albums");
    await expect(page.locator(`[id="${target.anchor}"]`)).toBeInViewport();
    await expect(apiNav(page).locator("[aria-current=location]")).toHaveText(`${target.method} ${target.summary}`);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // Scrolling on to the last call moves the mark with the reader.
    const last = albums[albums.length - 1]!;
    await page.locator(`[id="${last.anchor}"]`).evaluate((section) => section.scrollIntoView({ block: "start" }));
    await expect(apiNav(page).locator("[aria-current=location]")).toHaveText(`${last.method} ${last.summary}`);
    // Back at the top no call is being read; the page stays marked.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(apiNav(page).locator("[aria-current=location]")).toHaveCount(0);
    await expect(apiNav(page).locator("[aria-current=page]")).toHaveText("Albums");
  });
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("without JavaScript the menu holds the navigation, the current tag marked", async ({ browser }) => {
    const { context, page } = await withoutJavaScript(browser, { viewport: { width: 390, height: 844 } });
    await page.goto("/api/next/jobs");
    await expect(apiNav(page)).toBeHidden();
    await menuButton(page).click();
    await expect(apiNav(page)).toBeVisible();
    const jobs = apiNav(page).getByRole("link", { name: "Jobs", exact: true });
    await expect(jobs).toHaveAttribute("aria-current", "page");
    await jobs.scrollIntoViewIfNeeded();
    await expect(jobs).toBeInViewport();
    await apiNav(page).getByRole("link", { name: "Albums", exact: true }).click();
    await expect(page).toHaveURL("/api/next/albums");
    await expect(apiNav(page)).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });

  test("with JavaScript a call in the menu closes it and shows the call", CORE, async ({ page }) => {
    const call = group("Albums").operations[2]!;
    await page.goto("/api/albums");
    await hydrated(page);
    await menuButton(page).click();
    await expect(apiNav(page)).toBeVisible();
    await expect(apiNav(page).getByRole("link", { name: "Albums", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await apiNav(page)
      .getByRole("link", { name: `${call.method} ${call.summary}` })
      .click();
    await expect(page).toHaveURL(`/api/albums#${call.anchor}`);
    await expect(apiNav(page)).toBeHidden();
    await expect(page.locator(`[id="${call.anchor}"]`)).toBeInViewport();
  });

  for (const theme of ["light", "dark"] as const) {
    test(`axe finds nothing in the open menu of an API page, ${theme} theme`, async ({ page }) => {
      expect((await page.request.post("/settings/theme", { form: { theme } })).ok()).toBe(true);
      await page.goto("/api/albums");
      await hydrated(page);
      await menuButton(page).click();
      await expect(apiNav(page)).toBeVisible();
      const results = await axeOf(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
      expect(
        results.violations.map(
          (violation) =>
            `${violation.id}: ${violation.nodes
              .map((node) => node.target.join(" "))
              .slice(0, 3)
              .join(", ")}`,
        ),
      ).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`phone-menu-${theme}.png`) });
    });
  }
});
