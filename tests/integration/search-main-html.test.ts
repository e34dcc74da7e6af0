// The results page's <main> written as text (app/http/search-main-html.server.ts)
// against React's render of the page's component (app/http/search-main.server.tsx),
// over searches of the real content that reach every branch of the component,
// and the sampled check that sends the fill back to React when they differ.
//
//   node --import tsx --test tests/integration/search-main-html.test.ts
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { before, describe, test } from "node:test";
import { readSiteConfig } from "../../app/config.server";
import { buildSiteContent } from "../../app/content/build/build.server";
import { searchMainHtml } from "../../app/http/search-main-html.server";
import { renderSearchMain } from "../../app/http/search-main.server";
import { checkedRenderer } from "../../app/http/search-pages.server";
import { pageConfig, type RootData } from "../../app/lib/root-data";
import { Theme } from "../../app/lib/theme";
import type { SiteSearch } from "../../app/search/engine.server";
import { MAX_QUERY_LENGTH, PAGE_LIMITS } from "../../app/search/limits";
import { resultPageOf } from "../../app/search/result-pages";
import { siteSearchOf } from "../../app/search/store.server";
import type { SearchAnswer, SearchIndexData } from "../../app/search/types";

const root = fileURLToPath(new URL("../..", import.meta.url));

let site: SiteSearch;
let index: SearchIndexData;

before(async () => {
  const { content } = await buildSiteContent({ root });
  index = content.search;
  site = siteSearchOf(structuredClone(content));
});

function rootData(brand?: string): RootData {
  return {
    config: pageConfig(readSiteConfig(brand ? { SITE_BRAND: brand } : {})),
    theme: Theme.LIGHT,
    announcementVisible: false,
    origin: "http://127.0.0.1",
    trackPageViews: false,
    versions: null,
    chosenVersion: null,
  };
}

/** The answer the results page shows for `page` of `query` in a scope, as its loader makes it. */
function answer(query: string, version: string | null = null, first: string | null = null, page = 1): SearchAnswer {
  const limits = { ...PAGE_LIMITS, from: (resultPageOf(String(page)) - 1) * PAGE_LIMITS.hits };
  return site.search(query, limits, site.scope(version, first));
}

/** Searches a reader makes, the odd ones included, and a word or two of every tenth section of the docs. */
function queries(): string[] {
  const fromDocs = index.documents
    .filter((_, i) => i % 10 === 0)
    .flatMap((doc) => [doc.heading.split(" ").slice(0, 2).join(" "), doc.text.split(" ")[3] ?? ""])
    .filter((query) => query.trim() !== "");
  return [
    "docker compose",
    "favourites",
    "POST /v1/albums",
    "backup",
    "instalation",
    "SMRITI_JOB_CONCURRENCY",
    "docker compose up -d",
    "server",
    "zzqqxx nothing",
    `<script>alert("x")</script> & 'quotes'`,
    "café 日本語 😀",
    "a".repeat(MAX_QUERY_LENGTH + 30),
    "",
    ...fromDocs,
  ];
}

/** Every scope and page a reader can ask for, and each answer as a site of one version shows it. */
function answers(): SearchAnswer[] {
  const all = queries().flatMap((query) => [
    answer(query),
    answer(query, "next"),
    answer(query, "all"),
    answer(query, "all", "next"),
    answer(query, null, null, 2),
    answer(query, null, null, 10),
  ]);
  const oneVersion = all
    .slice(0, 60)
    .map((a) => ({ ...a, versions: a.versions.filter((v) => v.id === a.scope.version) }));
  return [...all, ...oneVersion];
}

describe("the results' <main> written as text", () => {
  test("is React's render of the results page, byte for byte, on every branch", () => {
    const data = rootData();
    const list = answers();
    for (const a of list) {
      const address = `/search?q=${encodeURIComponent(a.query)}`;
      assert.equal(
        searchMainHtml(a, data.config.brand),
        renderSearchMain(a, data, address),
        `for ${JSON.stringify(a.query)}`,
      );
    }
    // What the comparison went through: a branch no answer reached would be compared nowhere.
    const hits = list.flatMap((a) => a.hits);
    const reached = {
      "an empty query": list.some((a) => a.query === ""),
      "no results": list.some((a) => a.query !== "" && a.total === 0),
      "past the last page": list.some((a) => a.total > 0 && a.hits.length === 0),
      "a cut query": list.some((a) => a.truncated),
      "an exact match elsewhere": list.some((a) => (a.exactElsewhere ?? []).length > 0),
      "a previous page": list.some((a) => (a.from ?? 0) > 0 && a.hits.length > 0),
      "a next page": list.some((a) => (a.from ?? 0) === 0 && a.total > a.hits.length),
      "one version": list.some((a) => a.versions.length === 1),
      "every version searched": list.some((a) => a.scope.all && a.hits.length > 0),
      "an API operation": hits.some((hit) => hit.endpoint),
      "a section under the title": hits.some((hit) => hit.section),
      "no trail": hits.some((hit) => !hit.trail),
      "more sections of a page": hits.some((hit) => hit.more.length > 1),
      "a snippet of code": hits.some((hit) => hit.snippetIsCode),
      "no snippet": hits.some((hit) => hit.snippet.length === 0),
      "a mark": hits.some((hit) => hit.snippet.some((part) => part.mark)),
    };
    assert.deepEqual(
      Object.entries(reached).filter(([, seen]) => !seen),
      [],
    );
  });

  test("names the configured brand, escaped, when nothing is found", () => {
    const data = rootData(`Smriti & <Friends>`);
    const none = answer("zzqqxx");
    assert.equal(none.total, 0);
    const written = searchMainHtml(none, data.config.brand);
    assert.equal(written, renderSearchMain(none, data, "/search?q=zzqqxx"));
    assert.match(written, /Smriti &amp; &lt;Friends&gt;/);
  });
});

describe("the sampled check against React", () => {
  const reference = (n: number) => `<p>${n}</p>`;

  test("compares the first calls and then one in `every`, and keeps the written text while they agree", () => {
    const compared: number[] = [];
    const render = checkedRenderer(
      (n: number) => `<p>${n}</p>`,
      (n: number) => (compared.push(n), reference(n)),
      { first: 3, every: 4 },
      () => assert.fail("no difference"),
    );
    for (let n = 1; n <= 12; n += 1) assert.equal(render(n), reference(n));
    assert.deepEqual(compared, [1, 2, 3, 4, 8, 12]);
  });

  test("after a difference, reports it once and renders with the reference from then on", () => {
    const reported: [string, string][] = [];
    let written = 0;
    const render = checkedRenderer(
      (n: number) => (written++, n === 2 ? "<p>wrong</p>" : `<p>${n}</p>`),
      reference,
      { first: 5, every: 100 },
      (fast, slow) => reported.push([fast, slow]),
    );
    assert.deepEqual([1, 2, 3, 4].map(render), [1, 2, 3, 4].map(reference));
    assert.deepEqual(reported, [["<p>wrong</p>", "<p>2</p>"]]);
    assert.equal(written, 2, "the text is no longer written once it differed");
  });
});
