import assert from "node:assert/strict";
import { join } from "node:path";
import { before, describe, test } from "node:test";
import { buildSiteContent } from "../../app/content/build/build.server";
import { currentVersion } from "../../app/content/site-versions";
import type { SiteContent } from "../../app/content/types";
import { publicOrigin } from "../../app/http/origin.server";
import { absoluteLinks } from "../../app/seo/absolute-links.server";
import { llmsFullTxt, llmsTxt } from "../../app/seo/llms.server";
import { robotsTxt } from "../../app/seo/robots.server";
import { sitemapXml } from "../../app/seo/sitemap.server";
import type { TextSource } from "../../app/seo/text-resource.server";
import { readSiteConfig } from "../../app/config.server";

// The site-wide files made from the compiled fixture content (not the real pages).

const root = join(import.meta.dirname, "../..");
const ORIGIN = "https://docs.example.org";

describe("files for search engines and language models, from the fixture content", () => {
  let content: SiteContent;
  let source: TextSource;

  before(async () => {
    ({ content } = await buildSiteContent({ root, contentDir: join(root, "tests/fixtures/content"), cacheDir: null }));
    source = { content, config: readSiteConfig({ SITE_BRAND: "Fixture" }), origin: ORIGIN };
  });

  test("robots.txt allows everything but settings and search, and names the sitemap", () => {
    assert.equal(
      robotsTxt(ORIGIN),
      "User-agent: *\nAllow: /\nDisallow: /settings/\nDisallow: /search\n\nSitemap: https://docs.example.org/sitemap.xml\n",
    );
  });

  test("the sitemap lists the app pages and every content page with absolute URLs and known dates", () => {
    const dated = { ...content, pages: { ...content.pages } };
    dated.pages["/docs/guide/first"] = { ...dated.pages["/docs/guide/first"]!, lastUpdated: "2024-05-08" };
    dated.pages["/docs/guide/second"] = { ...dated.pages["/docs/guide/second"]!, lastUpdated: null };
    const xml = sitemapXml(dated, ORIGIN);
    const apiTagPaths = currentVersion(content).api!.tags.map((tag) => `/api/${tag.slug}`);
    assert.ok(apiTagPaths.includes("/api/albums"), apiTagPaths.join(" "));
    assert.match(
      xml,
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    assert.deepEqual(
      [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]),
      ["/", "/api", ...apiTagPaths, "/api/models", "/standalone", "/docs/guide/first", "/docs/guide/second"].map(
        (path) => `${ORIGIN}${path}`,
      ),
    );
    assert.match(xml, /<loc>https:\/\/docs.example.org\/docs\/guide\/first<\/loc>\n {4}<lastmod>2024-05-08<\/lastmod>/);
    assert.match(
      xml,
      /<loc>https:\/\/docs.example.org\/docs\/guide\/second<\/loc>\n {2}<\/url>/,
      "no date when none is known",
    );
    assert.doesNotMatch(
      xml,
      /<loc>https:\/\/docs\.example\.org\/(settings|search)[/<]/,
      "no settings or search results (the API's Search calls are a page)",
    );
  });

  test("sitemap URLs are XML-escaped", () => {
    assert.match(
      sitemapXml({ pages: {}, versions: [] }, "https://a.example/?x=1&y=2"),
      /<loc>https:\/\/a.example\/\?x=1&amp;y=2\/<\/loc>/,
    );
  });

  test("llms.txt: the brand as h1, a summary, a section per sidebar category, the API and the optional pages", () => {
    const text = [...llmsTxt(source, currentVersion(content))].join("");
    assert.match(
      text,
      /^# Fixture\n\n> Smarter Home for all your Photos and Videos\. Fixture is a self-hosted photo and video library/,
    );
    const sections = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    assert.deepEqual(sections, ["Guide", "API reference", "Optional"]);
    assert.match(
      text,
      /## Guide\n\n- \[First page\]\(https:\/\/docs\.example\.org\/docs\/guide\/first\.md\): A fixture page that uses every syntax feature the pipeline supports\.\n- \[Second page\]\(https:\/\/docs\.example\.org\/docs\/guide\/second\.md\): The second fixture page\.\n/,
    );
    assert.match(
      text,
      /- \[API reference\]\(https:\/\/docs\.example\.org\/api\): The Fixture REST API \(release 24\.05\.08\): base URL, authentication, errors and an index of its \d+ operations\./,
    );
    assert.match(
      text,
      /- \[Albums calls\]\(https:\/\/docs\.example\.org\/api\/albums\): \d+ operations with parameters, request bodies and responses\. \S/,
    );
    assert.match(text, /- \[OpenAPI specification\]\(https:\/\/docs\.example\.org\/openapi\.yaml\): /);
    assert.match(
      text,
      /## Optional\n\n- \[Standalone\]\(https:\/\/docs\.example\.org\/standalone\.md\): A standalone fixture page, not in the sidebar\.\n$/,
    );
  });

  test("llms-full.txt: every docs page in sidebar order, each with its address, links made absolute", () => {
    const text = [...llmsFullTxt(source, currentVersion(content))].join("");
    // The guide in sidebar order, then the API reference: a page per tag and the models.
    const apiPages = [...currentVersion(content).api!.tags.map((tag) => tag.tag), "Models"].map(
      (title) => `${title} · Smriti API 24.05.08`,
    );
    assert.deepEqual(
      [...text.matchAll(/^# (.+)$/gm)].map((m) => m[1]),
      ["Fixture documentation", "First page", "Second page", ...apiPages],
    );
    assert.match(text, /# First page\n\nSource: https:\/\/docs\.example\.org\/docs\/guide\/first\n\n> A fixture page/);
    assert.match(text, /\[relative source\]\(https:\/\/docs\.example\.org\/docs\/guide\/second\)/);
    assert.match(text, /\[api\]\(https:\/\/docs\.example\.org\/api\)/);
    assert.match(text, /\[external\]\(https:\/\/example\.org\)/);
    assert.doesNotMatch(text, /Standalone summary/, "standalone pages are not part of the guide");
    assert.doesNotMatch(text, /\]\(\//, "no root-relative link is left");
  });
});

describe("making a page's links absolute", () => {
  const page = "https://docs.example.org/docs/guide/first";

  test("root-relative, relative and same-page links, images and definitions; external links untouched", () => {
    const markdown = [
      "See [a](/docs/x#y), [b](./b), [c](../c/) and [d](#here).",
      '![diagram](/img/d.png "A title") [mail](mailto:a@example.org) [ext](https://example.org/z)',
      "[ref]: /api",
      "[^1]: A footnote, not a link.",
    ].join("\n");
    assert.equal(
      absoluteLinks(markdown, page),
      [
        "See [a](https://docs.example.org/docs/x#y), [b](https://docs.example.org/docs/guide/b), [c](https://docs.example.org/docs/c/) and [d](https://docs.example.org/docs/guide/first#here).",
        '![diagram](https://docs.example.org/img/d.png "A title") [mail](mailto:a@example.org) [ext](https://example.org/z)',
        "[ref]: https://docs.example.org/api",
        "[^1]: A footnote, not a link.",
      ].join("\n"),
    );
  });

  test("code is left exactly as written", () => {
    const markdown = "Inline `[x](/kept)` and [y](/moved).\n\n```md\n[z](/kept-too)\n```\n";
    assert.equal(
      absoluteLinks(markdown, page),
      "Inline `[x](/kept)` and [y](https://docs.example.org/moved).\n\n```md\n[z](/kept-too)\n```\n",
    );
  });
});

describe("the origin of absolute URLs", () => {
  const request = (headers: Record<string, string> = {}) =>
    new Request("http://127.0.0.1:3000/sitemap.xml", { headers });
  const proxied = { "X-Forwarded-Host": "docs.example.org", "X-Forwarded-Proto": "https" };

  test("SITE_URL from the configuration wins over the request and the proxy", () => {
    const config = readSiteConfig({ SITE_URL: "https://smriti.example.net/" });
    assert.equal(publicOrigin(request(proxied), config), "https://smriti.example.net");
  });

  test("without SITE_URL: the proxy's forwarded host and scheme, else the request's own", () => {
    const config = readSiteConfig({});
    assert.equal(publicOrigin(request(proxied), config), "https://docs.example.org");
    assert.equal(publicOrigin(request(), config), "http://127.0.0.1:3000");
    assert.equal(
      publicOrigin(request({ "X-Forwarded-Host": "evil.example/<script>" }), config),
      "http://127.0.0.1:3000",
    );
  });
});
