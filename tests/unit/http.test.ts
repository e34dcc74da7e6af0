import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { negotiateEncoding, respondFromStore, storeRepresentation } from "../../app/http/cached-response.server";
import { readTheme, themeCookie } from "../../app/http/cookies.server";
import { readSettingsForm, safeRedirectPath, settingsSaved } from "../../app/http/forms.server";
import { Theme } from "remix-themes";
import { json, type EntryContext } from "@remix-run/node";
import { leaveBodyOut, withBodyBytes, withBodyForRender, withBodyPutBack } from "../../app/http/page-body.server";
import { publicOrigin } from "../../app/http/origin.server";
import { PageCache } from "../../app/http/page-cache.server";
import {
  contentSecurityPolicy,
  inlineScriptHash,
  inlineScriptHashes,
  securityHeaders,
} from "../../app/http/security-headers.server";
import { readSiteConfig } from "../../app/config.server";
import { collapsedTarget } from "../../server/guard/collapse-slashes";
import { inspectRequest } from "../../server/guard/inspect-request";
import { allowHeader, refusedMethod } from "../../server/guard/method-policy";
import { METHOD_POLICY } from "../../app/http/guard-contract";
import { RouteManifest } from "../../app/http/route-manifest.server";

describe("encoding negotiation", () => {
  const cases: [string | null, string][] = [
    [null, "identity"],
    ["gzip", "gzip"],
    ["gzip, deflate, br", "br"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0, br;q=0", "identity"],
    ["*", "br"],
    ["*;q=0", "identity"],
    ["deflate", "identity"],
    [" GZIP ; q=0.5 ", "gzip"],
  ];
  for (const [header, expected] of cases) {
    test(`Accept-Encoding ${JSON.stringify(header)} → ${expected}`, () =>
      assert.equal(negotiateEncoding(header), expected));
  }
});

describe("stored representations", () => {
  const page = storeRepresentation({
    status: 200,
    body: "<p>hello</p>".repeat(200),
    headers: { "Content-Type": "text/html" },
  });
  const request = (headers: Record<string, string>, method = "GET") => new Request("http://x/", { method, headers });

  test("answer in the encoding asked for, with the matching validator", async () => {
    const gz = respondFromStore(request({ "accept-encoding": "gzip" }), page);
    assert.equal(gz.headers.get("content-encoding"), "gzip");
    assert.equal(gz.headers.get("etag"), `"${page.etag}-gzip"`);
    assert.equal(Number(gz.headers.get("content-length")), page.encoded.gzip?.bytes.length);
    const plain = respondFromStore(request({}), page);
    assert.equal(plain.headers.get("content-encoding"), null);
    assert.equal(await plain.text(), "<p>hello</p>".repeat(200));
  });

  test("304 for any of the representation's validators, weak or strong", () => {
    for (const tag of [`"${page.etag}"`, `W/"${page.etag}-br"`, `"other", "${page.etag}-gzip"`, "*"]) {
      assert.equal(respondFromStore(request({ "if-none-match": tag }), page).status, 304, tag);
    }
    assert.equal(respondFromStore(request({ "if-none-match": '"other"' }), page).status, 200);
  });

  test("HEAD gets the headers and no body", async () => {
    const head = respondFromStore(request({ "accept-encoding": "br" }, "HEAD"), page);
    assert.equal(head.headers.get("content-encoding"), "br");
    assert.equal((await head.arrayBuffer()).byteLength, 0);
  });
});

describe("the page cache", () => {
  const entry = (size: number) => storeRepresentation({ status: 200, body: "x".repeat(size), headers: {} });

  test("stays within its byte bound, dropping the least recently used", () => {
    const cache = new PageCache(6000);
    cache.set("a", entry(1000));
    cache.set("b", entry(1000));
    cache.get("a");
    cache.set("c", entry(3000));
    assert.ok(cache.stats.bytes <= 6000);
    assert.ok(cache.get("a"), "recently used entry kept");
    assert.equal(cache.get("b"), undefined, "least recently used entry dropped");
  });

  test("never keeps an entry larger than the whole cache", () => {
    const cache = new PageCache(100);
    cache.set("huge", entry(10_000));
    assert.equal(cache.stats.entries, 0);
  });

  test("a flood of search results pages never pushes the pages out", () => {
    const cache = new PageCache(40_000);
    for (let i = 0; i < 8; i += 1) cache.set(`/docs/page-${i}`, entry(3000));
    for (let i = 0; i < 500; i += 1) cache.set(`/search?q=query-${i}`, entry(1500), { results: true });
    for (let i = 0; i < 8; i += 1) assert.ok(cache.get(`/docs/page-${i}`), `page ${i} kept`);
    assert.ok(cache.stats.resultBytes <= 10_000, "results within a quarter of the bytes");
    assert.ok(cache.get("/search?q=query-499"), "the latest results kept");
    assert.equal(cache.get("/search?q=query-0"), undefined, "the oldest results replaced");
    assert.ok(cache.stats.bytes <= 40_000);
  });

  test("results pages share the least-recently-used order with the pages within their bound", () => {
    const cache = new PageCache(10_000);
    cache.set("/search?q=kept", entry(1500), { results: true });
    for (let i = 0; i < 6; i += 1) cache.set(`/docs/page-${i}`, entry(1500));
    assert.equal(cache.get("/search?q=kept"), undefined, "an old results page gives way to newer pages");
    assert.ok(cache.get("/docs/page-5"));
    const resized = entry(1500);
    cache.set("/search?q=resized", resized, { results: true });
    resized.encoded.gzip = { bytes: new Uint8Array(100), best: true };
    cache.resize("/search?q=resized", resized);
    assert.equal(cache.stats.resultBytes, 1500 + 100 + 512, "counted again, still as results");
  });

  test("a flood of distinct keys does not grow it", () => {
    const cache = new PageCache(50_000);
    for (let i = 0; i < 5000; i += 1) cache.set(`/random-${i}`, entry(200));
    assert.ok(cache.stats.bytes <= 50_000);
    assert.ok(cache.stats.entries < 5000);
  });
});

describe("content security policy", () => {
  const config = readSiteConfig({});
  const html =
    '<script>a()</script><script src="/x.js"></script><script type="module">b()</script><script>a()</script>';

  test("hashes each distinct inline script and ignores external ones", () => {
    const hashes = inlineScriptHashes(html);
    assert.equal(hashes.length, 2);
    assert.ok(hashes.every((hash) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(hash)));
    assert.deepEqual(hashes, [inlineScriptHash("a()"), inlineScriptHash("b()")]);
  });

  test("reads a page's bytes as its text: the same hashes, multi-byte characters included", () => {
    const page = `<p>«é»</p><script>x("→")</script><script data-src="a" id=k>y()</script><scripts>z()</scripts><script\nsrc="/a.js"></script><script></script>`;
    const bytes = new TextEncoder().encode(page);
    assert.deepEqual(inlineScriptHashes(bytes), [inlineScriptHash('x("→")'), inlineScriptHash("y()")]);
    assert.deepEqual(inlineScriptHashes(page), inlineScriptHashes(bytes));
    // Written in other capitals, a script gets no hash: the browser refuses it rather than run one not ours.
    assert.deepEqual(inlineScriptHashes("<SCRIPT>evil()</SCRIPT>"), []);
  });

  test("admits our own scripts only: no eval, no inline handlers", () => {
    const csp = contentSecurityPolicy(html, config);
    const scriptSrc = csp.split("; ").find((part) => part.startsWith("script-src"))!;
    assert.doesNotMatch(scriptSrc, /unsafe-eval|unsafe-inline/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(csp, /object-src 'none'/);
    assert.match(csp, /connect-src 'self' http:\/\/localhost:5001/);
  });

  test("adapts to analytics and a fonts service", () => {
    const csp = contentSecurityPolicy(
      "",
      readSiteConfig({ SITE_ANALYTICS_ID: "G-ABC1234", SITE_FONTS_STYLESHEET_URL: "https://fonts.example.org/css" }),
    );
    assert.match(csp, /script-src 'self' https:\/\/www\.googletagmanager\.com/);
    assert.match(csp, /style-src 'self' 'unsafe-inline' https:\/\/fonts\.example\.org/);
    assert.match(csp, /connect-src [^;]*google-analytics/);
  });

  test("HSTS only over HTTPS", () => {
    assert.equal(securityHeaders(false)["Strict-Transport-Security"], undefined);
    assert.match(securityHeaders(true)["Strict-Transport-Security"]!, /max-age=31536000/);
  });
});

describe("public origin", () => {
  const request = (headers: Record<string, string>) => new Request("http://127.0.0.1:3000/docs", { headers });

  test("SITE_URL wins over anything the request says", () => {
    assert.equal(
      publicOrigin(request({ "x-forwarded-host": "evil.example" }), { siteUrl: "https://docs.example.org" }),
      "https://docs.example.org",
    );
  });
  test("the proxy's forwarded scheme and host, first value of a list", () => {
    assert.equal(
      publicOrigin(
        request({ "x-forwarded-proto": "https, http", "x-forwarded-host": "docs.example.org:8443, inner" }),
        { siteUrl: null },
      ),
      "https://docs.example.org:8443",
    );
  });
  test("malformed forwarded values are ignored", () => {
    assert.equal(
      publicOrigin(request({ "x-forwarded-proto": "javascript", "x-forwarded-host": "<script>" }), { siteUrl: null }),
      "http://127.0.0.1:3000",
    );
  });
});

describe("settings forms", () => {
  const post = (body: string, type: string | null, headers: Record<string, string> = {}) =>
    new Request("http://x/settings/theme", {
      method: "POST",
      body,
      headers: { ...(type ? { "content-type": type } : {}), ...headers },
    });

  test("URL-encoded and JSON bodies give the same fields", async () => {
    assert.deepEqual(
      await readSettingsForm(post("theme=dark&redirectTo=%2Fapi", "application/x-www-form-urlencoded")),
      { theme: "dark", redirectTo: "/api" },
    );
    assert.deepEqual(await readSettingsForm(post('{"theme":"dark","n":1}', "text/plain;charset=UTF-8")), {
      theme: "dark",
    });
  });

  test("anything else is a 400, anything big a 413", async () => {
    for (const [body, type] of [
      ["{", "application/json"],
      ["[1]", "application/json"],
      ["--x", "multipart/form-data; boundary=x"],
    ] as const) {
      await assert.rejects(readSettingsForm(post(body, type)), (error: Response) => error.status === 400);
    }
    await assert.rejects(
      readSettingsForm(post("x".repeat(5000), "application/x-www-form-urlencoded")),
      (error: Response) => error.status === 413,
    );
  });

  test("redirects only to paths of this site", () => {
    assert.equal(safeRedirectPath("/docs/user-guide/installation?x=1#y"), "/docs/user-guide/installation?x=1#y");
    for (const value of [undefined, "", "https://evil.example/", "//evil.example", "/\\evil.example", "/a b", "docs"]) {
      assert.equal(safeRedirectPath(value), "/", String(value));
    }
  });

  test("a path to go back to is percent-encoded where a Location header needs it", () => {
    const cases: [string, string][] = [
      ["/search?q=\u20ac", "/search?q=%E2%82%AC"],
      ["/search?q=\u00e9", "/search?q=%C3%A9"],
      ["/search?q=<x>", "/search?q=%3Cx%3E"],
      ['/search?q="x"&page=2', "/search?q=%22x%22&page=2"],
      ["/search?q=%E2%82%AC", "/search?q=%E2%82%AC"],
      ["/search?q=100%", "/search?q=100%25"],
      ["/docs/\ud800", "/docs/%EF%BF%BD"],
      ["/api/albums?x=[1]#top", "/api/albums?x=%5B1%5D#top"],
    ];
    for (const [value, expected] of cases) assert.equal(safeRedirectPath(value), expected, value);
  });

  test("an HTML form's post is redirected back, also when it names no page; a script's JSON gets JSON", async () => {
    const form = (headers: Record<string, string> = {}) =>
      settingsSaved(post("theme=dark", "application/x-www-form-urlencoded", headers), { theme: "dark" }, "theme=dark", {
        theme: "dark",
      });
    const back = form();
    assert.equal(back.status, 303);
    assert.equal(new URL(back.headers.get("location")!).pathname, "/settings/theme");
    assert.equal(back.headers.get("set-cookie"), "theme=dark");
    const fromPage = form({ referer: "http://x/docs/dev-guide/roadmap" });
    assert.equal(fromPage.headers.get("location"), "http://x/docs/dev-guide/roadmap");
    const script = settingsSaved(
      post('{"theme":"dark"}', "text/plain;charset=UTF-8"),
      { theme: "dark" },
      "theme=dark",
      {
        theme: "dark",
      },
    );
    assert.equal(script.status, 200);
    assert.deepEqual(await script.json(), { theme: "dark" });
  });
});

describe("a content page's body, kept beside its data", () => {
  /** A loader's answer to a data request, as Remix hands it to the entry: marked as the loader's own. */
  const loaderAnswer = (value: unknown, headers: Record<string, string> = {}) =>
    json(value, { headers: { "X-Remix-Response": "yes", ...headers } });
  const data = () => ({
    toc: [{ id: "a", text: "A" }],
    page: { url: "/docs/a", title: "A </script>", html: '<p>big & "long"</p>\u2028', kind: "doc" as const },
    editUrl: "https://example.org/a.mdx",
  });

  test("the loader's data has no body; the document's render gets it back from the request's context", () => {
    const context = {};
    const out = leaveBodyOut(context, data());
    assert.deepEqual(out, { ...data(), page: { ...data().page, html: null } });
    // What lets a data request's answer be mended without reading it: it starts with the empty body.
    assert.match(JSON.stringify(out), /^\{"page":\{"html":null,/);

    const entry = (page: unknown) =>
      ({
        staticHandlerContext: { loaderData: { root: { brand: "B" }, "routes/docs.$": page } },
      }) as unknown as EntryContext;
    const remixContext = entry(structuredClone(out));
    const rendered = withBodyForRender(remixContext, context).staticHandlerContext.loaderData;
    assert.deepEqual(rendered, { root: { brand: "B" }, "routes/docs.$": data() });
    // Remix renders its error page from the data it holds, if this render fails: still without the body.
    assert.deepEqual(remixContext.staticHandlerContext.loaderData, { root: { brand: "B" }, "routes/docs.$": out });
    const elsewhere = withBodyForRender(entry(structuredClone(out)), {}).staticHandlerContext.loaderData;
    assert.equal((elsewhere["routes/docs.$"] as typeof out).page.html, null, "another request's context has nothing");
  });

  test("a client-side navigation's answer is the data as it was, body included", async () => {
    const context = {};
    const response = loaderAnswer(leaveBodyOut(context, data()), { "X-Test": "kept" });
    const answer = await withBodyPutBack(response, context);
    assert.deepEqual(await answer.json(), data());
    assert.equal(answer.headers.get("X-Test"), "kept");
    assert.equal(answer.headers.get("Content-Type"), "application/json; charset=utf-8");
  });

  test("a body kept as bytes is copied into the rendered document, and decoded only for a navigation", async () => {
    const context = {};
    const body = new TextEncoder().encode('<div class="api-operations">«é» &amp; </div>');
    const out = leaveBodyOut(context, { ...data(), page: { ...data().page, html: null } }, [body]);
    assert.equal(out.page.html, null);
    const entry = {
      staticHandlerContext: { loaderData: { "routes/api": structuredClone(out) } },
    } as unknown as EntryContext;
    const place = (withBodyForRender(entry, context).staticHandlerContext.loaderData["routes/api"] as typeof out).page
      .html!;
    assert.match(place, /^<!--page body [0-9a-f-]{36}-->$/, "React renders a place for the bytes");
    const rendered = new TextEncoder().encode(`<html><main><div>${place}</div></main></html>`);
    const page = withBodyBytes(rendered, context);
    assert.equal(
      new TextDecoder().decode(page),
      '<html><main><div><div class="api-operations">«é» &amp; </div></div></main></html>',
    );
    assert.equal(withBodyBytes(rendered, {}), rendered, "another request's document is left as it is");
    const errorPage = new TextEncoder().encode("<html>Not found</html>");
    assert.equal(withBodyBytes(errorPage, context), errorPage, "a document without the place is left as it is");

    const answer = await withBodyPutBack(loaderAnswer(out), context);
    assert.deepEqual(await answer.json(), {
      ...data(),
      page: { ...data().page, html: new TextDecoder().decode(body) },
    });
  });

  test("answers of loaders that kept nothing pass through untouched, and a reordered answer is an error", async () => {
    const untouched = loaderAnswer({ a: 1 });
    assert.equal(await withBodyPutBack(untouched, {}), untouched);
    const context = {};
    leaveBodyOut(context, data());
    await assert.rejects(withBodyPutBack(loaderAnswer(data()), context), /a content loader's data starts with \{"toc"/);
  });

  test("an error or a thrown response after the loader kept its body passes through untouched", async () => {
    const context = {};
    leaveBodyOut(context, data());
    // As Remix answers when something threw after the loader ran (a development input check, say).
    const error = json({ message: "Unexpected Server Error" }, { status: 500, headers: { "X-Remix-Error": "yes" } });
    assert.equal(await withBodyPutBack(error, context), error);
    const caught = json(null, { status: 404, headers: { "X-Remix-Catch": "yes" } });
    assert.equal(await withBodyPutBack(caught, context), caught);
  });
});

describe("the request guard's checks", () => {
  const req = (method: string, url: string, headers: Record<string, string> = { host: "example.org" }) => ({
    method,
    url,
    headers,
    rawHeaders: Object.entries(headers).flat(),
  });
  const cases: [string, ReturnType<typeof req>, number | null][] = [
    ["a normal request", req("GET", "/docs/user-guide/installation"), null],
    ["valid UTF-8 escapes", req("GET", "/docs/%C3%A9"), null],
    ["an IPv6 host with a port", req("GET", "/", { host: "[::1]:3000" }), null],
    ["TRACE", req("TRACE", "/"), 405],
    ["an absolute-form target", req("GET", "http://evil.example/"), 400],
    // A path all the same: collapse-slashes sends it on to "/evil.example/", on this site.
    ["a double slash first", req("GET", "//evil.example/"), null],
    // Decoded, "/\" is "//" to the URL parser.
    ["an encoded backslash after the first slash", req("OPTIONS", "/%5C"), 400],
    ["an encoded backslash, lower case, and more", req("GET", "/%5c/x"), 400],
    ["an encoded backslash further on", req("GET", "/docs/%5C"), null],
    ["a long target", req("GET", `/${"a".repeat(8200)}`), 414],
    ["a 12 KB cookie", req("GET", "/", { host: "example.org", cookie: `junk=${"a".repeat(12000)}` }), null],
    ["a 20 KB cookie", req("GET", "/", { host: "example.org", cookie: `junk=${"a".repeat(20000)}` }), 431],
    [
      "many headers adding up to 17 KB",
      req("GET", "/", Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`x-filler-${i}`, "a".repeat(1000)]))),
      431,
    ],
    ["malformed escapes", req("GET", "/%zz"), 400],
    ["invalid UTF-8", req("GET", "/%ff"), 400],
    ["a NUL byte", req("GET", "/a%00"), 400],
    ["a Host with a space", req("GET", "/", { host: "a b" }), 400],
    ["a Host with a port out of range", req("GET", "/", { host: "a:70000" }), 400],
    [
      "a POST from another site",
      req("POST", "/settings/theme", { host: "example.org", origin: "https://evil.example" }),
      403,
    ],
    ["a POST with a malformed Origin", req("POST", "/settings/theme", { host: "example.org", origin: "::" }), 403],
    [
      "a POST from this site",
      req("POST", "/settings/theme", { host: "example.org", origin: "https://example.org" }),
      null,
    ],
    [
      "a POST through a proxy",
      req("POST", "/x", {
        host: "internal:3000",
        origin: "https://docs.example.org",
        "x-forwarded-host": "docs.example.org",
      }),
      null,
    ],
  ];
  for (const [name, request, status] of cases) {
    test(`${name}: ${status ?? "passes"}`, () => assert.equal(inspectRequest(request)?.status ?? null, status));
  }
});

describe("repeated slashes in a path", () => {
  const cases: [string, string, string | null][] = [
    ["a path without them", "/docs/user-guide/installation?q=a//b", null],
    ["one trailing slash (a page's variant, which answers 200)", "/api/", null],
    ["a run inside the path", "/docs/user-guide//installation", "/docs/user-guide/installation"],
    [
      "runs of every length, the query kept as sent",
      "/docs///user-guide//installation//?q=a//b&v=1",
      "/docs/user-guide/installation/?q=a//b&v=1",
    ],
    ["a results page", "/search//?q=albums", "/search/?q=albums"],
    // Backslashes are slashes to the URL parser, and "/\evil.example" in a Location is "//evil.example" to a browser.
    ["a backslash after the first slash", "/\\evil.example//x", "/evil.example/x"],
    ["a backslash beside a slash", "/api/\\/albums", "/api/albums"],
    [
      "slashes first: a path on this site, never another host",
      "//docs//user-guide//installation",
      "/docs/user-guide/installation",
    ],
    ["a host name after two slashes stays a path", "//evil.example/x?y=1", "/evil.example/x?y=1"],
    ["nothing but slashes", "////", "/"],
    ["a lone backslash, which the URL parser reads as one slash", "/docs\\user-guide", null],
    ["a backslash in the query, kept and encoded", "/docs//a?q=\\", "/docs/a?q=%5C"],
    ["slashes in a fragment (never sent by a browser)", "/docs/a#//b", null],
    ["percent-encoding already there, left as it is", "/docs//%E0%A4%B8", "/docs/%E0%A4%B8"],
    ["bytes beyond ASCII, as Node reads them (Latin-1)", "/docs//\u00e9", "/docs/%E9"],
  ];
  for (const [name, target, location] of cases)
    test(`${name}: ${location ?? "no redirect"}`, () => assert.equal(collapsedTarget(target), location));
});

describe("the theme cookie", () => {
  const theme = (cookie: string | null) =>
    readTheme(new Request("http://x/", cookie === null ? {} : { headers: { cookie } }));

  test("reads exactly light or dark; anything else, or nothing, is light", () => {
    assert.equal(theme("theme=dark"), "dark");
    assert.equal(theme("_ga=1; theme=dark; other=x"), "dark");
    assert.equal(theme("theme=light"), "light");
    for (const value of [
      null,
      "",
      "theme=",
      "theme=DARK",
      "theme=purple",
      "theme=dark%00",
      "theme=eyJ0aGVtZSI6ImRhcmsifQ%3D%3D.sig",
      "xtheme=dark",
    ]) {
      assert.equal(theme(value), "light", String(value));
    }
  });

  test("is written as the value alone, readable by any server", () => {
    assert.match(themeCookie(Theme.DARK, false), /^theme=dark; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    assert.match(themeCookie(Theme.LIGHT, true), /; Secure$/);
    assert.equal(theme(themeCookie(Theme.DARK, true).split(";")[0]!), "dark");
  });
});

describe("the methods an address accepts", () => {
  const manifest = new RouteManifest();
  manifest.learn({
    root: { id: "root", path: "", module: {} },
    theme: { id: "theme", parentId: "root", path: "settings/theme", module: { action: () => null } },
    llms: { id: "llms", parentId: "root", path: "llms.txt", module: {} },
    page: { id: "page", parentId: "root", path: "*", module: {} },
  });

  test("GET and HEAD everywhere, POST where the route has an action", () => {
    assert.equal(manifest.allowedMethods("/settings/theme"), "GET, HEAD, POST");
    assert.equal(manifest.allowedMethods("/llms.txt"), "GET, HEAD");
    assert.equal(manifest.allowedMethods("/docs/anything"), "GET, HEAD");
    assert.equal(new RouteManifest().allowedMethods("/llms.txt"), null, "nothing known before learning");
  });

  test("the guard refuses the rest, with the Allow header of the address", () => {
    const global = globalThis as Record<symbol, unknown>;
    try {
      assert.equal(refusedMethod({ method: "OPTIONS", url: "/llms.txt" }), null, "no policy yet: Remix answers");
      assert.equal(allowHeader("/llms.txt"), "GET, HEAD, POST");
      global[METHOD_POLICY] = { allowed: (target: string) => manifest.allowedMethods(target.split("?")[0]!) };
      for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"])
        assert.equal(refusedMethod({ method, url: "/llms.txt?x=1" })?.status, 405, method);
      for (const method of ["GET", "HEAD"]) assert.equal(refusedMethod({ method, url: "/llms.txt" }), null, method);
      assert.equal(refusedMethod({ method: "POST", url: "/settings/theme" }), null);
      assert.equal(refusedMethod({ method: "OPTIONS", url: "/settings/theme" })?.status, 405);
      assert.equal(allowHeader("/llms.txt"), "GET, HEAD");
      assert.equal(allowHeader("/settings/theme"), "GET, HEAD, POST");
    } finally {
      delete global[METHOD_POLICY];
    }
  });
});
