import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { after, describe, test } from "node:test";
import {
  answerFrom,
  cachedResponse,
  NOT_FOUND_ADDRESS,
  pageCache,
  requestKey,
  storable,
  storeRepresentation,
} from "../../app/http/cached-response.server";
import { LARGE_BODY_BYTES, upgradesSettled } from "../../app/http/compression.server";
import { KnownAddresses, knownAddresses } from "../../app/http/known-addresses.server";
import { routeManifest } from "../../app/http/route-manifest.server";
import { PageCache } from "../../app/http/page-cache.server";
import { RenderQueue } from "../../app/http/render-queue.server";
import { pageAddress } from "../../app/lib/page-address";
import { RESULT_PAGES } from "../../app/search/result-pages";
import { writeSiteContent } from "../../app/content/build/store-file.server";
import { SITE_CONTENT_FILE } from "../../app/content/store.server";
import type { SiteContent } from "../../app/content/types";
import { APP_ROUTE_PLACES, manifestOf } from "../support/route-declarations";

// The routes of this app as Remix's manifest lists them (a subset is enough), each with its own declared inputs.
const ROUTES = manifestOf(APP_ROUTE_PLACES);
routeManifest.learn(ROUTES);
const addressOf = (pathname: string, search: string) =>
  pageAddress(pathname, search, routeManifest.inputsAt(pathname)?.query ?? []);

const publicDir = mkdtempSync(join(tmpdir(), "known-"));
mkdirSync(join(publicDir, "img"));
writeFileSync(join(publicDir, "favicon.ico"), "");
// Compiled content with one page, in a working directory of its own (the content store reads it from there).
mkdirSync(join(publicDir, "build/content"), { recursive: true });
const page = (url: string, kind: "doc" | "page") => ({
  url,
  kind,
  version: kind === "doc" ? "24.05.08" : null,
  lastUpdated: null,
});
writeSiteContent(join(publicDir, SITE_CONTENT_FILE), {
  pages: Object.fromEntries(
    [
      page("/guide/known-page", "page"),
      ...[
        "keys-test",
        "keys-test-other",
        "herd-test",
        "compression-test",
        "compressed-at-rest",
        "large-body",
        "guide/a",
      ].map((slug) => page(`/docs/${slug}`, "doc")),
    ].map((p) => [p.url, p]),
  ),
  versions: [
    { version: { id: "next", status: "next", docsBase: "/docs/next" }, entry: "/docs/next/guide/a" },
    { version: { id: "24.05.08", status: "current", docsBase: "/docs" }, entry: "/docs/guide/a" },
  ],
  search: { format: 0, documents: [], versions: [] },
} as unknown as SiteContent);
process.chdir(publicDir);
after(() => rmSync(publicDir, { recursive: true, force: true }));

describe("a page's own address", () => {
  const headers: Record<string, string> = { host: "x", accept: "text/html" };
  const key = (target: string) => requestKey("GET", target, (name) => headers[name]);

  test("keeps only the parameters the page reads", () => {
    assert.equal(addressOf("/docs/a", "?utm_source=x&fbclid=y"), "/docs/a");
    assert.equal(addressOf("/search", "?utm_source=x&q=docker"), "/search?q=docker");
    assert.equal(addressOf("/search/", "?q=a&q=b"), "/search/?q=a");
    assert.equal(addressOf("/search", "?other=1"), "/search");
    assert.equal(
      addressOf("/search", "?first=next&utm_id=1&version=all&q=jobs"),
      "/search?q=jobs&version=all&first=next",
    );
  });

  test("a search's scope is part of its key, but only a scope the search knows", () => {
    assert.notEqual(key("/search?q=jobs&version=next"), key("/search?q=jobs"));
    assert.equal(key("/search?q=jobs&version=next&utm_source=a"), key("/search?version=next&q=jobs"));
    assert.equal(key("/search?q=jobs&version=no-such-version"), key("/search?q=jobs"));
    assert.equal(key(`/search?q=jobs&version=all&first=${Math.random()}`), key("/search?q=jobs&version=all"));
  });

  test("a page of results is part of its key, as the search reads it", () => {
    assert.notEqual(key("/search?q=jobs&page=2"), key("/search?q=jobs"));
    assert.notEqual(key("/search?q=jobs&page=2"), key("/search?q=jobs&page=3"));
    // The search reads these as the first page, the second and the last it offers: no page of their own.
    for (const first of ["1", "0", "abc", "-2", "1.5", "", "2e3"])
      assert.equal(key(`/search?q=jobs&page=${first}`), key("/search?q=jobs"), first);
    assert.equal(key("/search?q=jobs&page=002"), key("/search?q=jobs&page=2"));
    assert.equal(key(`/search?q=jobs&page=${RESULT_PAGES + 1}`), key(`/search?q=jobs&page=${RESULT_PAGES}`));
    assert.equal(key("/search?q=jobs&page=999999999"), key(`/search?q=jobs&page=${RESULT_PAGES}`));
  });
});

