import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "./helpers";
import { openApiExplorer } from "./support/api-explorer";

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * One page of each template (the default run), or with AXE_SWEEP=all (`npm run test:axe`, which CI
 * runs too) every page the sitemap lists, read from the running site, plus Next's and the 404 page.
 */
const ONE_PAGE_PER_TEMPLATE = [
  "/", // landing
  "/docs/user-guide/installation", // a docs page with tables, tabs and code
  "/docs/dev-guide/design-document", // the longest docs page
  "/docs/next/user-guide/introduction", // Next: its banner and its own diagram
  "/api", // the API overview (and, below, with the explorer open)
  "/api/media-items", // the heaviest API tag page: fields, examples, code tabs
  "/api/models", // the models page
  "/search?q=album", // search results
  "/markdown-page", // a standalone content page
  "/this-page-does-not-exist", // the 404 page
];

async function sitePages(page: Page): Promise<string[]> {
  if (process.env.AXE_SWEEP !== "all") return ONE_PAGE_PER_TEMPLATE;
  const response = await page.request.get("/sitemap.xml");
  expect(response.status(), "the sweep reads its pages from /sitemap.xml").toBe(200);
  const xml = await response.text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(paths.length).toBeGreaterThan(20);
  return [...paths, "/docs/next/user-guide/introduction", "/api/next/jobs", "/this-page-does-not-exist"];
}

async function setTheme(page: Page, theme: "light" | "dark") {
  const response = await page.request.post("/settings/theme", { form: { theme } });
  expect(response.ok()).toBe(true);
}

async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes
      .slice(0, 5)
      .map((node) => `${node.target.join(" ")}: ${node.failureSummary?.split("\n")[1]?.trim() ?? ""}`),
  }));
}

for (const theme of ["light", "dark"] as const) {
  for (const width of [1280, 390]) {
    test(`axe: ${process.env.AXE_SWEEP === "all" ? "every page" : "one page per template"}, ${theme} theme, ${width} px wide`, async ({
      page,
    }) => {
      test.setTimeout(process.env.AXE_SWEEP === "all" ? 900_000 : 240_000); // and /api again with the explorer open
      await page.setViewportSize({ width, height: 900 });
      await setTheme(page, theme);
      const found: Record<string, unknown> = {};
      for (const path of await sitePages(page)) {
        await page.goto(path);
        await hydrated(page);
        await expect(page.locator("html")).toHaveClass(theme);
        const list = await violations(page);
        if (list.length) found[path] = list;
        if (path === "/api") {
          await openApiExplorer(page);
          const open = await violations(page);
          if (open.length) found["/api, explorer open"] = open;
        }
      }
      expect(found, JSON.stringify(found, null, 2)).toEqual({});
    });
  }
}

test.describe("open menus and states pass too", () => {
  test.setTimeout(90_000); // several axe runs over whole pages per test
  test("the mobile menu, open, in both themes", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    for (const theme of ["light", "dark"] as const) {
      await setTheme(page, theme);
      await page.goto("/docs/user-guide/installation");
      await hydrated(page);
      await page.getByRole("banner").locator("summary[aria-label='Menu']").click();
      expect(await violations(page), theme).toEqual([]);
    }
  });

  test("the navbar menus, open, in both themes", async ({ page }) => {
    for (const theme of ["light", "dark"] as const) {
      await setTheme(page, theme);
      await page.goto("/");
      await hydrated(page);
      await page.getByRole("banner").getByLabel("Language").filter({ visible: true }).click();
      expect(await violations(page), `${theme}, language menu`).toEqual([]);
      await page.getByRole("banner").getByLabel("Docs version: 24.05.08").filter({ visible: true }).click();
      expect(await violations(page), `${theme}, version menu`).toEqual([]);
    }
  });
});

test.describe("keyboard only", () => {
  /** Tabs through the page and records what receives focus and whether focus is visible. */
  async function walk(page: Page, presses: number) {
    const stops: { name: string; visible: boolean; inMenu: boolean }[] = [];
    for (let i = 0; i < presses; i += 1) {
      await page.keyboard.press("Tab");
      stops.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return { name: "(body)", visible: false, inMenu: false };
          const style = getComputedStyle(el);
          const outlined = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
          const shadowed = style.boxShadow !== "none";
          const rect = el.getBoundingClientRect();
          const label = el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : null;
          return {
            name: (el.getAttribute("aria-label") ?? label ?? el.textContent ?? el.tagName)
              .replace("›", "")
              .trim()
              .slice(0, 40),
            visible: (outlined || shadowed) && rect.width > 0 && rect.height > 0,
            inMenu: Boolean(el.closest("details[data-mobile-menu], .docs-sidebar")),
          };
        }),
      );
    }
    return stops;
  }

  test("navbar and sidebar: every control reachable, focus always visible", async ({ page }) => {
    await page.goto("/docs/user-guide/installation");
    await hydrated(page);
    const stops = await walk(page, 45);
    const invisible = stops.filter((stop) => !stop.visible);
    expect(invisible, JSON.stringify(invisible)).toEqual([]);
    const names = stops.map((stop) => stop.name);
    for (const expected of [
      "Skip to main content",
      "Docs",
      "API",
      "Docs version: 24.05.08",
      "Language",
      "GitHub(source code repository)",
      "Switch to dark mode",
      "Introduction",
      "Installation",
      "Features",
      "Library",
    ]) {
      expect(names, expected).toContain(expected);
    }
  });

  test("the mobile menu: reachable, usable and visible by keyboard alone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/docs/user-guide/installation");
    await hydrated(page);
    let stops = await walk(page, 6);
    expect(stops.map((stop) => stop.name)).toContain("Menu");
    while ((await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))) !== "Menu")
      await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    // Past every control of the menu: its links, the three categories and every docs page.
    stops = await walk(page, 50);
    expect(
      stops.every((stop) => stop.inMenu),
      "focus stays in the open menu",
    ).toBe(true);
    expect(
      stops.filter((stop) => !stop.visible),
      "focus is visible",
    ).toEqual([]);
    const names = stops.map((stop) => stop.name);
    for (const expected of ["API", "Installation", "Roadmap"]) expect(names).toContain(expected);
    await page.keyboard.press("Escape");
    await expect(page.locator("details[data-mobile-menu]")).not.toHaveAttribute("open");
  });
});
