// Versioned docs: the current release (24.05.08) at /docs and /api, Next at
// /docs/next and /api/next. Needs content/next and spec/next/openapi.yaml in
// the build (which pages exist where is read from the compiled content, so the
// tests follow whatever Next's pages are).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { parse as parseYaml } from "yaml";
import { buildApiReference } from "../../app/api-reference/build/operations";
import { SITE_CONTENT_FILE } from "../../app/content/store.server";
import { readWholeSiteContent } from "../../app/content/build/store-file.server";
import { CORE, axeOf, collectErrors, hydrated, origin, withoutJavaScript } from "./helpers";
import { openApiExplorer } from "./support/api-explorer";

const root = join(import.meta.dirname, "../..");
const content = readWholeSiteContent(join(root, SITE_CONTENT_FILE));
const current = content.versions.find((entry) => entry.version.status === "current")!;
const next = content.versions.find((entry) => entry.version.status === "next");

/** Addresses of release 24.05.08's sitemap before versions existed. */
const OLD_SITEMAP = readFileSync(join(root, "tests/fixtures/sitemap-24.05.08.txt"), "utf8")
  .split("\n")
  .filter((line) => line && !line.startsWith("#"));

const docsOf = (id: string) =>
  Object.values(content.pages)
    .filter((page) => page.version === id)
    .map((page) => page.url);