describe("addresses only the not-found page answers", () => {
  const known = new KnownAddresses(publicDir);

  test("nothing is classed as not found before the routes are known", () => {
    assert.equal(known.isNotFound("/no-such-page"), false);
  });

  test("after learning the routes: any address no route but the catch-all matches", () => {
    known.learnRoutes(ROUTES);
    for (const path of [
      "/no-such-page",
      "/a/b/c",
      "/docsx",
      "/search-x",
      "/%E2%9C%93",
      "/guide/unknown-page",
      "/x/llms.txt/more",
      // This pack has no API reference: no address below /api is a page (tests/integration/redirects.test.ts has one).
      "/api/a/b",
      "/api/next",
      "/docs/anything/below",
      "/docs/guide/b.md",
      "/docs/next/guide/b",
    ]) {
      assert.equal(known.isNotFound(path), true, path);
    }
    // A route with a parameter answers its own shape of address only, not everything below "/".
    for (const path of ["/next/llms.txt", "/anything/LLMS.txt"]) assert.equal(known.isNotFound(path), false, path);
    for (const path of [
      "/",
      "/api",
      "/api/",
      "/API",
      "/search",
      "/llms.txt",
      "/favicon.ico",
      "/img/x.png",
      "/__manifest",
      "/guide/known-page",
      "/guide/known-page.md",
    ]) {
      assert.equal(known.isNotFound(path), false, path);
    }
    // Under /docs the build knows every page: only its pages, the versions' roots and the redirects (tests/integration/redirects.test.ts) are answered.
    for (const path of [
      "/docs",
      "/docs/",
      "/docs/guide/a",
      "/docs/guide/a/",
      "/docs/guide/a.md",
      "/docs/next",
      "/docs/24.05.08/guide/a",
    ]) {
      assert.equal(known.isNotFound(path), false, path);
    }
  });
});

describe("one stored answer per page", () => {
  const headers = { host: "x", accept: "text/html" };
  const request = (target: string) => new Request(`http://x${target}`, { headers });

  test("two query strings the page does not read: one render", async () => {
    let renders = 0;
    const produce = async () => {
      renders += 1;
      return { status: 200, body: "<p>installation</p>".repeat(50), headers: { "Content-Type": "text/html" } };
    };
    const first = await cachedResponse(request("/docs/keys-test?utm_source=a"), produce);
    const second = await cachedResponse(request("/docs/keys-test?fbclid=b&utm_campaign=c"), produce);
    assert.equal(renders, 1);
    assert.equal(await second.text(), await first.text());
    await cachedResponse(request("/docs/keys-test-other"), produce);
    assert.equal(renders, 2, "another page is another entry");
  });

  test("/search: one render per normalised query", async () => {
    let renders = 0;
    const produce = async () => {
      renders += 1;
      return { status: 200, body: "results", headers: {} };
    };
    await cachedResponse(request("/search?q=docker+compose"), produce);
    await cachedResponse(request("/search?q=%20docker%20%20compose&utm_source=x"), produce);
    assert.equal(renders, 1);
    await cachedResponse(request("/search?q=docker"), produce);
    assert.equal(renders, 2);
  });

  test("every address only the not-found page answers shares one stored 404", async () => {
    knownAddresses.learnRoutes(ROUTES);
    let renders = 0;
    const produce = async () => {
      renders += 1;
      return { status: 404, body: "not found", headers: {} };
    };
    for (const path of ["/missing-1", "/missing-2?x=1", "/a/b/missing-3"]) {
      assert.equal((await cachedResponse(request(path), produce)).status, 404, path);
    }
    assert.equal(renders, 1);
    const key = requestKey("GET", "/missing-4", (name) => headers[name as keyof typeof headers]);
    assert.equal(key?.split("\n")[0], NOT_FOUND_ADDRESS);
    assert.notEqual(
      requestKey("GET", "/missing-4", (name) => ({ ...headers, cookie: "theme=dark" })[name as keyof typeof headers]),
      key,
      "one per state",
    );
  });

  test("requests for one page that arrive while it renders share that render", async () => {
    let renders = 0;
    const produce = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { status: 200, body: "<p>shared</p>", headers: {} };
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => cachedResponse(request(`/docs/herd-test?utm_source=${i}`), produce)),
    );
    assert.equal(renders, 1);
    for (const answer of answers) assert.equal(await answer.text(), "<p>shared</p>");
  });

  test("only pages and not-found pages are kept; the shared not-found key only a 404", () => {
    assert.equal(storable("/docs/a\nx", 200), true);
    assert.equal(storable("/docs/a\nx", 404), true);
    assert.equal(storable("/docs/a\nx", 503), false);
    assert.equal(storable(`${NOT_FOUND_ADDRESS}\nx`, 404), true);
    assert.equal(
      storable(`${NOT_FOUND_ADDRESS}\nx`, 200),
      false,
      "a wrong guess about an address never stores a page there",
    );
  });
});

