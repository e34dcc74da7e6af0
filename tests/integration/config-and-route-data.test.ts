import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { buildSiteContent } from "../../app/content/build/build.server";
import { getSiteContent, SITE_CONTENT_FILE } from "../../app/content/store.server";
import { writeSiteContent } from "../../app/content/build/store-file.server";
import { docRouteData, standalonePageData } from "../../app/docs/route-data.server";
import { loader as standaloneLoader } from "../../app/route-loaders/standalone-page.server";
import { ConfigurationError, readPageCacheMegabytes, readSiteConfig } from "../../app/config.server";
import { settingsProblem } from "../../app/startup.server";
import { defaultSiteConfig } from "../../app/site.config";

const root = join(import.meta.dirname, "../..");

describe("site configuration", () => {
  test("defaults: Smriti, light fonts from our origin, no tracker, closeable announcement", () => {
    const config = readSiteConfig({});
    // The browser's fallback (a page whose root loader failed) is exactly what an unconfigured server reads.
    assert.deepEqual(config, defaultSiteConfig);
    assert.equal(config.brand, "Smriti");
    assert.equal(config.tagline, "Smarter Home for all your Photos and Videos");
    assert.equal(config.repositoryUrl, "https://github.com/prabhuomkar/smriti");
    assert.equal(config.colors.primary, "#3d9ae8");
    assert.equal(config.colors.footerBackground, "#071320");
    assert.deepEqual(
      { id: config.announcement.id, closeable: config.announcement.closeable, link: config.announcement.linkUrl },
      { id: "wip", closeable: true, link: "/docs/dev-guide/contribution" },
    );
    assert.equal(config.fontsStylesheetUrl, null);
    assert.equal(config.analyticsId, null);
  });

  test("environment variables override, trimmed and normalised", () => {
    const config = readSiteConfig({
      SITE_BRAND: " Photos ",
      SITE_URL: "https://docs.example.org/",
      SITE_ANNOUNCEMENT_CLOSEABLE: "false",
      SITE_ANALYTICS_ID: "G-ABCDE12345",
      SITE_BASE_PATH: " / ",
    });
    assert.equal(config.brand, "Photos");
    assert.equal(config.siteUrl, "https://docs.example.org");
    assert.equal(config.announcement.closeable, false);
    assert.equal(config.analyticsId, "G-ABCDE12345");
    assert.match(config.announcement.text, /^Photos is under active development/);
  });

  test("URLs are kept as the URL parser writes them, so links made from them lead where they should", () => {
    // Written as given, each of these SITE_URLs made canonical links such as "https:docs.example.org/docs/…".
    for (const [given, origin] of [
      ["https:docs.example.org", "https://docs.example.org"],
      ["HTTPS://Docs.Example.ORG:443/", "https://docs.example.org"],
      ["http://docs.example.org:80", "http://docs.example.org"],
      ["http://127.0.0.1:8080/", "http://127.0.0.1:8080"],
    ])
      assert.equal(readSiteConfig({ SITE_URL: given }).siteUrl, origin, given);
    const config = readSiteConfig({
      SITE_REPOSITORY_URL: "https:github.com/acme/photos-docs/",
      SITE_FONTS_STYLESHEET_URL: "https://fonts.example.org/css2?family=DM+Sans:wght@400/",
      SITE_API_SERVER_URL: "https://photos.example.org/api/",
    });
    assert.equal(config.repositoryUrl, "https://github.com/acme/photos-docs");
    assert.equal(config.editUrlBase, "https://github.com/acme/photos-docs/edit/master/docs");
    // A query keeps its last character: only a path's trailing slashes go.
    assert.equal(config.fontsStylesheetUrl, "https://fonts.example.org/css2?family=DM+Sans:wght@400/");
    assert.equal(config.apiServerUrl, "https://photos.example.org/api");
  });

  test("a bad value is one line naming the variable, its value and what is expected", () => {
    const cases: [Record<string, string>, string][] = [
      // Canonical links, redirects and the sitemap append the page's path to SITE_URL: it is an origin.
      ...[
        "docs.example.org",
        "ftp://docs.example.org",
        "https://docs.example.org/guide",
        "https://docs.example.org/guide/",
        "https://docs.example.org?x=1",
        "https://docs.example.org/#top",
        "https://user:secret@docs.example.org",
      ].map((url): [Record<string, string>, string] => [
        { SITE_URL: url },
        `SITE_URL="${url}" is not valid: expected the public origin only, scheme and host (no path, query or fragment), such as https://docs.example.org`,
      ]),
      // "/releases" and each page's path are appended to these.
      [
        { SITE_REPOSITORY_URL: "https://github.com/acme/docs?tab=readme" },
        'SITE_REPOSITORY_URL="https://github.com/acme/docs?tab=readme" is not valid: expected an absolute http(s) URL without query or fragment, such as https://github.com/prabhuomkar/smriti',
      ],
      [
        { SITE_EDIT_URL_BASE: "https://github.com/acme/docs/edit/main#x" },
        'SITE_EDIT_URL_BASE="https://github.com/acme/docs/edit/main#x" is not valid: expected an absolute http(s) URL without query or fragment, such as https://github.com/prabhuomkar/smriti',
      ],
      [
        { SITE_FONTS_STYLESHEET_URL: "//fonts.example.org/css" },
        'SITE_FONTS_STYLESHEET_URL="//fonts.example.org/css" is not valid: expected an absolute http(s) URL without fragment, such as https://fonts.example.org/css?family=DM+Sans',
      ],
      [
        { SITE_ANNOUNCEMENT_CLOSEABLE: "maybe" },
        'SITE_ANNOUNCEMENT_CLOSEABLE="maybe" is not valid: expected true or false',
      ],
      [
        { SITE_ANALYTICS_ID: "bad" },
        'SITE_ANALYTICS_ID="bad" is not valid: expected a Google Analytics (gtag) id such as G-XXXXXXX',
      ],
      // Readers could never close a bar with such an id: its form and cookie take none of these.
      ...["v24.06", "new release", "x".repeat(65), "é"].map((id): [Record<string, string>, string] => [
        { SITE_ANNOUNCEMENT_ID: id },
        `SITE_ANNOUNCEMENT_ID="${id}" is not valid: expected 1 to 64 letters, digits, - and _, such as release-24-06`,
      ]),
      // No setting can move the site under a path: its links and scripts are addressed from the root.
      ...["/photos-docs/", "photos-docs", "/a b/"].map((path): [Record<string, string>, string] => [
        { SITE_BASE_PATH: path },
        `SITE_BASE_PATH="${path}" is not valid: expected / or unset: the site is served at the root of its host name; publish it on a host name of its own`,
      ]),
    ];
    for (const [env, message] of cases) {
      assert.throws(
        () => readSiteConfig(env),
        (error: unknown) => error instanceof ConfigurationError && error.message === message,
      );
    }
  });

  test("the start check covers the server's own settings too, and names only the first bad one", () => {
    assert.equal(settingsProblem({}), null);
    assert.equal(settingsProblem({ PORT: "3000", HOST: "127.0.0.1", SITE_PAGE_CACHE_MB: "8" }), null);
    for (const megabytes of ["0", "0.5", "4096"])
      assert.equal(settingsProblem({ SITE_PAGE_CACHE_MB: megabytes }), null, megabytes);
    // 16777216 is 16 MB given in bytes: a cache outside the heap that would grow until the process is killed.
    for (const megabytes of ["lots", "-1", "16MB", "0x10", "1e3", "4097", "16777216"])
      assert.equal(
        settingsProblem({ SITE_PAGE_CACHE_MB: megabytes }),
        `[config] SITE_PAGE_CACHE_MB="${megabytes}" is not valid: expected a number of megabytes from 0 to 4096, such as 16`,
      );
    for (const value of ["", "0", "1"]) assert.equal(settingsProblem({ SITE_SEARCH_THREAD: value }), null, value);
    for (const value of ["yes", "off", "2", " 1"])
      assert.equal(
        settingsProblem({ SITE_SEARCH_THREAD: value }),
        `[config] SITE_SEARCH_THREAD="${value}" is not valid: expected 1 (searches in a thread of their own, the default) or 0 (on the main thread), or unset`,
      );
    assert.equal(
      settingsProblem({ PORT: "80a" }),
      '[config] PORT="80a" is not valid: expected a TCP port number from 1 to 65535, or PORT unset',
    );
    // remix-serve reads a blank PORT as 0, and 0 as a port the system picks: a server nobody can find.
    for (const port of ["70000", "", "  ", "0", "-1", "3000.5"])
      assert.equal(
        settingsProblem({ PORT: port }),
        `[config] PORT="${port}" is not valid: expected a TCP port number from 1 to 65535, or PORT unset`,
      );
    assert.equal(settingsProblem({ PORT: " 3000 ", HOST: "" }), null);
    assert.equal(settingsProblem({ HOST: "::1" }), null);
    // Spaces are a name remix-serve looks up; a colon outside an IPv6 address is a port given in HOST.
    for (const host of ["  ", " 127.0.0.1", "localhost:3000", "[::1]", "http://localhost"])
      assert.equal(
        settingsProblem({ HOST: host }),
        `[config] HOST=${JSON.stringify(host)} is not valid: expected a host name or IP address such as 127.0.0.1 (the port goes in PORT), or HOST unset`,
      );
    // Another NODE_ENV served the production build without its answers from memory, at 40 % of the throughput.
    for (const mode of ["production", "development", undefined])
      assert.equal(settingsProblem({ NODE_ENV: mode }), null);
    for (const mode of ["staging", "", "Production", "prod"])
      assert.equal(
        settingsProblem({ NODE_ENV: mode }),
        `[config] NODE_ENV=${JSON.stringify(mode)} is not valid: expected production (development is what npm run dev sets)`,
      );
    // app/http/input-check.server.ts turns the checks on for "1" only: "true" left them off in silence.
    for (const flag of ["1", "0", ""]) assert.equal(settingsProblem({ SITE_CHECK_INPUTS: flag }), null);
    for (const flag of ["true", "yes", " 1"])
      assert.equal(
        settingsProblem({ SITE_CHECK_INPUTS: flag }),
        `[config] SITE_CHECK_INPUTS=${JSON.stringify(flag)} is not valid: expected 1 (check every loader's reads) or 0, or unset`,
      );
    assert.equal(settingsProblem({ SITE_DRAIN_MS: " 5000 " }), null);
    assert.equal(settingsProblem({ SITE_DRAIN_MS: "0" }), null);
    assert.equal(settingsProblem({ SITE_DRAIN_MS: "600000" }), null);
    // Past 2^31 - 1 ms, Node's timer fires after 1 ms: 3000000000 ended the drain at once.
    for (const drain of ["5s", "5000ms", "-1", "1.5", "abc", "600001", "3000000000"])
      assert.equal(
        settingsProblem({ SITE_DRAIN_MS: drain }),
        `[config] SITE_DRAIN_MS="${drain}" is not valid: expected a whole number of milliseconds from 0 to 600000 (ten minutes), such as 5000`,
        `SITE_DRAIN_MS=${drain} would have drained for ${Number.parseInt(drain, 10) || 0} ms`,
      );
    const line = settingsProblem({ SITE_ANALYTICS_ID: "bad", SITE_URL: "nope" });
    assert.ok(line && !line.includes("\n"), "one line");
    assert.equal(readPageCacheMegabytes({}), 16);
  });
});

