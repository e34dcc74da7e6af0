import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { parse as parseYaml } from "yaml";
import { buildApiReference } from "../../app/api-reference/build/operations";
import { tagPageUrl } from "../../app/api-reference/addresses";
import { currentVersion } from "../../app/content/site-versions";
import { readWholeSiteContent } from "../../app/content/build/store-file.server";
import { SITE_CONTENT_FILE } from "../../app/content/store.server";
import { CORE, collectErrors, DOC_PAGES, hydrated, origin, withoutJavaScript } from "./helpers";

// What search engines, link previews and language models read: robots.txt,
// the sitemap, the head of every kind of page, the icons, the Markdown form
// of pages and the llms.txt files.

const API_TAG_PAGES = buildApiReference(
  parseYaml(readFileSync(join(import.meta.dirname, "../../spec/openapi.yaml"), "utf8")),
).groups.map((group) => tagPageUrl("/api", group.tag));
const APP_PAGES = ["/", "/api", ...API_TAG_PAGES, "/api/models", "/markdown-page"];
const ALL_PAGES = [...APP_PAGES, ...Object.keys(DOC_PAGES)];
const PROXY = { "X-Forwarded-Host": "docs.example.org", "X-Forwarded-Proto": "https" };

async function text(request: APIRequestContext, path: string, headers: Record<string, string> = {}) {
  const response = await request.get(path, { headers });
  expect(response.status(), path).toBe(200);
  return { body: await response.text(), type: response.headers()["content-type"] ?? "", headers: response.headers() };
}

type NavigationEntry = { type: "link"; url: string } | { type: "category"; items: NavigationEntry[] };
/** The docs pages in the order of the sidebar the build computed from the folders. */
const sidebarPaths = (items: NavigationEntry[]): string[] =>
  items.flatMap((item) => (item.type === "link" ? [item.url] : sidebarPaths(item.items)));

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

