import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { CORE, DOC_PAGES, hydrated, origin } from "./helpers";

test("the sidebar lists every docs page by category and marks the current one", CORE, async ({ page }) => {
  await page.goto("/docs/user-guide/features/albums");
  const sidebar = page.getByRole("navigation", { name: "Docs", exact: true });
  for (const category of ["User Guide", "Features", "Developer Guide"]) {
    await expect(sidebar.locator("summary", { hasText: category })).toBeVisible();
  }
  await expect(sidebar.getByRole("link")).toHaveCount(Object.keys(DOC_PAGES).length);
  await expect(sidebar.locator('[aria-current="page"]')).toHaveText("Albums");
  await expect(sidebar.getByRole("link", { name: "Roadmap" })).toBeVisible();
});

test("categories open and close on their own: closing one leaves the others", async ({ page }) => {
  await page.goto("/docs/user-guide/installation");
  const sidebar = page.getByRole("navigation", { name: "Docs", exact: true });
  await sidebar.locator("summary", { hasText: "Developer Guide" }).click();
  await expect(sidebar.getByRole("link", { name: "Roadmap" })).toBeHidden();
  await expect(sidebar.getByRole("link", { name: "Installation" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Albums" })).toBeVisible();
});

test("breadcrumbs sit above the page and lead back to the docs", async ({ page }) => {
  await page.goto("/docs/user-guide/features/people");
  const crumbs = page.getByRole("navigation", { name: "Breadcrumbs" });
  await expect(crumbs.locator("li")).toHaveText(["Docs›", "User Guide›", "Features›", "People"]);
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText("People");
  const crumbsBox = await crumbs.boundingBox();
  const h1Box = await page.locator("h1").boundingBox();
  expect(crumbsBox!.y).toBeLessThan(h1Box!.y);
});

test("the table of contents lists the h2 and h3 headings and follows the reader", CORE, async ({ page }) => {
  await page.goto("/docs/user-guide/installation");
  await hydrated(page);
  const toc = page.getByRole("navigation", { name: "On this page" });
  const headings = await page.locator("article .doc-content :is(h2, h3)").evaluateAll((els) => els.map((el) => el.id));
  const entries = await toc.getByRole("link").evaluateAll((els) => els.map((el) => el.getAttribute("href")!.slice(1)));
  expect(entries).toEqual(headings);
  expect(entries.length).toBeGreaterThan(5);

  const target = headings[Math.floor(headings.length / 2)]!;
  await page.locator(`#${target}`).evaluate((el) => el.scrollIntoView());
  await expect(toc.locator('[aria-current="location"]')).toHaveAttribute("href", `#${target}`);
  await page.locator(`#${headings[0]}`).evaluate((el) => el.scrollIntoView());
  await expect(toc.locator('[aria-current="location"]')).toHaveAttribute("href", `#${headings[0]}`);
});

test("on a phone, nothing moves while scripts and fonts arrive late (no layout shift)", async ({ browser }) => {
  // Lighthouse found the "On this page" list folding away at hydration (a 0.27 shift) and text
  // reflowing when the web font swapped in: both made slow here, where they would show.
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.addInitScript(() => {
    const shifts: number[] = ((window as unknown as { shifts: number[] }).shifts = []);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  const late = (ms: number) => async (route: import("@playwright/test").Route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  };
  await page.route("**/*.woff2", late(1200));
  await page.route("**/build/**/*.js", late(600));
  for (const path of ["/docs/user-guide/installation", "/docs/dev-guide/design-document"]) {
    await page.goto(`${origin()}${path}`);
    await hydrated(page);
    await page.waitForTimeout(1500);
    const total = await page.evaluate(() =>
      (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0),
    );
    expect(total, path).toBeLessThan(0.01);
    // The folded list still opens and leads to a section.
    await page.getByText("On this page", { exact: true }).first().click();
    await expect(page.getByRole("navigation", { name: "On this page" }).getByRole("link").first()).toBeVisible();
  }
  await page.close();
});

test("a page ends with its edit link and the date of its last commit", async ({ page }) => {
  await page.goto("/docs/user-guide/features/albums");
  await expect(page.getByRole("link", { name: "Edit this page" })).toHaveAttribute(
    "href",
    "https://github.com/prabhuomkar/smriti/edit/master/docs/content/docs/user-guide/features/albums.mdx",
  );
  const date = execFileSync("git", ["log", "-1", "--format=%cs", "--", "content/docs/user-guide/features/albums.mdx"], {
    encoding: "utf8",
  }).trim();
  const time = page.locator("main time");
  await expect(time).toHaveAttribute("datetime", date);
  await expect(page.getByText(/^Last updated on /)).toBeVisible();
});

test("previous and next links follow the sidebar order", async ({ page }) => {
  await page.goto("/docs/user-guide/first-login");
  await hydrated(page);
  const pager = page.getByRole("navigation", { name: "Previous and next pages" });
  await expect(pager.getByRole("link", { name: /Previous.*Installation/ })).toHaveAttribute(
    "href",
    "/docs/user-guide/installation",
  );
  await pager.getByRole("link", { name: /Next.*Configuration/ }).click();
  await expect(page).toHaveURL(/\/docs\/user-guide\/configuration$/);
  await expect(page.locator("h1")).toHaveText("Configuration");
  // the last page has no "next"
  await page.goto("/docs/dev-guide/roadmap");
  await expect(page.getByRole("navigation", { name: "Previous and next pages" }).getByRole("link")).toHaveCount(1);
});

test("a sidebar link opens its page on the client, and Remix knows its route from the start", async ({ page }) => {
  await page.goto("/docs/user-guide/installation");
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
  const sidebar = page.getByRole("navigation", { name: "Docs", exact: true });
  const link = sidebar.locator('a[href="/docs/user-guide/deployment"]');
  // Marked for route discovery, as a <Link> is: a tab older than a deploy keeps navigating in the app.
  await expect(link).toHaveAttribute("data-discover", "true");
  await link.click();
  await expect(page.locator("h1")).toHaveText("Deployment");
  // The body came with the navigation's data: the first view's data leaves it out (app/http/page-body.server.ts).
  await expect(page.getByRole("heading", { level: 2, name: "Choose a set-up" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker), "no document load").toBe(7);
  await expect(sidebar.locator('[aria-current="page"]')).toHaveText("Deployment");
  await expect(sidebar.locator('[aria-current="page"]')).toHaveCount(1);
});

test("links inside a page navigate on the client and the sidebar follows", async ({ page }) => {
  await page.goto("/docs/user-guide/installation");
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await page.locator("article .doc-content a[href='/docs/user-guide/deployment']").first().click();
  await expect(page.locator("h1")).toHaveText("Deployment");
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  await expect(page.getByRole("navigation", { name: "Docs", exact: true }).locator('[aria-current="page"]')).toHaveText(
    "Deployment",
  );
});
