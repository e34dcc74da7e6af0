import { expect, test, type Page } from "@playwright/test";
import { CORE, axeOf, hydrated } from "./helpers";
import { openApiExplorer } from "./support/api-explorer";

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * One page of each template (the default run: one test per page), or with AXE_SWEEP=all
 * (`npm run test:axe`, and CI) every page the sitemap lists, read from the running site, plus Next's
 * and the 404 page (one test per theme). Either way each page is checked in both themes at both widths.
 */
const ONE_PAGE_PER_TEMPLATE = [
  "/", // landing
  "/docs/user-guide/installation", // a docs page with tables, tabs and code
  "/docs/next/user-guide/introduction", // Next: its banner and its own diagram
  "/api", // the API overview (with the explorer open too in the full sweep)
  "/api/auth", // an API tag page: fields, request and error examples, code tabs (the sweep has them all)
  "/api/models", // the models page
  "/search?q=album", // search results
  "/markdown-page", // a standalone content page
  "/this-page-does-not-exist", // the 404 page
];
const THEMES = ["light", "dark"] as const;
const WIDTHS = [1280, 390] as const;

async function everySitePage(page: Page): Promise<string[]> {
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
  const results = await axeOf(page).withTags(WCAG).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes
      .slice(0, 5)
      .map((node) => `${node.target.join(" ")}: ${node.failureSummary?.split("\n")[1]?.trim() ?? ""}`),
  }));
}

/**
 * Checks one page in the theme its cookie names, at each width: loaded once and resized, as a reader
 * turning a phone does, since a load per width doubled the sweep's time for the same rendering.
 * /api is checked again with the explorer open, at the widths given (RapiDoc's shadow tree is the
 * costliest check of all). Violations are added to `found` under page and width.
 */
async function checkPage(
  page: Page,
  path: string,
  theme: "light" | "dark",
  found: Record<string, unknown>,
  explorerWidths: readonly number[],
) {
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  await page.goto(path);
  await hydrated(page);
  await expect(page.locator("html")).toHaveClass(theme);
  const check = async (label: string, width: number) => {
    await page.setViewportSize({ width, height: 900 });
    const list = await violations(page);
    if (list.length) found[`${label}, ${theme} theme, ${width} px`] = list;
  };
  for (const width of WIDTHS) await check(path, width);
  if (path === "/api" && explorerWidths.length) {
    await openApiExplorer(page);
    for (const width of explorerWidths) await check("/api, explorer open", width);
  }
}

if (process.env.AXE_SWEEP === "all") {
  for (const theme of THEMES) {
    test(`axe: every page, ${theme} theme, ${WIDTHS.join(" and ")} px wide`, async ({ page }) => {
      test.setTimeout(1_800_000); // some 60 pages, each checked at two widths
      await setTheme(page, theme);
      const found: Record<string, unknown> = {};
      for (const path of await everySitePage(page)) await checkPage(page, path, theme, found, [390, 1280]);
      expect(found, JSON.stringify(found, null, 2)).toEqual({});
    });
  }
} else {
  for (const path of ONE_PAGE_PER_TEMPLATE) {
    test(`axe: ${path}, light and dark, ${WIDTHS.join(" and ")} px wide`, CORE, async ({ page }) => {
      test.setTimeout(120_000); // four axe runs over a whole page
      const found: Record<string, unknown> = {};
      for (const theme of THEMES) {
        await setTheme(page, theme);
        // The open explorer, RapiDoc's own tree, is left to the full sweep (CI), at both widths.
        await checkPage(page, path, theme, found, []);
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

  test("navbar and sidebar: every control reachable, focus always visible", CORE, async ({ page }) => {
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

test("landmarks and table headers: nothing outside a landmark, no two regions alike, no empty header", async ({
  page,
}) => {
  // Rules outside the WCAG tags the sweep runs: a reader who moves by landmarks missed Next's version
  // notice, could not tell the configuration page's eight tables apart (nor the 404 page's two search
  // boxes), and met an empty header cell.
  test.setTimeout(90_000);
  const found: Record<string, unknown> = {};
  for (const path of [
    "/docs/next/user-guide/introduction",
    "/docs/user-guide/configuration",
    "/docs/user-guide/deployment",
    "/api/next/jobs",
    "/this-page-does-not-exist", // its own search box beside the navbar's
  ]) {
    await page.goto(path);
    const results = await axeOf(page).withRules(["region", "landmark-unique", "empty-table-header"]).analyze();
    const list = results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(", ")}`,
    );
    if (list.length) found[path] = list;
  }
  expect(found, JSON.stringify(found, null, 2)).toEqual({});
});