/** Prose of a Markdown text: fenced code blocks and inline code removed. */
const prose = (markdown: string) =>
  markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, "").replace(/`[^`\n]*`/g, "");

test.describe("robots.txt and the sitemap", () => {
  test("robots.txt allows indexing and names the sitemap with an absolute URL", CORE, async ({ request }) => {
    const { body, type } = await text(request, "/robots.txt");
    expect(type).toBe("text/plain; charset=utf-8");
    expect(body).toMatch(/^User-agent: \*$/m);
    expect(body).toMatch(/^Allow: \/$/m);
    expect(body).not.toMatch(/^Disallow: \/$/m);
    expect(body).toMatch(new RegExp(`^Sitemap: ${origin()}/sitemap\\.xml$`, "m"));
  });

  test("the sitemap lists every page once with absolute URLs, and each of them answers", CORE, async ({ request }) => {
    const { body, type } = await text(request, "/sitemap.xml");
    expect(type).toMatch(/^application\/xml\b/);
    expect(body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    const urls = locs(body);
    expect([...urls].sort()).toEqual(ALL_PAGES.map((path) => `${origin()}${path}`).sort());
    expect(body).not.toContain(`<loc>${origin()}/settings/`);
    expect(body).not.toContain(`<loc>${origin()}/search<`);
    for (const lastmod of body.match(/<lastmod>[^<]*<\/lastmod>/g) ?? [])
      expect(lastmod).toMatch(/^<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>$/);
    for (const url of urls) expect((await request.get(url)).status(), url).toBe(200);
  });

  test("behind a proxy, the sitemap and robots.txt use the forwarded host and scheme, without mixing up cached copies", async ({
    request,
  }) => {
    const proxied = await text(request, "/sitemap.xml", PROXY);
    expect(locs(proxied.body).length).toBe(ALL_PAGES.length);
    for (const url of locs(proxied.body)) expect(url).toMatch(/^https:\/\/docs\.example\.org\//);
    expect((await text(request, "/robots.txt", PROXY)).body).toContain("Sitemap: https://docs.example.org/sitemap.xml");

    // The same file asked for directly still names the server's own address.
    for (const url of locs((await text(request, "/sitemap.xml")).body))
      expect(url.startsWith(`${origin()}/`)).toBe(true);
  });

  test("the files are compressed and revalidated like pages", async ({ request }) => {
    const first = await request.get("/sitemap.xml", { headers: { "Accept-Encoding": "br" } });
    expect(first.headers()["content-encoding"]).toBe("br");
    const etag = first.headers().etag!;
    expect(etag).toBeTruthy();
    const again = await request.get("/sitemap.xml", { headers: { "Accept-Encoding": "br", "If-None-Match": etag } });
    expect(again.status()).toBe(304);
  });
});

test.describe("the head of every kind of page", () => {
  async function head(page: Page) {
    const meta = (selector: string) => page.locator(selector).first().getAttribute("content");
    return {
      canonical: await page.locator('link[rel="canonical"]').getAttribute("href"),
      description: await meta('meta[name="description"]'),
      ogTitle: await meta('meta[property="og:title"]'),
      ogDescription: await meta('meta[property="og:description"]'),
      ogUrl: await meta('meta[property="og:url"]'),
      ogImage: await meta('meta[property="og:image"]'),
      ogImageWidth: await meta('meta[property="og:image:width"]'),
      ogImageHeight: await meta('meta[property="og:image:height"]'),
      twitterCard: await meta('meta[name="twitter:card"]'),
      twitterImage: await meta('meta[name="twitter:image"]'),
      robots: await page.locator('meta[name="robots"]').count(),
    };
  }

  for (const path of ["/", "/api", ...API_TAG_PAGES, "/markdown-page", "/docs/user-guide/installation"]) {
    test(`${path}: canonical, description, Open Graph and Twitter tags, all absolute`, async ({ page }) => {
      await page.goto(path);
      const tags = await head(page);
      expect(tags.canonical).toBe(`${origin()}${path === "/" ? "/" : path}`);
      expect(tags.ogUrl).toBe(tags.canonical);
      expect(tags.description?.length).toBeGreaterThan(40);
      expect(tags.description!.length).toBeLessThanOrEqual(200);
      expect(tags.ogDescription).toBe(tags.description);
      expect(tags.ogTitle).toBe(await page.title());
      expect(tags.ogImage).toBe(`${origin()}/img/social-card.png`);
      expect([tags.ogImageWidth, tags.ogImageHeight]).toEqual(["1200", "630"]);
      expect(tags.twitterCard).toBe("summary_large_image");
      expect(tags.twitterImage).toBe(tags.ogImage);
      expect(tags.robots, "no noindex").toBe(0);
    });
  }

  test("a docs page's description is its front matter description, as in its Markdown form", async ({
    page,
    request,
  }) => {
    const path = "/docs/user-guide/deployment";
    const { body } = await text(request, `${path}.md`);
    const description = body.split("\n")[2]!.replace(/^> /, "");
    await page.goto(path);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", description);
  });

  test("behind a proxy, canonical and Open Graph URLs use the forwarded host", async ({ browser }) => {
    const context = await browser.newContext({ extraHTTPHeaders: PROXY });
    const page = await context.newPage();
    await page.goto("/docs/user-guide/installation");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      "https://docs.example.org/docs/user-guide/installation",
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      "https://docs.example.org/img/social-card.png",
    );
    await context.close();
  });

  test("docs pages carry JSON-LD breadcrumbs with absolute URLs", async ({ page }) => {
    await page.goto("/docs/user-guide/features/albums");
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("BreadcrumbList");
    const items = data.itemListElement as { position: number; name: string; item: string }[];
    expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
    expect(items.at(-1)).toMatchObject({ name: "Albums", item: `${origin()}/docs/user-guide/features/albums` });
    for (const item of items) expect(item.item).toMatch(new RegExp(`^${origin()}/`));
  });

  test("the social image and the icons the head names are served, with their types", async ({ page, request }) => {
    const errors = collectErrors(page);
    await page.goto("/docs/user-guide/installation");
    await hydrated(page);
    const hrefs = await page
      .locator('link[rel="icon"], link[rel="apple-touch-icon"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
    expect(hrefs.sort()).toEqual([
      `${origin()}/apple-touch-icon.png`,
      `${origin()}/favicon.ico`,
      `${origin()}/favicon.svg`,
    ]);
    const types: Record<string, RegExp> = {
      "/favicon.ico": /^image\/(x-icon|vnd\.microsoft\.icon)$/,
      "/favicon.svg": /^image\/svg\+xml/,
      "/apple-touch-icon.png": /^image\/png$/,
      "/img/social-card.png": /^image\/png$/,
    };
    for (const [path, type] of Object.entries(types)) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["content-type"], path).toMatch(type);
    }
    // The browser asks for /favicon.ico on its own: that must not be a 404 in the console.
    const favicon = await page.request.get("/favicon.ico");
    expect((await favicon.body()).readUInt16LE(2)).toBe(1);
    expect(errors).toEqual([]);
  });
});

test.describe("pages as Markdown", () => {
  for (const [path, title] of [
    ["/docs/user-guide/installation", "Installation"],
    ["/markdown-page", "Markdown page"],
  ] as const) {
    test(`${path}.md is the page as Markdown`, CORE, async ({ request }) => {
      const { body, type, headers } = await text(request, `${path}.md`);
      expect(type).toBe("text/markdown; charset=utf-8");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(body.startsWith(`# ${title}\n\n> `)).toBe(true);
      expect(prose(body)).not.toMatch(/\{#[\w-]+\}|<!--/);
    });
  }

  test("Accept: text/markdown gets the Markdown at the page's own address; browsers still get HTML", async ({
    request,
    page,
  }) => {
    const path = "/docs/dev-guide/roadmap";
    const markdown = await text(request, path, { Accept: "text/markdown" });
    expect(markdown.type).toBe("text/markdown; charset=utf-8");
    expect(markdown.headers.vary).toMatch(/\bAccept\b/);
    expect(markdown.body).toBe((await text(request, `${path}.md`)).body);
    expect(markdown.body.startsWith("# Roadmap\n")).toBe(true);

    const response = await page.goto(path);
    expect(response?.headers()["content-type"]).toBe("text/html; charset=utf-8");
    expect(response?.headers().vary).toMatch(/\bAccept\b/);
    await expect(page.locator("h1")).toHaveText("Roadmap");
  });

  test("'Copy page as Markdown' copies the page's Markdown and says so", async ({ page, context, request }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const path = "/docs/user-guide/features/people";
    await page.goto(path);
    await hydrated(page);
    await page.getByRole("link", { name: "Copy page as Markdown" }).click();
    await expect(page.locator("#live-status")).toHaveText("Page copied as Markdown");
    await expect(page).toHaveURL(`${origin()}${path}`);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe((await text(request, `${path}.md`)).body);
  });

  test("'Copy page as Markdown' opens the Markdown without JavaScript", async ({ browser }) => {
    const { context, page } = await withoutJavaScript(browser);
    await page.goto("/docs/user-guide/features/people");
    const link = page.getByRole("link", { name: "Copy page as Markdown" });
    await expect(link).toHaveAttribute("href", "/docs/user-guide/features/people.md");
    const response = await page.request.get((await link.getAttribute("href"))!);
    expect(response.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(await response.text()).toMatch(/^# People\n/);
    await context.close();
  });
});

