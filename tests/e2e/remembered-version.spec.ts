// The remembered docs version (docs/decisions/033-remembered-version.md): after
// a reader opens a page of Next, links on pages of no version (the navbar's
// Docs and API links, the landing page's calls to action, the footer) lead
// into Next, until the reader reads the release again; with and without
// JavaScript, and never through another reader's cached page.
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { collectErrors, hydrated, withoutJavaScript } from "./helpers";

const NEXT_PAGE = "/docs/next/user-guide/installation";
const RELEASE_PAGE = "/docs/user-guide/installation";

const navbar = (page: Page) => page.getByRole("banner");
const navLink = (page: Page, name: string) =>
  navbar(page).getByRole("link", { name, exact: true }).filter({ visible: true });
const footerLink = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name, exact: true });
const cta = (page: Page, name: string) => page.getByRole("main").getByRole("link", { name, exact: true });

/** Every link a page of no version draws into a docs version, checked against `docsBase` and `apiUrl`. */
async function expectLinksInto(page: Page, docsBase: string, apiUrl: string) {
  await expect(navLink(page, "Docs")).toHaveAttribute("href", new RegExp(`^${docsBase}/[a-z]`));
  await expect(navLink(page, "API")).toHaveAttribute("href", apiUrl);
  await expect(footerLink(page, "Installation")).toHaveAttribute("href", `${docsBase}/user-guide/installation`);
  await expect(footerLink(page, "Developer Guide")).toHaveAttribute("href", `${docsBase}/dev-guide/introduction`);
  await expect(footerLink(page, "API Reference")).toHaveAttribute("href", apiUrl);
  if (new URL(page.url()).pathname === "/") {
    await expect(cta(page, "Get started")).toHaveAttribute("href", `${docsBase}/user-guide/installation`);
    await expect(cta(page, "API reference")).toHaveAttribute("href", apiUrl);
  }
}

const versionCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === "docs-version")?.value;

/** Picks `label` in the navbar's version menu (a disclosure: works with and without scripts). */
async function pickVersion(page: Page, reading: string, label: string) {
  await navbar(page).getByLabel(`Docs version: ${reading}`).filter({ visible: true }).click();
  await navLink(page, label).click();
}

// Each test walks a dozen pages: three times the usual time, for a busy machine.
test.beforeEach(() => test.slow());

test("without JavaScript: a Next page is remembered until the reader picks the release", async ({ browser }) => {
  const { context, page } = await withoutJavaScript(browser);
  await page.goto("/");
  await expectLinksInto(page, "/docs", "/api");

  await page.goto(NEXT_PAGE);
  expect(await versionCookie(context)).toBe("next");
  await navbar(page)
    .getByRole("link", { name: /Smriti/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expectLinksInto(page, "/docs/next", "/api/next");
  // No version notice on a page of no version, though it follows Next.
  await expect(page.getByRole("region", { name: "Version notice" })).toHaveCount(0);
  await cta(page, "Get started").click();
  await expect(page).toHaveURL(new RegExp(`${NEXT_PAGE}$`));

  // The API reference's own address still shows the release; its links follow the choice.
  await page.goto("/search");
  await expectLinksInto(page, "/docs/next", "/api/next");
  await navLink(page, "API").click();
  await expect(page).toHaveURL(/\/api\/next$/);

  await page.goto(NEXT_PAGE);
  await pickVersion(page, "Next", "24.05.08 (current)");
  await expect(page).toHaveURL(new RegExp(`${RELEASE_PAGE}$`));
  expect(await versionCookie(context)).toBeUndefined();
  await page.goto("/");
  await expectLinksInto(page, "/docs", "/api");
  await context.close();
});

test("with JavaScript: moving between versions inside the app is remembered too", async ({ page, context }) => {
  const errors = collectErrors(page);
  await page.goto(RELEASE_PAGE);
  await hydrated(page);
  await pickVersion(page, "24.05.08", "Next");
  await expect(page).toHaveURL(new RegExp(`${NEXT_PAGE}$`));
  await expect.poll(() => versionCookie(context)).toBe("next");

  // Home inside the app (no document request): the navbar and footer follow Next.
  await navbar(page)
    .getByRole("link", { name: /Smriti/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expectLinksInto(page, "/docs/next", "/api/next");
  // And after a reload, from the server.
  await page.reload();
  await hydrated(page);
  await expectLinksInto(page, "/docs/next", "/api/next");

  await cta(page, "Get started").click();
  await expect(page).toHaveURL(new RegExp(`${NEXT_PAGE}$`));
  await pickVersion(page, "Next", "24.05.08 (current)");
  await expect(page).toHaveURL(new RegExp(`${RELEASE_PAGE}$`));
  await expect.poll(() => versionCookie(context)).toBeUndefined();
  await footerLink(page, "Contributing").click();
  await expect(page).toHaveURL(/\/docs\/dev-guide\/contribution$/);
  await page.goto("/search");
  await hydrated(page);
  await expectLinksInto(page, "/docs", "/api");
  expect(errors).toEqual([]);
});

test("a page stored for one reader is served to another with that reader's own links and cookie", async ({
  browser,
}) => {
  const chose = await withoutJavaScript(browser);
  const other = await withoutJavaScript(browser);
  // The reader who chose Next opens the landing page first, so the server stores it for them.
  await chose.page.goto(NEXT_PAGE);
  await chose.page.goto("/");
  await expectLinksInto(chose.page, "/docs/next", "/api/next");
  await other.page.goto("/");
  await expectLinksInto(other.page, "/docs", "/api");
  // Both again, from the store now, in the other order.
  await other.page.reload();
  await expectLinksInto(other.page, "/docs", "/api");
  await chose.page.reload();
  await expectLinksInto(chose.page, "/docs/next", "/api/next");

  // A Next page stored by the first reader still sets the cookie for a reader who has none, and only for them.
  expect(await versionCookie(other.context)).toBeUndefined();
  const first = await other.page.request.get(NEXT_PAGE);
  expect(first.headers()["set-cookie"]).toMatch(/^docs-version=next;/);
  expect(first.headers()["cache-control"]).toMatch(/^private/);
  const again = await chose.page.request.get(NEXT_PAGE);
  expect(again.headers()["set-cookie"]).toBeUndefined();
  expect(again.headers()["cache-control"]).toMatch(/^public/);
  // The release's own API reference stays the release's, whatever the cookie.
  await chose.page.goto("/api");
  await expect(chose.page).toHaveURL(/\/api$/);
  await expect(navbar(chose.page).getByLabel("Docs version: 24.05.08").filter({ visible: true })).toBeVisible();
  await chose.context.close();
  await other.context.close();
});