describe("compression of stored pages", () => {
  const body = Array.from(
    { length: 400 },
    (_, i) => `<li class="item">Entry ${i} of the list, with some text</li>`,
  ).join("");
  const request = (encoding: string) =>
    new Request("http://x/docs/compression-test", { headers: { host: "x", "accept-encoding": encoding } });
  const produce = async () => ({ status: 200, body, headers: {} });

  test("fast on the first answer, the best level in the background once the page is reused", async () => {
    const first = await cachedResponse(request("br"), produce);
    const fast = (await first.arrayBuffer()).byteLength;
    const key = requestKey("GET", "http://x/docs/compression-test", (name) => (name === "host" ? "x" : undefined))!;
    const page = pageCache.get(key)!;
    assert.equal(page.encoded.br?.best, false);
    assert.equal(page.encoded.gzip, undefined, "no form nobody asked for");
    await cachedResponse(request("br"), produce);
    await upgradesSettled();
    assert.equal(page.encoded.br?.best, true);
    const reused = await cachedResponse(request("br"), produce);
    const best = (await reused.arrayBuffer()).byteLength;
    assert.ok(best <= fast, `best ${best} ≤ fast ${fast}`);
    assert.equal(reused.headers.get("etag"), first.headers.get("etag"), "the same content, the same validator");
  });

  test("a page answered compressed keeps only that form until a client asks for it uncompressed", async () => {
    const url = "http://x/docs/compressed-at-rest";
    const key = requestKey("GET", url, (name) => (name === "host" ? "x" : undefined))!;
    const ask = (encoding: string) =>
      cachedResponse(new Request(url, { headers: { host: "x", "accept-encoding": encoding } }), produce);
    const plainFirst = await ask("identity");
    const page = pageCache.get(key)!;
    // Read through a function: an assertion on page.body would narrow its type for the lines after it.
    const uncompressed = () => page.body?.length;
    assert.equal(uncompressed(), body.length, "kept uncompressed while nobody asked for a compressed form");
    const gzipped = await ask("gzip");
    assert.equal(uncompressed(), undefined, "the uncompressed body is dropped once a compressed form exists");
    assert.equal(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString(), body);
    const plain = await ask("identity");
    assert.equal(plain.headers.get("content-encoding"), null);
    assert.equal(plain.headers.get("etag"), plainFirst.headers.get("etag"), "the same bytes, the same validator");
    assert.equal(await plain.text(), body);
    assert.equal(uncompressed(), body.length, "asked for uncompressed again: kept again");
    // A second coding and its background upgrade are made from the uncompressed bytes.
    await ask("br");
    await ask("br");
    await upgradesSettled();
    assert.equal(page.encoded.br?.best, true);
    assert.equal(brotliDecompressSync(page.encoded.br!.bytes).toString(), body);
  });

  test("a large body: each form an answer needs is made off the event loop, before that answer", async () => {
    const large = Array.from(
      { length: 8000 },
      (_, i) => `<p>Paragraph ${i}: ${(i * 7919).toString(36)} of a long file</p>`,
    ).join("");
    assert.ok(large.length >= LARGE_BODY_BYTES);
    const url = "http://x/docs/large-body";
    const key = requestKey("GET", url, (name) => (name === "host" ? "x" : undefined))!;
    /** The answer, and whether the event loop took another turn before it: zlib's thread pool answers on a later turn, work on the event loop in this one. */
    const ask = async (encoding: string) => {
      let turned = false;
      setImmediate(() => (turned = true));
      const answer = await cachedResponse(
        new Request(url, { headers: { host: "x", "accept-encoding": encoding } }),
        async () => ({
          status: 200,
          body: large,
          headers: {},
        }),
      );
      return { answer, turned };
    };
    const first = await ask("br");
    const page = pageCache.get(key)!;
    assert.ok(first.turned, "brotli made off the event loop");
    assert.equal(first.answer.headers.get("content-encoding"), "br");
    assert.equal(brotliDecompressSync(Buffer.from(await first.answer.arrayBuffer())).toString(), large);
    const uncompressed = () => page.body;
    assert.equal(uncompressed(), null, "the uncompressed body dropped, as for a small page");
    const zipped = await ask("gzip");
    assert.ok(zipped.turned, "gzip made off the event loop");
    assert.equal(gunzipSync(Buffer.from(await zipped.answer.arrayBuffer())).toString(), large);
    assert.equal(page.encoded.gzip?.bytes.length, Number(zipped.answer.headers.get("content-length")));
    const plain = await ask("identity");
    assert.ok(plain.turned, "the uncompressed body restored off the event loop");
    assert.equal(await plain.answer.text(), large);
    assert.equal(plain.answer.headers.get("etag"), `"${page.etag}"`);
    const again = await ask("gzip");
    assert.equal(again.turned, false, "a form already made is answered at once");
    assert.equal(await again.answer.arrayBuffer().then((bytes) => bytes.byteLength), page.encoded.gzip!.bytes.length);
    assert.equal(pageCache.get(key), page, "one stored page throughout");
  });

  test("pages answered compressed take their compressed size in the cache", async () => {
    const cache = new PageCache(4 * body.length);
    const stored = Array.from({ length: 12 }, () => storeRepresentation({ status: 200, body, headers: {} }));
    stored.forEach((page, n) => {
      cache.set(`/docs/p${n}`, page);
      answerFrom(page, "GET", (name) => (name === "accept-encoding" ? "gzip" : undefined));
      cache.resize(`/docs/p${n}`, page);
    });
    assert.equal(cache.stats.entries, 12, "twelve pages in the room of four uncompressed");
    assert.ok(cache.stats.bytes < 4 * body.length);
  });

  test("the byte bound counts compressed forms as they are added", () => {
    const cache = new PageCache(1_000_000);
    const page = {
      status: 200,
      headers: [],
      body: new Uint8Array(1000),
      length: 1000,
      encoded: {},
      uses: 0,
      etag: "e",
    };
    cache.set("k", page);
    const before = cache.stats.bytes;
    Object.assign(page.encoded, { br: { bytes: new Uint8Array(300), best: false } });
    cache.resize("k", page);
    assert.equal(cache.stats.bytes, before + 300);
  });
});

