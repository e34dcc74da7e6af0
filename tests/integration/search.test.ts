// Search over the real content: ranking, the index's links, and odd input.
// Builds the content like `npm run build:content` (compiled pages come from
// .cache/content when unchanged), then searches it like the server does.
//
//   node --import tsx --test tests/integration/search.test.ts
import { before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import { buildSiteContent } from "../../app/content/build/build.server";
import type { SiteContent } from "../../app/content/types";
import type { SiteSearch } from "../../app/search/engine.server";
import { siteSearchOf } from "../../app/search/store.server";
import { DIALOG_LIMITS, MAX_QUERY_LENGTH, PAGE_LIMITS } from "../../app/search/limits";
import type { Highlighted, SearchAnswer } from "../../app/search/types";
import { RESULT_PAGES, resultPageOf, titledSearch } from "../../app/search/result-pages";

const root = fileURLToPath(new URL("../..", import.meta.url));

let content: SiteContent;
let site: SiteSearch;

before(async () => {
  content = (await buildSiteContent({ root })).content;
  site = siteSearchOf(JSON.parse(JSON.stringify(content)) as SiteContent);
});

const search = (query: unknown): SearchAnswer => site.search(query, PAGE_LIMITS);
const text = (parts: Highlighted | null) => (parts ?? []).map((p) => p.text).join("");
const urls = (answer: SearchAnswer) => answer.hits.map((hit) => hit.url);

describe("ranking", () => {
  test('"docker compose" puts the installation page first', () => {
    const [first] = search("docker compose").hits;
    assert.equal(first?.url.split("#")[0], "/docs/user-guide/installation", urls(search("docker compose")).join("\n"));
  });

  test('"favourites" puts the library feature page first', () => {
    const [first] = search("favourites").hits;
    assert.equal(first?.url, "/docs/user-guide/features/library");
    assert.equal(text(first?.title ?? []), "Library: favourites, hidden and trash");
  });

  test('"POST /v1/albums" puts that operation of the API reference first', () => {
    const [first] = search("POST /v1/albums").hits;
    assert.equal(first?.url, "/api/albums#post-/v1/albums");
    assert.equal(first?.endpoint?.method, "POST");
    assert.equal(text(first?.endpoint?.path ?? null), "/v1/albums");
  });

  test('a one-letter typo still finds "installation"', () => {
    for (const typo of ["instalation", "installaton", "installatoin", "innstallation"]) {
      const [first] = search(typo).hits;
      assert.equal(first?.url, "/docs/user-guide/installation", typo);
      assert.deepEqual(
        first?.title.filter((p) => p.mark).map((p) => p.text),
        ["Installation"],
        `${typo}: the word found is the one marked`,
      );
    }
  });

  test("a word the docs use is searched as typed, not also as its typo neighbours", () => {
    // With typos, "port" also found "post": every POST operation ranked above the configuration
    // of ports, lifted by the endpoint's boost.
    for (const [word, expected] of [
      ["port", "/docs/user-guide/installation#ports"],
      ["host", "/docs/user-guide/configuration#general-and-network"],
    ] as const) {
      const answer = search(word);
      assert.ok(answer.hits.length > 5, word);
      assert.ok(urls(answer).includes(expected), `${word}: ${urls(answer).join(" ")}`);
      for (const hit of answer.hits) {
        const marked = [
          hit.title,
          hit.section,
          hit.snippet,
          hit.endpoint?.path ?? null,
          ...hit.more.map((m) => m.heading),
        ]
          .flatMap((parts) => (parts ?? []).filter((part) => part.mark))
          .map((part) => part.text.toLowerCase());
        for (const found of marked) assert.ok(found.startsWith(word), `${word}: ${hit.url} marks "${found}"`);
      }
    }
    // Its typos are only itself cut short: a plural still finds the singular.
    const examples = search("examples");
    assert.ok(urls(examples).includes("/docs/user-guide/deployment#an-nginx-example"), urls(examples).join(" "));
    assert.ok(urls(search("restarts")).includes("/docs/user-guide/installation#stop-restart-and-upgrade"));
    // A word cut short while typing finds its completions only.
    const typing = site.search("confi", DIALOG_LIMITS);
    assert.ok(typing.hits.length > 0);
    for (const hit of typing.hits)
      for (const part of [...hit.title, ...(hit.section ?? []), ...hit.snippet].filter((p) => p.mark))
        assert.ok(part.text.toLowerCase().startsWith("confi"), `${hit.url} marks "${part.text}"`);
  });

  test("the start of a word finds it (typing in the dialog)", () => {
    assert.equal(site.search("favour", DIALOG_LIMITS).hits[0]?.url, "/docs/user-guide/features/library");
    assert.equal(site.search("docker comp", DIALOG_LIMITS).hits[0]?.url.split("#")[0], "/docs/user-guide/installation");
  });

  test("a word in a page title leads to the top of that page, its matching sections listed below", () => {
    const hit = search("installation").hits[0];
    assert.equal(hit?.url, "/docs/user-guide/installation");
    assert.equal(hit?.section, null);
    assert.ok((hit?.more.length ?? 0) > 0);
    for (const section of hit?.more ?? []) assert.match(section.url, /^\/docs\/user-guide\/installation#/);
  });

  test("a match under a heading leads to that heading's anchor", () => {
    const hit = search("reverse proxy").hits[0];
    assert.equal(hit?.url, "/docs/user-guide/deployment#reverse-proxy-and-tls");
    assert.equal(text(hit?.section ?? null), "Reverse proxy and TLS");
  });

  test("a heading match ranks above the same words in body text", () => {
    const answer = search("restore");
    assert.equal(answer.hits[0]?.url, "/docs/user-guide/backups-and-upgrades#restore");
  });

  test("an environment variable is found whole", () => {
    const answer = search("SMRITI_FEATURE_PLACES");
    assert.ok(answer.total > 0);
    assert.ok(
      answer.hits.slice(0, 3).some((hit) => hit.url.startsWith("/docs/user-guide/configuration")),
      urls(answer).join("\n"),
    );
  });

  test("an identifier searched whole ranks the sections that hold it exactly first", () => {
    const answer = site.search("SMRITI_JOB_CONCURRENCY", PAGE_LIMITS, { version: "next", all: false });
    // A docs page holds it in its text; an operation of Next's API reference in the spec.
    const nextSpec = readFileSync(`${root}/spec/next/openapi.yaml`, "utf8");
    const holds = (url: string) =>
      url.startsWith("/api/next")
        ? nextSpec.includes("SMRITI_JOB_CONCURRENCY")
        : (content.pages[url.split("#")[0] ?? ""]?.markdown ?? "").includes("SMRITI_JOB_CONCURRENCY");
    assert.ok(answer.hits.length > 1);
    const first = answer.hits.findIndex((hit) => !holds(hit.url));
    const last = answer.hits.reduce((at, hit, index) => (holds(hit.url) ? index : at), -1);
    assert.ok(first === -1 || last < first, `a looser match before an exact one:\n${urls(answer).join("\n")}`);
    assert.equal(answer.exactElsewhere, undefined);
  });

  test("on the release, identifiers joined by _, . or / rank the sections that hold them exactly first", () => {
    // The section a hit opens, as indexed: its heading, prose, code and (for an operation) method and path.
    const sectionText = (url: string) =>
      content.search.documents
        .filter((document) => document.url === url)
        .map((document) => `${document.heading} ${document.endpoint} ${document.text} ${document.code}`.toLowerCase())
        .join(" ");
    for (const identifier of ["SMRITI_ML_FACES_PARAMS", "docker-compose.yaml", "/v1/auth/refresh"]) {
      const answer = search(identifier);
      const holds = (url: string) => sectionText(url).includes(identifier.toLowerCase());
      assert.ok(answer.hits.length >= 3, identifier);
      assert.ok(
        holds(answer.hits[0]!.url),
        `${identifier}: the first hit does not hold it:\n${urls(answer).join("\n")}`,
      );
      const firstLoose = answer.hits.findIndex((hit) => !holds(hit.url));
      const lastExact = answer.hits.reduce((at, hit, index) => (holds(hit.url) ? index : at), -1);
      assert.ok(
        firstLoose === -1 || lastExact < firstLoose,
        `${identifier}: a looser match before an exact one:\n${urls(answer).join("\n")}`,
      );
      assert.equal(answer.exactElsewhere, undefined, identifier);
    }
  });

  test("when the searched version has no exact hit and another has, the answer names that version", () => {
    const answer = search("SMRITI_JOB_CONCURRENCY");
    assert.equal(answer.scope.version, "24.05.08");
    assert.deepEqual(
      answer.exactElsewhere?.map((v) => v.id),
      ["next"],
    );
    assert.equal(search("SMRITI_FEATURE_PLACES").exactElsewhere, undefined);
    assert.equal(search("docker compose").exactElsewhere, undefined);
  });

  test("words in any order, all of them required when some section has them all", () => {
    const answer = search("trash restore library");
    assert.equal(answer.hits[0]?.url, "/docs/user-guide/features/library");
  });
});

/** The anchors of an API reference page (an overview or a tag's page), or undefined when `path` is none. */
function apiPageAnchors(path: string): string[] | undefined {
  for (const { version, api } of content.versions) {
    if (!api) continue;
    if (path === version.apiUrl) return api.anchors;
    const tag = [...api.tags, api.models].find((entry) => path === `${version.apiUrl}/${entry.slug}`);
    if (tag) return tag.anchors;
  }
  return undefined;
}

describe("what is indexed", () => {
  test("every docs page and every API operation can be found", () => {
    const documents = content.search.documents;
    const docs = Object.values(content.pages).filter((page) => page.kind === "doc");
    for (const page of docs)
      assert.ok(
        documents.some((d) => d.group === page.url),
        page.url,
      );
    for (const { version, api } of content.versions) {
      const operations = documents.filter((d) => d.endpoint !== "" && d.version === version.id);
      assert.equal(operations.length, api?.operationCount ?? 0, version.label);
    }
  });

  test("every result points to a page that exists, and to an anchor that exists on it", () => {
    for (const document of content.search.documents) {
      const [path = "", fragment] = document.url.split("#");
      const anchors = apiPageAnchors(path) ?? content.pages[path]?.anchors;
      assert.ok(anchors, `${document.url}: no such page`);
      if (fragment !== undefined) assert.ok(anchors.includes(fragment), `${document.url}: no such anchor`);
    }
  });

  test("the Markdown showcase page and the partials are not indexed", () => {
    assert.ok(!content.search.documents.some((d) => d.url.startsWith("/markdown-page")));
    assert.ok(!urls(search("markdown page showcase")).some((url) => url.startsWith("/markdown-page")));
  });
});

describe("odd input answers normally", () => {
  const odd = [
    "",
    "   ",
    "x".repeat(1500),
    "docker ".repeat(300),
    "(a+)+$",
    "[",
    ".*",
    "\\",
    "^$|?",
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "café",
    "日本語の検索",
    "😀🎉",
    "مرحبا",
    "\u0000\u0007\u202e",
    "a b c d e f g h i j k l m n o p q r s t u v w x y z",
  ];

  for (const query of odd) {
    test(`${JSON.stringify(query.length > 40 ? `${query.slice(0, 40)}…` : query)}`, () => {
      // Correctness only: speed is measured by scripts/bench-search.ts, not asserted under a shared machine's load.
      const answer = search(query);
      assert.ok(Array.from(answer.query).length <= MAX_QUERY_LENGTH);
      assert.equal(answer.truncated, Array.from(query.trim()).length > MAX_QUERY_LENGTH);
      assert.ok(answer.hits.length <= PAGE_LIMITS.hits);
      for (const hit of answer.hits)
        for (const part of [...hit.title, ...hit.snippet]) assert.equal(typeof part.text, "string");
    });
  }

  test("an empty query has no results and says so", () => {
    const { query, truncated, total, hits, scope } = search("");
    assert.deepEqual(
      { query, truncated, total, hits, scope },
      { query: "", truncated: false, total: 0, hits: [], scope: { version: "24.05.08", all: false } },
    );
  });

  test("HTML in the query is searched as its words", () => {
    const answer = search("<b>albums</b>");
    assert.equal(answer.query, "<b>albums</b>");
    assert.ok(answer.total > 0);
  });

  test("accents do not matter", () => {
    assert.deepEqual(urls(search("fávourites")), urls(search("favourites")));
  });
});

describe("later pages of results", () => {
  // Queries of today's guides with more results than a page shows, in one version and in all.
  const paged = [
    { query: "server", scope: undefined },
    { query: "user", scope: { version: "24.05.08", all: true } },
    { query: "smriti", scope: { version: "next", all: false } },
  ];

  for (const { query, scope } of paged) {
    test(`"${query}"${scope?.all ? " in every version" : ""}: each page is the next part of one ranking`, () => {
      const pages = 3;
      const whole = site.search(query, { ...PAGE_LIMITS, hits: PAGE_LIMITS.hits * pages }, scope);
      assert.ok(whole.total > PAGE_LIMITS.hits, `${query}: ${whole.total} results, one page`);
      for (let page = 1; page <= pages; page += 1) {
        const from = (page - 1) * PAGE_LIMITS.hits;
        const answer = site.search(query, { ...PAGE_LIMITS, from }, scope);
        assert.equal(answer.total, whole.total);
        assert.equal(answer.from, page === 1 ? undefined : from);
        assert.deepEqual(answer.hits, whole.hits.slice(from, from + PAGE_LIMITS.hits), `page ${page}`);
      }
    });
  }

  test("a page past the last has no hits, and the same total", () => {
    const first = search("server");
    const past = site.search("server", { ...PAGE_LIMITS, from: first.total });
    assert.deepEqual(past.hits, []);
    assert.equal(past.total, first.total);
    assert.equal(past.from, first.total);
  });

  test("the page an address asks for: a whole number up to the last page offered, else the first", () => {
    assert.equal(resultPageOf(null), 1);
    for (const first of ["", "0", "1", "-1", "abc", "1.5", "2e3", " 2"]) assert.equal(resultPageOf(first), 1, first);
    assert.equal(resultPageOf("2"), 2);
    assert.equal(resultPageOf("002"), 2);
    assert.equal(resultPageOf(String(RESULT_PAGES + 1)), RESULT_PAGES);
    assert.equal(resultPageOf("9".repeat(9)), RESULT_PAGES);
  });

  test("the title names the page of results the page shows, and none when it shows none", () => {
    const at = (query: string, page: number) =>
      site.search(query, { ...PAGE_LIMITS, from: (page - 1) * PAGE_LIMITS.hits });
    assert.equal(titledSearch(at("server", 1)), "server");
    assert.equal(titledSearch(at("server", 2)), "server, page 2");
    // Past the last page (the body says so), and a search with no results (the body says "No results").
    assert.equal(titledSearch(at("docker", RESULT_PAGES)), "docker, past the last page");
    assert.equal(titledSearch(at("zzqxv", 2)), "zzqxv");
  });
});