/** A page of Next that the current release has too, and one that only Next has. */
const nextDocs = next ? docsOf(next.version.id) : [];
const inBoth = "/docs/user-guide/installation";
const inBothNext = `/docs/next/user-guide/installation`;
const nextOnly = nextDocs.find((url) => !content.pages[url.replace(/^\/docs\/next\//, "/docs/")]);

const versionMenu = (page: Page, label: string) =>
  page.getByRole("banner").getByLabel(`Docs version: ${label}`).filter({ visible: true });
const menuEntry = (page: Page, name: string) =>
  page.getByRole("banner").getByRole("link", { name, exact: true }).filter({ visible: true });
const banner = (page: Page) => page.getByRole("region", { name: "Version notice" });

test(
  "no address of release 24.05.08 changed: every one in its old sitemap still answers 200",
  CORE,
  async ({ request }) => {
    expect(OLD_SITEMAP.length).toBeGreaterThanOrEqual(23);
    for (const path of OLD_SITEMAP) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      if (path !== "/") expect((await request.get(`${path}/`)).status(), `${path}/`).toBe(200);
    }
    // The sitemap is still the current release's, with nothing of Next in it.
    const sitemap = await (await request.get("/sitemap.xml")).text();
    for (const path of OLD_SITEMAP) expect(sitemap).toContain(`${path === "/" ? "" : path}</loc>`);
    expect(sitemap).not.toContain("/docs/next");
    expect(sitemap).not.toContain("/api/next");
  },
);

test.describe("with Next built", () => {
  test("the build has Next, with a page the current release does not have", () => {
    expect(next, "content/next and spec/next/openapi.yaml must be in the build").toBeDefined();
    expect(next!.api).not.toBeNull();
    expect(nextOnly).toBeDefined();
  });

  test(
    "Next lives under /docs/next, with its own sidebar, breadcrumbs and previous/next links",
    CORE,
    async ({ page }) => {
      const errors = collectErrors(page);
      const response = await page.request.get("/docs/next", { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers().location).toMatch(new RegExp(`${next!.entry}$`));
      await page.goto("/docs/next/");
      await expect(page).toHaveURL(new RegExp(`${next!.entry}$`));
      const sidebarLinks = await page
        .locator(".docs-sidebar a")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      expect(sidebarLinks.length).toBe(nextDocs.length);
      expect(sidebarLinks.every((href) => href?.startsWith("/docs/next/"))).toBe(true);
      await expect(
        page.getByRole("navigation", { name: "Breadcrumbs" }).getByRole("link", { name: "Docs" }),
      ).toHaveAttribute("href", "/docs/next");
      // The navbar's Docs and API links stay in Next too.
      const main = page.getByRole("banner").getByRole("navigation", { name: "Main" }).filter({ visible: true });
      await expect(main.getByRole("link", { name: "Docs" })).toHaveAttribute("href", next!.entry);
      await expect(main.getByRole("link", { name: "API" })).toHaveAttribute("href", "/api/next");
      const pager = await page
        .getByRole("navigation", { name: "Previous and next pages" })
        .getByRole("link")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      expect(pager.length).toBeGreaterThan(0);
      expect(pager.every((href) => href!.startsWith("/docs/next/"))).toBe(true);
      expect(errors).toEqual([]);
    },
  );

  test("switching versions keeps the page, and falls back to the introduction (with JavaScript)", async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(inBoth);
    await hydrated(page);
    const title = await page.locator("h1").innerText();
    await versionMenu(page, current.version.label).click();
    await menuEntry(page, next!.version.label).click();
    await expect(page).toHaveURL(new RegExp(`${inBothNext}$`));
    await expect(page.locator("h1")).toHaveText(title);
    await expect(banner(page)).toBeVisible();

    await versionMenu(page, next!.version.label).click();
    await menuEntry(page, `${current.version.label} (current)`).click();
    await expect(page).toHaveURL(new RegExp(`${inBoth}$`));
    await expect(banner(page)).toHaveCount(0);

    await page.goto(nextOnly!);
    await hydrated(page);
    await versionMenu(page, next!.version.label).click();
    await menuEntry(page, `${current.version.label} (current)`).click();
    await expect(page).toHaveURL(new RegExp(`${current.entry}$`));
    expect(errors).toEqual([]);
  });

  test("switching versions keeps the page, and falls back to the introduction (without JavaScript)", async ({
    browser,
  }) => {
    const { context, page } = await withoutJavaScript(browser);
    await page.goto(inBoth);
    await versionMenu(page, current.version.label).click();
    await menuEntry(page, next!.version.label).click();
    await expect(page).toHaveURL(new RegExp(`${inBothNext}$`));
    await expect(banner(page)).toBeVisible();
    await versionMenu(page, next!.version.label).click();
    await menuEntry(page, `${current.version.label} (current)`).click();
    await expect(page).toHaveURL(new RegExp(`${inBoth}$`));
    await page.goto(nextOnly!);
    await versionMenu(page, next!.version.label).click();
    const fallback = menuEntry(page, `${current.version.label} (current)`);
    await expect(fallback).toHaveAttribute("href", current.entry);
    await fallback.click();
    await expect(page).toHaveURL(new RegExp(`${current.entry}$`));
    // Pages of no version (the landing page) lead to each version's user guide introduction.
    await page.goto("/");
    await versionMenu(page, current.version.label).click();
    await expect(menuEntry(page, next!.version.label)).toHaveAttribute("href", "/docs/next/user-guide/introduction");
    await expect(
      page.getByRole("banner").getByRole("link", { name: "All releases" }).filter({ visible: true }),
    ).toHaveAttribute("href", /\/releases$/);
    await menuEntry(page, next!.version.label).click();
    await expect(page.locator("h1")).toHaveText("Introduction");
    await expect(page).toHaveURL(new RegExp("/docs/next/user-guide/introduction$"));
    await context.close();
  });

  test("on a Next page the footer and the search icon stay in Next (without JavaScript)", async ({ browser }) => {
    const { context, page } = await withoutJavaScript(browser, { viewport: { width: 390, height: 800 } });
    await page.goto(inBothNext);
    const footer = page.getByRole("navigation", { name: "Footer" });
    for (const [name, href] of [
      ["User Guide", "/docs/next/user-guide/introduction"],
      ["Installation", "/docs/next/user-guide/installation"],
      ["Developer Guide", "/docs/next/dev-guide/introduction"],
      ["API Reference", "/api/next"],
      ["Contributing", "/docs/next/dev-guide/contribution"],
    ]) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href!);
    }
    await footer.getByRole("link", { name: "Installation", exact: true }).click();
    await expect(page).toHaveURL(new RegExp("/docs/next/user-guide/installation$"));
    await page.getByRole("banner").getByRole("link", { name: "Search" }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/search\?version=next$/);
    // The release's pages keep the release's links.
    await page.goto(inBoth);
    await expect(
      page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Installation", exact: true }),
    ).toHaveAttribute("href", "/docs/user-guide/installation");
    await context.close();
  });

  test("the Next banner says the code is unreleased and links to the same page in the current release", async ({
    page,
  }) => {
    await page.goto(inBothNext);
    const note = banner(page);
    await expect(note).toContainText("unreleased");
    await expect(
      note.getByRole("link", { name: `See this page in ${current.version.label} (current)` }),
    ).toHaveAttribute("href", inBoth);
    // Above the page, right under the navbar.
    const [noteBox, titleBox] = [await note.boundingBox(), await page.locator("h1").boundingBox()];
    expect(noteBox!.y + noteBox!.height).toBeLessThanOrEqual(titleBox!.y);
    // For search engines the page is not the one to index.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${inBothNext}$`));
    await page.goto(nextOnly!);
    await expect(banner(page).getByRole("link")).toHaveAttribute("href", current.entry);
    await page.goto(inBoth);
    await expect(banner(page)).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });

  test("a Next page's links stay in Next, and its Markdown twin too", async ({ request }) => {
    const html = await (await request.get(inBothNext)).text();
    // The page's own text: from its rendered body to the end of the article (the banner above links to the current release on purpose).
    const body = html.slice(html.indexOf(`data-content-url="${inBothNext}"`), html.indexOf("</article>"));
    const docsLinks = [...body.matchAll(/href="(\/docs\/[^"#]*)/g)].map((m) => m[1]!);
    expect(docsLinks.length).toBeGreaterThan(0);
    expect(docsLinks.filter((href) => !href.startsWith("/docs/next"))).toEqual([]);
    const markdown = await request.get(`${inBothNext}.md`);
    expect(markdown.headers()["content-type"]).toContain("text/markdown");
    expect(await markdown.text()).not.toMatch(/\]\(\/docs\/(?!next)/);
  });

  test("/api/next lists the Jobs calls of the main branch's spec, without JavaScript; /api does not", async ({
    browser,
  }) => {
    const spec = readFileSync(join(root, "spec/next/openapi.yaml"), "utf8");
    const reference = buildApiReference(parseYaml(spec));
    const jobs = reference.groups.find((group) => group.tag === "Jobs");
    expect(jobs?.operations.length).toBeGreaterThan(0);
    const { context, page } = await withoutJavaScript(browser);
    await page.goto("/api/next");
    await expect(page.locator("h1")).toHaveText(`API Reference (${next!.version.label})`);
    await expect(page.getByText(`Version ${reference.version}`, { exact: true })).toBeVisible();
    await expect(page.locator(".api-index > li")).toHaveCount(reference.operationCount);
    await page.getByRole("heading", { level: 3, name: "Jobs", exact: true }).getByRole("link").click();
    await expect(page).toHaveURL(`${origin()}/api/next/jobs`);
    await expect(page.locator("h1")).toHaveText("Jobs");
    await expect(page).toHaveTitle(`Jobs · API Reference (${next!.version.label}) | Smriti`);
    await expect(page.locator("section.api-operation")).toHaveCount(jobs!.operations.length);
    for (const operation of jobs!.operations) {
      const section = page.locator(`[id="${operation.anchor}"]`);
      await expect(section.locator("h2")).toContainText(operation.method);
      await expect(section.locator("h2")).toContainText(operation.path);
    }
    await expect(banner(page)).toContainText("unreleased");
    for (const [name, href] of [
      ["Download OpenAPI (YAML)", "/next/openapi.yaml"],
      ["Download OpenAPI (JSON)", "/next/openapi.json"],
    ] as const) {
      await expect(page.getByRole("link", { name })).toHaveAttribute("href", href);
      const download = await page.request.get(href);
      expect(download.status()).toBe(200);
      expect(await download.text()).toContain(reference.version);
    }
    await page.goto("/api");
    await expect(page.getByRole("heading", { name: "Jobs", exact: true })).toHaveCount(0);
    await expect(page.getByText(`Version ${current.api!.version}`, { exact: true })).toBeVisible();
    expect((await page.request.get("/api/jobs")).status(), "the current release has no Jobs calls").toBe(404);
    await context.close();
  });

  test("a tag's page in the version menu leads to the same tag in the other version", async ({ page }) => {
    await page.goto("/api/next/albums");
    await hydrated(page);
    await versionMenu(page, next!.version.label).click();
    await menuEntry(page, `${current.version.label} (current)`).click();
    await expect(page).toHaveURL(`${origin()}/api/albums`);
    await expect(page.locator("h1")).toHaveText("Albums");
    // A tag the other version does not have: its API reference, not its docs.
    await page.goto("/api/next/jobs");
    await hydrated(page);
    await versionMenu(page, next!.version.label).click();
    const fallback = menuEntry(page, `${current.version.label} (current)`);
    await expect(fallback).toHaveAttribute("href", "/api");
    await expect(fallback).toHaveAttribute(
      "title",
      `This page is not in ${current.version.label}: opens its API reference`,
    );
  });

  test("/api/next's explorer loads Next's spec", async ({ page }) => {
    const errors = collectErrors(page);
    const specRequests: string[] = [];
    page.on("request", (request) => {
      if (/openapi\.json$/.test(request.url())) specRequests.push(new URL(request.url()).pathname);
    });
    await page.goto("/api/next");
    await openApiExplorer(page);
    expect(specRequests).toEqual(["/next/openapi.json"]);
    expect(errors).toEqual([]);
  });

  test("search keeps to the version being read, labels each result, and switches to all versions (without JavaScript)", async ({
    browser,
  }) => {
    const { context, page } = await withoutJavaScript(browser);
    await page.goto(inBothNext);
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Search the docs" });
    await box.fill("installation");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?version=next&q=installation$/);
    const results = page.locator("ol.search-results > li");
    await expect(results.first()).toBeVisible();
    const labels = async () =>
      results.locator(".hit-version").evaluateAll((tags) => tags.map((tag) => tag.textContent));
    expect(new Set(await labels())).toEqual(new Set([`Version ${next!.version.label}`]));
    const links = await results.locator("h2 a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(links.every((href) => href!.startsWith("/docs/next/") || href!.startsWith("/api/next"))).toBe(true);

    const scopes = page.getByRole("navigation", { name: "Versions searched" });
    await expect(scopes.getByRole("link", { name: `${next!.version.label} only` })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await scopes.getByRole("link", { name: "All versions" }).click();
    await expect(page).toHaveURL(/version=all&first=next/);
    // Every page of results, in order: ten a page, so the versions may share none of them.
    const mixed: string[] = [];
    const pager = page.getByRole("navigation", { name: "Pages of results" });
    for (let turned = 2; ; turned += 1) {
      // The address changes when the new page starts to arrive: read its labels once it is all there.
      await page.waitForLoadState("load");
      mixed.push(...((await labels()) as string[]));
      const nextPage = pager.getByRole("link", { name: /Next/ });
      if ((await nextPage.count()) === 0) break;
      await nextPage.click();
      await expect(page).toHaveURL(new RegExp(`version=all&first=next&page=${turned}$`));
    }
    expect(new Set(mixed)).toEqual(new Set([`Version ${next!.version.label}`, `Version ${current.version.label}`]));
    // The version being read comes first.
    expect(mixed.indexOf(`Version ${current.version.label}`)).toBeGreaterThan(
      mixed.lastIndexOf(`Version ${next!.version.label}`),
    );

    // From a page of the current release, the current release is searched.
    await page.goto(inBoth);
    await page.getByRole("banner").getByRole("searchbox", { name: "Search the docs" }).fill("installation");
    await page.getByRole("banner").getByRole("searchbox", { name: "Search the docs" }).press("Enter");
    await expect(page).toHaveURL(/\/search\?q=installation$/);
    await page.waitForLoadState("load");
    expect(new Set(await labels())).toEqual(new Set([`Version ${current.version.label}`]));
    await context.close();
  });

  test("the search dialog searches the version being read and can widen to all versions", async ({ page }) => {
    await page.goto(inBothNext);
    await hydrated(page);
    await page.keyboard.press("/");
    const dialog = page.locator("dialog[data-search-dialog]");
    await expect(dialog).toBeVisible();
    await page.getByRole("combobox", { name: "Search the docs" }).fill("installation");
    const options = dialog.getByRole("listbox", { name: "Results" }).getByRole("option");
    await expect(options.first()).toBeVisible();
    await expect(options.locator(".hit-version").first()).toHaveText(`Version ${next!.version.label}`);
    const versions = () =>
      options.locator(".hit-version").evaluateAll((tags) => tags.map((tag) => tag.getAttribute("data-version")));
    expect(new Set(await versions())).toEqual(new Set([next!.version.id]));
    const narrow = (await (await page.request.get("/search.json?q=installation&version=next")).json()) as {
      total: number;
    };
    const widened = page.waitForResponse((response) =>
      response.url().includes("/search.json?q=installation&version=all&first=next"),
    );
    await dialog.getByLabel(/Search all versions/).check();
    const answer = (await (await widened).json()) as { total: number; hits: { version: string }[] };
    // Every version is searched now (more hits), Next's first.
    expect(answer.total).toBeGreaterThan(narrow.total);
    expect(new Set(answer.hits.map((hit) => hit.version))).toContain(next!.version.id);
    expect(answer.hits[0]?.version).toBe(next!.version.id);
    await expect(options.first().locator(".hit-version")).toHaveAttribute("data-version", next!.version.id);
    // Focus is back in the field, and Enter on the first hit opens Next's page.
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/docs\/next\//);
  });

  test("llms.txt names Next's own file; /next/llms.txt lists Next's pages", async ({ request }) => {
    const index = await (await request.get("/llms.txt")).text();
    expect(index).toMatch(/\/next\/llms\.txt\)/);
    expect(index).not.toContain("/docs/next/");
    const nextIndex = await request.get("/next/llms.txt");
    expect(nextIndex.status()).toBe(200);
    const text = await nextIndex.text();
    expect(text).toContain("unreleased main branch");
    for (const url of nextDocs.slice(0, 5)) expect(text).toContain(`${url}.md)`);
    expect((await request.get("/next/llms-full.txt")).status()).toBe(200);
    expect((await request.get("/nope/llms.txt")).status()).toBe(404);
    expect((await request.get(`/${current.version.id}/openapi.yaml`)).status()).toBe(404);
  });

  for (const theme of ["light", "dark"] as const) {
    test(`axe: Next's pages, the open version menu, scoped search and the dialog's switch, ${theme} theme`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      expect((await page.request.post("/settings/theme", { form: { theme } })).ok()).toBe(true);
      const check = async (what: string) => {
        const { violations } = await axeOf(page)
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
          .analyze();
        expect(violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
          [],
        );
      };
      await page.goto(inBothNext);
      await hydrated(page);
      await versionMenu(page, next!.version.label).click();
      await check(inBothNext);
      await page.goto("/api/next");
      await check("/api/next");
      await page.goto("/search?q=installation&version=all&first=next");
      await check("search, all versions");
      await page.goto(inBothNext);
      await hydrated(page);
      await page.keyboard.press("/");
      await page.getByRole("combobox", { name: "Search the docs" }).fill("installation");
      await expect(page.locator("dialog[data-search-dialog]").getByRole("option").first()).toBeVisible();
      await check("search dialog");
    });
  }

  test("the current release named by its id leads to its unversioned address", async ({ request }) => {
    for (const [from, to] of [
      [`/docs/${current.version.id}${inBoth.slice(5)}`, inBoth],
      [`/api/${current.version.id}`, "/api"],
      [`/api/${current.version.id}/albums`, "/api/albums"],
    ] as const) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(302);
      expect(response.headers().location).toMatch(new RegExp(`${to}$`));
    }
    for (const missing of [
      "/api/unknown-version",
      "/api/next/unknown-tag",
      "/api/albums/extra",
      "/api/unknown-version/albums",
      `/api/${current.version.id}/unknown-tag`,
    ]) {
      expect((await request.get(missing)).status(), missing).toBe(404);
    }
    expect((await request.get("/docs/next/no-such-page")).status()).toBe(404);
  });
});