test.describe("llms.txt and llms-full.txt", () => {
  test("llms.txt lists every docs page by category with its summary, the API reference and the OpenAPI file", async ({
    request,
  }) => {
    const { body, type } = await text(request, "/llms.txt");
    expect(type).toBe("text/plain; charset=utf-8");
    expect(body).toMatch(/^# Smriti\n\n> .+\n/);
    const sections = [...body.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(sections).toEqual(["User Guide", "User Guide / Features", "Developer Guide", "API reference", "Optional"]);
    const links = [...body.matchAll(/^- \[([^\]]+)\]\((\S+)\): (.+)$/gm)].map((m) => ({
      title: m[1]!,
      url: m[2]!,
      summary: m[3]!,
    }));
    for (const [path, title] of Object.entries(DOC_PAGES)) {
      const link = links.find((l) => l.url === `${origin()}${path}.md`);
      expect(link, path).toBeTruthy();
      expect(link!.title).toBe(title);
      expect(link!.summary.length).toBeGreaterThan(30);
    }
    expect(links.map((l) => l.url)).toEqual(
      expect.arrayContaining([
        `${origin()}/api`,
        ...API_TAG_PAGES.map((path) => `${origin()}${path}`),
        `${origin()}/openapi.yaml`,
        `${origin()}/markdown-page.md`,
      ]),
    );
    for (const { url } of links) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
    }
  });

  test("llms-full.txt holds every docs page in sidebar order, with absolute links", async ({ request }) => {
    const { body, type } = await text(request, "/llms-full.txt");
    expect(type).toBe("text/plain; charset=utf-8");
    const compiled = readWholeSiteContent(join(import.meta.dirname, "../..", SITE_CONTENT_FILE));
    const sidebarOrder = sidebarPaths(currentVersion(compiled).navigation);
    expect([...sidebarOrder].sort()).toEqual(Object.keys(DOC_PAGES).sort());
    // The guide in sidebar order, then the API reference: its tag pages and the models.
    const sources = [...body.matchAll(/^Source: (\S+)$/gm)].map((m) => m[1]);
    expect(sources).toEqual([...sidebarOrder, ...API_TAG_PAGES, "/api/models"].map((path) => `${origin()}${path}`));
    for (const [path, title] of Object.entries(DOC_PAGES))
      expect(body, path).toContain(`# ${title}\n\nSource: ${origin()}${path}\n`);

    // The installation page's whole body is in it, in order.
    const installation = (await text(request, "/docs/user-guide/installation.md")).body;
    const firstSection = installation.match(/^## .+$/m)![0];
    expect(body).toContain(firstSection);
    expect(prose(body)).not.toMatch(/\]\(\/(?!\/)/);
    expect(body).toContain(`](${origin()}/docs/user-guide/installation`);
    expect(body).not.toContain("# Markdown page\n");
  });

  test("llms.txt behind a proxy uses the forwarded host", async ({ request }) => {
    const { body } = await text(request, "/llms.txt", PROXY);
    expect(body).toContain("(https://docs.example.org/docs/user-guide/installation.md)");
    expect(body).not.toContain("127.0.0.1");
  });
});
