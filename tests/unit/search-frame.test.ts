import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { readSiteConfig } from "../../app/config.server";
import { scriptJson } from "../../app/http/hydration.server";
import { cutFrame, escapeHtml, fillFrame, FRAME_QUERY, type TextFill } from "../../app/http/search-frame.server";
import { contentSecurityPolicy } from "../../app/http/security-headers.server";

// The frame of a results page (app/http/search-frame.server.ts) on a page of
// the same shape as the real one: the query in the title and the social
// titles, the page's address in the settings forms, the main element, the
// hydration data in a script beside other inline scripts. The real page,
// filled and rendered whole, is compared in tests/http/search-frame.spec.ts.

const config = readSiteConfig({});

interface Search {
  query: string;
  address: string;
  hits: string[];
}

function fillOf({ query, address, hits }: Search): TextFill {
  return {
    main: `<main id="main"><input name="q" value="${escapeHtml(query)}"/><ol>${hits.map((hit) => `<li>${escapeHtml(hit)}</li>`).join("")}</ol></main>`,
    data: scriptJson({ query, hits }),
    address: escapeHtml(address),
    title: escapeHtml(query),
  };
}

/** A whole page as a render would write it. */
function page(search: Search, extra = ""): string {
  const fill = fillOf(search);
  return [
    `<!DOCTYPE html><html><head><title>Search: ${fill.title} | Site</title>`,
    `<meta property="og:title" content="Search: ${fill.title} | Site"/></head><body>`,
    `<form method="post"><input type="hidden" name="redirectTo" value="${fill.address}"/></form>`,
    `<a href="${fill.address}">English</a><script>(function(){var a="›";})();</script>`,
    fill.main,
    `<footer>© …</footer>${extra}<template><script>window.__remixContext = {"state":{"loaderData":{"root":{"brand":"Site"},"routes/search":${fill.data}}}};</script></template>`,
    `<script>start()</script></body></html>`,
  ].join("");
}

const addressOf = (query: string) => `/search?${new URLSearchParams({ q: query, version: "next" })}`;
const search = (query: string, hits: string[] = []): Search => ({ query, address: addressOf(query), hits });

const sentinel = search(FRAME_QUERY, ["A sentinel hit"]);
const sentinelHtml = page(sentinel);
const frame = cutFrame(sentinelHtml, contentSecurityPolicy(sentinelHtml, config), fillOf(sentinel));

describe("a results page frame", () => {
  test("is cut from the page rendered for the frame's query", () => {
    assert.notEqual(typeof frame, "string", String(frame));
  });

  const queries: Search[] = [
    search("docker compose", ["Installation", "Docker Swarm"]),
    search("<script>alert(1)</script>", ["<b>not markup</b>"]),
    search(`"quotes" and 'apostrophes' & ampersands`, ["a & b"]),
    search("café 日本語 😀 \u2028", ["Café"]),
    search("zzqqxx no such thing"),
    search("dokcer", ["Docker"]),
    search("</script><script>alert(1)</script>", []),
    search(FRAME_QUERY, ["the frame's own query, searched by a reader"]),
  ];
  for (const query of queries) {
    test(`filled for ${JSON.stringify(query.query)} is the page rendered whole, with its CSP`, () => {
      if (typeof frame === "string") return assert.fail(frame);
      const expected = page(query);
      const filled = fillFrame(frame, fillOf(query));
      assert.equal(new TextDecoder().decode(filled.body), expected);
      assert.equal(filled.csp, contentSecurityPolicy(expected, config));
      // The data as the search thread sends it: its UTF-8 bytes.
      const fill = fillOf(query);
      assert.deepEqual(fillFrame(frame, { ...fill, data: new TextEncoder().encode(fill.data) }), filled);
    });
  }

  test("is refused when the query shows in a place it does not know, written in another way", () => {
    for (const extra of [
      `<a href="/other?q=${encodeURIComponent(FRAME_QUERY)}">again</a>`,
      `<p>${FRAME_QUERY.slice(2, -3)}</p>`,
      `<script>var q=${JSON.stringify(FRAME_QUERY)};</script>`,
    ]) {
      const html = page(sentinel, extra);
      assert.match(String(cutFrame(html, contentSecurityPolicy(html, config), fillOf(sentinel))), /unknown|not know/);
    }
  });

  test("is refused when the main element or the data is not the one rendered for it", () => {
    const other = { ...fillOf(sentinel), main: `<main id="main">something else</main>` };
    assert.match(String(cutFrame(sentinelHtml, contentSecurityPolicy(sentinelHtml, config), other)), /main slot/);
    const data = { ...fillOf(sentinel), data: scriptJson({ query: FRAME_QUERY }) };
    assert.match(String(cutFrame(sentinelHtml, contentSecurityPolicy(sentinelHtml, config), data)), /data slot/);
  });

  test("is refused when the CSP does not allow the page's hydration script", () => {
    assert.match(String(cutFrame(sentinelHtml, contentSecurityPolicy("", config), fillOf(sentinel))), /hash/);
  });
});
