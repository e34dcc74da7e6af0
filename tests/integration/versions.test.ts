// Versioned docs on a fixture (tests/fixtures/versions): the current release,
// Next and an older release, each with its own tree, sidebar, links and API.
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { buildSiteContent, LinkCheckError, type BuildResult } from "../../app/content/build/build.server";
import { flattenNavigation } from "../../app/content/navigation.server";
import { currentVersion, versionById, versionOfAddress } from "../../app/content/site-versions";
import type { SiteContent } from "../../app/content/types";
import {
  docsVersions,
  mapLinkIntoVersion,
  parseVersionsFile,
  versionOfUrl,
  VersionsFileError,
} from "../../app/content/versions";
import { versionMenu, versionRobots } from "../../app/docs/route-data";
import { siteVersionsOf, versionLinks } from "../../app/docs/version-links.server";
import { PAGE_LIMITS } from "../../app/search/limits";
import { siteSearchOf } from "../../app/search/store.server";
import { isApiPage } from "../../app/content/store.server";
import { llmsTxt } from "../../app/seo/llms.server";
import { sitemapEntries } from "../../app/seo/sitemap.server";
import { readSiteConfig } from "../../app/config.server";

const root = join(import.meta.dirname, "../..");
const fixture = join(root, "tests/fixtures/versions");
const build = (cacheDir: string | null = null, base = fixture) =>
  buildSiteContent({ root, contentDir: join(base, "content"), specRoot: base, cacheDir });

const versionsFile = {
  current: "24.05.08",
  next: { label: "Next", path: "next", ref: "6b8b599", spec: "spec/next/openapi.yaml" },
  releases: ["24.01.15"],
};
const [next, current, older] = docsVersions(parseVersionsFile(versionsFile)) as [
  ReturnType<typeof docsVersions>[0],
  ReturnType<typeof docsVersions>[0],
  ReturnType<typeof docsVersions>[0],
];

describe("the version model (content/versions.json)", () => {
  test("Next, the current release and older releases, each with its own URLs and files", () => {
    assert.deepEqual(
      [next, current, older].map((v) => [
        v.id,
        v.label,
        v.status,
        v.docsBase,
        v.apiUrl,
        v.specBase,
        v.tree,
        v.specFile,
      ]),
      [
        ["next", "Next", "next", "/docs/next", "/api/next", "/next", "next", "spec/next/openapi.yaml"],
        ["24.05.08", "24.05.08", "current", "/docs", "/api", "", "docs", "spec/openapi.yaml"],
        [
          "24.01.15",
          "24.01.15",
          "release",
          "/docs/24.01.15",
          "/api/24.01.15",
          "/24.01.15",
          "releases/24.01.15",
          "spec/releases/24.01.15/openapi.yaml",
        ],
      ],
    );
  });

  test("a bad versions file is refused with the reason", () => {
    const bad = (change: object, reason: RegExp) =>
      assert.throws(
        () => parseVersionsFile({ ...versionsFile, ...change }),
        (e: unknown) => e instanceof VersionsFileError && reason.test(e.message),
      );
    bad({ current: "latest" }, /"current" must be a release id/);
    bad({ releases: ["24.05.08"] }, /listed twice/);
    bad({ next: { ...versionsFile.next, path: "24.06.24" } }, /one lower-case path segment/);
    bad({ next: { ...versionsFile.next, path: "a/b" } }, /one lower-case path segment/);
    bad({ releases: "24.01.15" }, /list of release ids/);
  });

  test("links written as for the current site map into each version's URLs", () => {
    const map = (href: string, version = next) => mapLinkIntoVersion(href, current, version);
    assert.equal(map("/docs/user-guide/installation#ports"), "/docs/next/user-guide/installation#ports");
    assert.equal(map("/docs"), "/docs/next");
    assert.equal(map("/api"), "/api/next");
    assert.equal(map("/api#get-/v1/jobs"), "/api/next#get-/v1/jobs");
    assert.equal(map("/api/jobs#get-/v1/jobs"), "/api/next/jobs#get-/v1/jobs");
    assert.equal(map("/openapi.yaml"), "/next/openapi.yaml");
    assert.equal(map("/docs/user-guide/x", older), "/docs/24.01.15/user-guide/x");
    for (const unchanged of [
      "/markdown-page",
      "/docs-like",
      "/apis",
      "https://example.org/docs/x",
      "#top",
      "./x.mdx",
    ]) {
      assert.equal(map(unchanged), unchanged);
    }
    assert.equal(mapLinkIntoVersion("/docs/x", current, current), "/docs/x");
  });

  test("an address belongs to the version whose prefix it has; everything else is the current release", () => {
    const all = [next, current, older];
    assert.equal(versionOfUrl(all, "/docs/next/user-guide/x")?.id, "next");
    assert.equal(versionOfUrl(all, "/api/next#op")?.id, "next");
    assert.equal(versionOfUrl(all, "/docs/24.01.15")?.id, "24.01.15");
    assert.equal(versionOfUrl(all, "/docs/user-guide/next-steps")?.id, "24.05.08");
    assert.equal(versionOfUrl(all, "/docs/nextcloud")?.id, "24.05.08");
    assert.equal(versionOfUrl(all, "/markdown-page"), undefined);
  });
});