describe("compiled content in a running server", () => {
  let dir: string;
  const cwd = process.cwd();

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "site-content-"));
    const { content } = await buildSiteContent({
      root,
      contentDir: join(root, "tests/fixtures/content"),
      cacheDir: null,
    });
    mkdirSync(join(dir, "build/content"), { recursive: true });
    writeSiteContent(join(dir, SITE_CONTENT_FILE), content);
    process.chdir(dir);
  });
  after(() => {
    process.chdir(cwd);
    rmSync(dir, { recursive: true, force: true });
  });

  test("is read once: later changes to the file are not looked at in production", () => {
    const first = getSiteContent();
    writeFileSync(join(dir, SITE_CONTENT_FILE), "not json at all");
    assert.equal(getSiteContent(), first);
  });

  test("route data of a docs page: breadcrumbs through its categories, previous and next", () => {
    const second = docRouteData("/docs/guide/second");
    assert.ok(second);
    assert.deepEqual(second.breadcrumbs, [
      { label: "Docs", url: "/docs" },
      { label: "Guide" },
      { label: "Second page", url: "/docs/guide/second" },
    ]);
    assert.deepEqual(second.previous, { label: "First", url: "/docs/guide/first" });
    assert.equal(second.next, null);
    assert.equal(second.markdownUrl, "/docs/guide/second.md");
    assert.equal(
      second.editUrl,
      "https://github.com/prabhuomkar/smriti/edit/master/docs/tests/fixtures/content/docs/guide/second.mdx",
    );
    assert.equal(docRouteData("/docs/guide/first")?.previous, null);
  });

  test("docs and standalone pages are not confused, and unknown pages are null", () => {
    assert.equal(docRouteData("/standalone"), null);
    assert.equal(standalonePageData("/standalone")?.page.title, "Standalone");
    assert.equal(standalonePageData("/docs/guide/first"), null);
    assert.equal(docRouteData("/docs/guide/nope"), null);
    assert.equal(docRouteData("/docs/guide%2Ffirst"), null);
  });

  test("any page under content/pages is served at its address by the catch-all route, with no route of its own", async () => {
    const args = (path: string) => ({ request: new Request(`http://localhost${path}`), params: {}, context: {} });
    for (const path of ["/standalone", "/standalone/"]) {
      const response = await standaloneLoader(args(path));
      assert.equal(response.status, 200, path);
      assert.equal(((await response.json()) as { page: { title: string } }).page.title, "Standalone");
    }
    for (const path of ["/nope", "/docs/guide/first"]) {
      await assert.rejects(
        Promise.resolve(standaloneLoader(args(path))),
        (thrown: unknown) => thrown instanceof Response && thrown.status === 404,
        path,
      );
    }
  });
});