describe("the render queue", () => {
  test("runs at most its concurrency at once, the rest in order, and refuses past its bound", async () => {
    const queue = new RenderQueue(2, 3);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const work = (n: number) => async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      order.push(n);
      return n;
    };
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => queue.run(work(n))));
    assert.equal(peak, 2);
    assert.deepEqual(results, [1, 2, 3, 4, 5, null]);
    assert.deepEqual(order.slice(2), [3, 4, 5]);
    assert.deepEqual(queue.stats, { running: 0, waiting: 0 });
  });

  test("a search runs on a later turn, in line with the renders, and is refused past the bound", async () => {
    const queue = new RenderQueue(1, 2);
    const order: string[] = [];
    const render = queue.run(async () => {
      order.push("render");
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    const searches = [1, 2, 3].map((n) => queue.later(() => (order.push(`search ${n}`), n)));
    // Even with a slot free, a search waits for the turn after the one it was asked in.
    const alone = new RenderQueue(1, 2).later(() => (order.push("alone"), "alone"));
    order.push("same turn");
    assert.deepEqual(await Promise.all([render, ...searches, alone]), [undefined, 1, 2, null, "alone"]);
    assert.deepEqual(order, ["render", "same turn", "alone", "search 1", "search 2"]);
    assert.deepEqual(queue.stats, { running: 0, waiting: 0 });
  });

  test("a failed search frees its slot", async () => {
    const queue = new RenderQueue(1, 5);
    await assert.rejects(queue.later(() => assert.fail("search failed")));
    assert.equal(await queue.later(() => "next"), "next");
  });

  test("a failed render frees its slot", async () => {
    const queue = new RenderQueue(1, 5);
    await assert.rejects(queue.run(async () => Promise.reject(new Error("render failed"))));
    assert.equal(await queue.run(async () => "next"), "next");
  });
});