describe("building every version of the fixture", () => {
  let result: BuildResult;
  let content: SiteContent;
  let cacheDir: string;

  before(async () => {
    cacheDir = mkdtempSync(join(tmpdir(), "versions-cache-"));
    result = await build(cacheDir);
    content = result.content;
  });
  after(() => rmSync(cacheDir, { recursive: true, force: true }));

  test("every version's pages are served under its own prefix and name their version", () => {
    const byVersion = (id: string | null) =>
      Object.values(content.pages)
        .filter((page) => page.version === id)
        .map((page) => page.url)
        .sort();
    assert.deepEqual(byVersion("24.05.08"), [
      "/docs/dev-guide/introduction",
      "/docs/dev-guide/legacy",
      "/docs/dev-guide/setup",
    ]);
    assert.deepEqual(byVersion("next"), [
      "/docs/next/dev-guide/introduction",
      "/docs/next/dev-guide/jobs",
      "/docs/next/dev-guide/setup",
    ]);
    assert.deepEqual(byVersion("24.01.15"), [
      "/docs/24.01.15/dev-guide/introduction",
      "/docs/24.01.15/dev-guide/setup",
    ]);
    assert.deepEqual(byVersion(null), ["/standalone"]);
  });

  test("one sidebar per version, from its own tree, and its own introduction", () => {
    assert.deepEqual(
      content.versions.map((entry) => entry.version.id),
      ["next", "24.05.08", "24.01.15"],
    );
    const sidebar = (id: string) => flattenNavigation(versionById(content, id)!.navigation).map((link) => link.url);
    assert.deepEqual(sidebar("next"), [
      "/docs/next/dev-guide/introduction",
      "/docs/next/dev-guide/setup",
      "/docs/next/dev-guide/jobs",
    ]);
    assert.deepEqual(sidebar("24.05.08"), [
      "/docs/dev-guide/introduction",
      "/docs/dev-guide/setup",
      "/docs/dev-guide/legacy",
    ]);
    assert.deepEqual(
      content.versions.map((entry) => entry.entry),
      ["/docs/next/dev-guide/introduction", "/docs/dev-guide/introduction", "/docs/24.01.15/dev-guide/introduction"],
    );
    assert.equal(versionOfAddress(content, "/docs/next/dev-guide/jobs").version.id, "next");
    assert.equal(currentVersion(content).version.id, "24.05.08");
  });

  test("each version has its own API reference, from its own spec", () => {
    const api = (id: string) => versionById(content, id)!.api!;
    assert.deepEqual(
      [api("next").version, api("24.05.08").version, api("24.01.15").version],
      ["24.06.24", "24.05.08", "24.01.15"],
    );
    assert.ok(api("next").anchors.includes("tag-jobs"));
    assert.ok(!api("24.05.08").anchors.includes("tag-jobs"));
  });

  test("links are mapped into the page's version at compile time, in the HTML and in the Markdown twin", () => {
    const hrefs = (url: string) =>
      [...content.pages[url]!.html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]).filter((h) => !h!.startsWith("#"));
    assert.deepEqual(hrefs("/docs/next/dev-guide/introduction"), [
      "/docs/next/dev-guide/setup#run-it",
      "/docs/next/dev-guide/jobs",
      "/docs/next/dev-guide/setup",
      "/api/next#tag-jobs",
      "/next/openapi.yaml",
      "/standalone",
    ]);
    assert.deepEqual(hrefs("/docs/dev-guide/introduction"), [
      "/docs/dev-guide/setup#run-it",
      "/docs/dev-guide/legacy",
      "/docs/dev-guide/setup",
      "/api#tag-albums",
      "/openapi.yaml",
      "/standalone",
    ]);
    assert.deepEqual(hrefs("/docs/24.01.15/dev-guide/introduction"), ["/api/24.01.15#tag-albums"]);
    // A link that names another version on purpose is kept, and checked against that version's pages.
    assert.deepEqual(hrefs("/docs/dev-guide/setup"), ["/docs/next/dev-guide/jobs"]);
    assert.equal(
      mapLinkIntoVersion("/docs/next/dev-guide/jobs", current, next, [next, current, older]),
      "/docs/next/dev-guide/jobs",
    );
    const markdown = content.pages["/docs/next/dev-guide/introduction"]!.markdown;
    assert.match(markdown, /\[the jobs\]\(\/docs\/next\/dev-guide\/jobs\)/);
    assert.match(markdown, /\[the jobs calls\]\(\/api\/next#tag-jobs\)/);
  });

  test("partials are shared, and compiled once more for each other version, with its links", () => {
    assert.match(content.partials["api-introduction"]!.html, /href="\/docs\/dev-guide\/setup"/);
    assert.deepEqual(currentVersion(content).partials, {});
    const inNext = versionById(content, "next")!.partials["api-introduction"]!.html;
    assert.match(inNext, /href="\/docs\/next\/dev-guide\/setup"/);
    assert.match(inNext, /href="\/next\/openapi\.yaml"/);
  });

  test("the compile cache keys on the version too: a rebuild compiles nothing, and each version keeps its own links", async () => {
    assert.equal(result.fromCache, 0);
    const again = await build(cacheDir);
    assert.equal(again.compiled, 0);
    assert.equal(again.fromCache, result.compiled);
    assert.equal(again.content.buildId, content.buildId);
    const hashes = Object.values(content.pages).map((page) => page.contentHash);
    assert.equal(new Set(hashes).size, hashes.length);
  });

  test("the version menu keeps the page when the version has it, else leads to that version's introduction (or API reference)", () => {
    const exists = (url: string) => content.pages[url]?.kind === "doc";
    const site = siteVersionsOf(content);
    const menu = (url: string) =>
      versionMenu(site, versionLinks(content, versionOfAddress(content, url), url, exists))!;
    const setup = menu("/docs/dev-guide/setup");
    assert.deepEqual(setup.version, {
      id: "24.05.08",
      label: "24.05.08",
      status: "current",
      entry: "/docs/dev-guide/introduction",
      guide: "/docs/dev-guide/introduction",
      docsBase: "/docs",
      apiUrl: "/api",
    });
    assert.deepEqual(
      setup.versions.map((v) => [v.label, v.url, v.samePage]),
      [
        ["Next", "/docs/next/dev-guide/setup", true],
        ["24.05.08", "/docs/dev-guide/setup", true],
        ["24.01.15", "/docs/24.01.15/dev-guide/setup", true],
      ],
    );
    const jobs = menu("/docs/next/dev-guide/jobs");
    assert.deepEqual(jobs.version, {
      id: "next",
      label: "Next",
      status: "next",
      entry: "/docs/next/dev-guide/introduction",
      guide: "/docs/next/dev-guide/introduction",
      docsBase: "/docs/next",
      apiUrl: "/api/next",
    });
    assert.deepEqual(
      jobs.versions.map((v) => [v.label, v.url, v.samePage]),
      [
        ["Next", "/docs/next/dev-guide/jobs", true],
        ["24.05.08", "/docs/dev-guide/introduction", false],
        ["24.01.15", "/docs/24.01.15/dev-guide/introduction", false],
      ],
    );
    // A page of no version (the landing page): the current release, every entry an introduction.
    const landing = versionMenu(site, null)!;
    assert.equal(landing.version.id, "24.05.08");
    assert.deepEqual(
      landing.versions.map((v) => [v.url, v.samePage]),
      [
        ["/docs/next/dev-guide/introduction", false],
        ["/docs/dev-guide/introduction", false],
        ["/docs/24.01.15/dev-guide/introduction", false],
      ],
    );
    // An API reference page: the same tag where the version has it, else that version's API overview.
    const apiMenu = (url: string) =>
      versionMenu(site, {
        ...versionLinks(content, versionOfAddress(content, url), url, (same, entry) => isApiPage(entry, same)),
        inApiReference: true,
      })!;
    assert.deepEqual(
      apiMenu("/api/next/albums").versions.map((v) => [v.url, v.samePage]),
      [
        ["/api/next/albums", true],
        ["/api/albums", true],
        ["/api/24.01.15/albums", true],
      ],
    );
    assert.deepEqual(
      apiMenu("/api/next/jobs").versions.map((v) => [v.url, v.samePage, v.fallback]),
      [
        ["/api/next/jobs", true, "API reference"],
        ["/api", false, "API reference"],
        ["/api/24.01.15", false, "API reference"],
      ],
    );
    assert.deepEqual(versionRobots(site, "next"), [{ name: "robots", content: "noindex, follow" }]);
    assert.deepEqual(versionRobots(site, "24.01.15"), [{ name: "robots", content: "noindex, follow" }]);
    assert.deepEqual(versionRobots(site, "24.05.08"), []);
  });

  test("search keeps to the version being read, labels each hit, and can look in all versions with that one first", () => {
    const search = siteSearchOf(JSON.parse(JSON.stringify(content)) as SiteContent);
    const inNext = search.search("setup", PAGE_LIMITS, search.scope("next"));
    assert.ok(inNext.hits.length > 0);
    assert.ok(inNext.hits.every((hit) => hit.version === "next"));
    assert.deepEqual(
      inNext.versions.map((v) => v.label),
      ["Next", "24.05.08", "24.01.15"],
    );
    // No version named, or one that does not exist: the current release.
    for (const scope of [search.scope(undefined), search.scope("nope"), search.scope("<script>")]) {
      assert.deepEqual(scope, { version: "24.05.08", all: false });
      assert.ok(search.search("setup", PAGE_LIMITS, scope).hits.every((hit) => hit.version === "24.05.08"));
    }
    const jobsInCurrent = search.search("jobs", PAGE_LIMITS, search.scope("24.05.08")).hits;
    assert.deepEqual(
      jobsInCurrent.map((hit) => [hit.version, hit.url]),
      [["24.05.08", "/docs/dev-guide/setup#run-it"]],
      "the current release only mentions jobs; Next's Jobs page and calls stay out",
    );
    const all = search.search("setup", PAGE_LIMITS, search.scope("all", "next"));
    assert.deepEqual(all.scope, { version: "next", all: true });
    const versions = all.hits.map((hit) => hit.version);
    assert.ok(versions.includes("24.05.08") && versions.includes("next"));
    assert.equal(
      versions.indexOf("24.05.08") > versions.lastIndexOf("next"),
      true,
      `Next first: ${versions.join(", ")}`,
    );
    const jobsCall = search.search("jobs", PAGE_LIMITS, search.scope("next")).hits.find((hit) => hit.kind === "api");
    assert.ok(jobsCall?.url.startsWith("/api/next/jobs#"), jobsCall?.url);
  });

  test("only the current release is in the sitemap; Next has its own llms.txt", () => {
    const paths = sitemapEntries(content).map((entry) => entry.path);
    assert.ok(paths.includes("/docs/dev-guide/setup") && paths.includes("/standalone"));
    assert.ok(
      !paths.some((path) => path.startsWith("/docs/next") || path.startsWith("/docs/24.01.15")),
      paths.join(" "),
    );
    const source = { content, config: readSiteConfig({}), origin: "https://docs.example.org" };
    const nextLlms = [...llmsTxt(source, versionById(content, "next")!)].join("");
    assert.match(nextLlms, /documentation for Next, the unreleased main branch \(6b8b599\)/);
    assert.match(nextLlms, /\(https:\/\/docs\.example\.org\/docs\/next\/dev-guide\/jobs\.md\)/);
    assert.match(nextLlms, /\(https:\/\/docs\.example\.org\/api\/next\): .*spec 24\.06\.24/);
    assert.match(nextLlms, /\(https:\/\/docs\.example\.org\/next\/openapi\.yaml\)/);
    assert.doesNotMatch(nextLlms, /docs\.example\.org\/docs\/dev-guide/);
    const currentLlms = [...llmsTxt(source, currentVersion(content))].join("");
    assert.match(currentLlms, /- \[Next documentation\]\(https:\/\/docs\.example\.org\/next\/llms\.txt\)/);
    assert.doesNotMatch(currentLlms, /docs\/next\/dev-guide/);
  });
});

describe("link checks run per version", () => {
  let copy: string;
  before(() => {
    copy = mkdtempSync(join(tmpdir(), "versions-links-"));
    cpSync(fixture, copy, { recursive: true });
  });
  after(() => rmSync(copy, { recursive: true, force: true }));

  test("a Next page linking to a page that only the current release has is a broken link", async () => {
    const file = join(copy, "content/next/dev-guide/setup.mdx");
    writeFileSync(file, "---\ntitle: Setup\n---\n\nSee [the old way](/docs/dev-guide/legacy).\n");
    await assert.rejects(build(null, copy), (error: unknown) => {
      assert.ok(error instanceof LinkCheckError);
      assert.equal(error.errors.length, 1);
      assert.match(
        error.message,
        /content\/next\/dev-guide\/setup\.mdx:5:5: broken link: \/docs\/dev-guide\/legacy \(no page at \/docs\/next\/dev-guide\/legacy\)/,
      );
      return true;
    });
  });

  test("a shared partial must link to pages every version has", async () => {
    const copy2 = mkdtempSync(join(tmpdir(), "versions-partial-"));
    try {
      cpSync(fixture, copy2, { recursive: true });
      rmSync(join(copy2, "content/releases/24.01.15/dev-guide/setup.mdx"));
      await assert.rejects(
        build(null, copy2),
        /partials\/api-introduction\.mdx:6:\d+: broken link: \/docs\/dev-guide\/setup \(no page at \/docs\/24\.01\.15\/dev-guide\/setup\)/,
      );
    } finally {
      rmSync(copy2, { recursive: true, force: true });
    }
  });

  test("a tag of the current release may not take the address of another version's API reference", async () => {
    const copy2 = mkdtempSync(join(tmpdir(), "versions-tag-"));
    try {
      cpSync(fixture, copy2, { recursive: true });
      const spec = join(copy2, "spec/openapi.yaml");
      writeFileSync(spec, readFileSync(spec, "utf8").replace(/\bAlbums\b/g, "Next"));
      await assert.rejects(
        build(null, copy2),
        /spec\/openapi\.yaml:1:1: the tag "Next" would take the address of version next's API reference \(\/api\/next\)/,
      );
    } finally {
      rmSync(copy2, { recursive: true, force: true });
    }
  });

  test("without a Next tree only the current release is built", async () => {
    const { content } = await buildSiteContent({
      root,
      contentDir: join(root, "tests/fixtures/content"),
      cacheDir: null,
    });
    assert.deepEqual(
      content.versions.map((entry) => entry.version.id),
      ["24.05.08"],
    );
    assert.ok(Object.values(content.pages).every((page) => !page.url.startsWith("/docs/next")));
  });
});
