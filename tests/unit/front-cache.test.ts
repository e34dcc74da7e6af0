import assert from "node:assert/strict";
import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { gunzipSync } from "node:zlib";
import { join } from "node:path";
import { after, describe, mock, test } from "node:test";
import { cachedResponse, pageCache, requestKey } from "../../app/http/cached-response.server";
import { LARGE_BODY_BYTES } from "../../app/http/compression.server";
import { registerFrontCache } from "../../app/http/front-cache.server";
import { FRONT_CACHE, type FrontCache } from "../../app/http/guard-contract";
import { routeManifest } from "../../app/http/route-manifest.server";
import { APP_ROUTE_PLACES, manifestOf } from "../support/route-declarations";

// What the server build hands the page cache at start: the routes, each with its declared inputs. Run in an
// empty folder, so that no compiled content there classes these made-up addresses as not found.
routeManifest.learn(manifestOf(APP_ROUTE_PLACES));
const emptyDir = mkdtempSync(join(tmpdir(), "front-cache-"));
process.chdir(emptyDir);
after(() => rmSync(emptyDir, { recursive: true, force: true }));

const headers = (values: Record<string, string>) => (name: string) => values[name];
/** For answers the front cache gives at once: it never hands them on later. */
const noPassing = () => assert.fail("a stored answer was handed on to the app");

describe("the request key", () => {
  const base = {
    host: "docs.example.org",
    cookie: "theme=abc; _ga=1; announcement-dismissed=wip",
    accept: "text/html",
  };
  const key = (values: Record<string, string>, target = "/docs/a", method = "GET") =>
    requestKey(method, target, headers(values));

  test("GET and HEAD share a key; other methods have none", () => {
    assert.equal(key(base, "/docs/a", "HEAD"), key(base));
    for (const method of ["POST", "PUT", "DELETE", "OPTIONS"]) assert.equal(key(base, "/docs/a", method), null);
  });

  test("changes with what changes a page", () => {
    const reference = key(base);
    for (const changed of [
      { ...base, host: "other.example.org" },
      { ...base, "x-forwarded-host": "docs.example.org" },
      { ...base, "x-forwarded-proto": "https" },
      { ...base, cookie: "theme=xyz; announcement-dismissed=wip" },
      { ...base, cookie: "theme=abc" },
      { ...base, accept: "text/markdown" },
    ]) {
      assert.notEqual(key(changed), reference, JSON.stringify(changed));
    }
    assert.notEqual(key(base, "/docs/b"), reference);
    assert.notEqual(key(base, "/search?q=docker"), key(base, "/search?q=compose"));
  });

  test("names the page, not the URL: parameters a page does not read are dropped", () => {
    const reference = key(base);
    for (const target of [
      "/docs/a?x=1",
      "/docs/a?utm_source=news&utm_medium=mail",
      "/docs/a?fbclid=abc123",
      "/docs/a?",
    ]) {
      assert.equal(key(base, target), reference, target);
    }
    assert.equal(key(base, "/search?q=docker&utm_source=x"), key(base, "/search?q=docker"));
  });

  test("/search keys on the query as the search reads it", () => {
    const reference = key(base, "/search?q=docker+compose");
    for (const target of [
      "/search?q=%20docker%20%20compose%20",
      "/search?ref=1&q=docker%09compose",
      "/search?q=docker%0Acompose&q=ignored",
    ]) {
      assert.equal(key(base, target), reference, target);
    }
    assert.notEqual(key(base, "/search"), reference);
    assert.equal(
      key(base, `/search?q=${"a".repeat(500)}`),
      key(base, `/search?q=${"a".repeat(200)}`),
      "cut at the length the search uses",
    );
  });

  test("Remix data requests are never looked up", () => {
    assert.equal(key(base, "/docs/a?_data=root"), null);
  });

  test("the raw request line and Remix's Request share a key", () => {
    // Remix re-serialises the query and the URL parser resolves dot segments.
    assert.equal(
      key(base, "/search.json?q=docker%20compose"),
      key(base, "http://docs.example.org/search.json?q=docker+compose"),
    );
    assert.equal(key(base, "/guide/../docs/a"), key(base, "http://docs.example.org/docs/a"));
    assert.notEqual(key(base, "/search.json?q=a%2Bb"), key(base, "/search.json?q=a+b"));
  });

  test("ignores what does not", () => {
    const reference = key(base);
    assert.equal(key({ ...base, cookie: "_ga=2; theme=abc; announcement-dismissed=wip; other=3" }), reference);
    assert.equal(
      key({ ...base, "user-agent": "Googlebot/2.1" }),
      reference,
      "no tracker configured: crawlers get the same page",
    );
    assert.equal(key({ ...base, "accept-encoding": "br", "if-none-match": '"x"' }), reference);
  });
});

// The key names its inputs, so a new input (a cookie, a header read by a
// loader) must be added to it: this reads the app's sources to catch one that was not.
describe("the request key covers every request input the app reads", () => {
  const appDir = new URL("../../app", import.meta.url).pathname;
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return /\.tsx?$/.test(entry.name) ? [readFileSync(path, "utf8")] : [];
    });
  const code = sources(appDir).join("\n");
  // Headers that never reach a stored answer: form posts and guard rejections are not stored,
  // and the key's own inputs are read through requestKey.
  const notStored = new Set(["content-type", "content-length", "cookie", "referer"]);
  // Chooses among a stored page's forms (its answers say Vary: Accept-Encoding), never which page.
  const choosesAForm = new Set(["accept-encoding"]);

  test("every header read by name varies the key or is listed as never stored", () => {
    // A Response's headers (Remix's answer, read by the entry) are no input of the request.
    const read = new Set(
      [...code.matchAll(/(?<!\bresponse\.)headers\.get\("([^"]+)"\)/g)].map((m) => m[1]!.toLowerCase()),
    );
    assert.ok(read.size >= 4, `found ${[...read]}`);
    const base = { host: "h", accept: "text/html" };
    for (const name of read) {
      if (notStored.has(name) || choosesAForm.has(name)) continue;
      const varied = {
        ...base,
        [name]: name === "accept" ? "text/markdown" : name === "user-agent" ? "Googlebot/2.1" : "other.example",
      };
      const changes = requestKey("GET", "/", headers(varied)) !== requestKey("GET", "/", headers(base));
      // The crawler flag only exists while analytics is configured.
      assert.ok(changes || name === "user-agent", `the app reads "${name}" but the request key ignores it`);
    }
  });

  test("every cookie the app defines varies the key", () => {
    const cookies = [...code.matchAll(/createCookie\("([^"]+)"|cookie: \{\s*name: "([^"]+)"|_COOKIE = "([^"]+)"/g)].map(
      (m) => m[1] ?? m[2] ?? m[3]!,
    );
    assert.ok(cookies.length >= 2, `found ${cookies}`);
    for (const name of cookies) {
      const base = requestKey("GET", "/", headers({ host: "h" }));
      assert.notEqual(
        requestKey("GET", "/", headers({ host: "h", cookie: `${name}=v` })),
        base,
        `cookie "${name}" is not in the key`,
      );
    }
  });
});

describe("answering from the request guard", () => {
  class FakeResponse extends EventEmitter {
    statusCode = 0;
    headers: Record<string, string> = {};
    body: Uint8Array | undefined;
    setHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    getHeader(name: string) {
      return this.headers[name.toLowerCase()];
    }
    writeHead(status: number) {
      this.statusCode = status;
    }
    end(body?: Uint8Array) {
      this.body = body;
    }
  }
  const request = (url: string, extra: Record<string, string> = {}) =>
    ({ method: "GET", url, headers: { host: "x", ...extra } }) as unknown as IncomingMessage;

  test("answers a stored page in the encoding asked for, 304 on its validator, and nothing else", async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    registerFrontCache();
    process.env.NODE_ENV = previous;
    const guard = (globalThis as Record<symbol, FrontCache>)[FRONT_CACHE]!;

    const stored = await cachedResponse(
      new Request("http://x/docs/front-cache-test", { headers: { host: "x" } }),
      async () => ({
        status: 200,
        body: "<p>stored</p>".repeat(100),
        headers: { "Content-Type": "text/html; charset=utf-8" },
      }),
    );
    assert.equal(stored.status, 200);

    const zipped = new FakeResponse();
    assert.equal(
      guard.answer(
        request("/docs/front-cache-test", { "accept-encoding": "gzip" }),
        zipped as unknown as ServerResponse,
        noPassing,
      ),
      true,
    );
    assert.equal(zipped.statusCode, 200);
    assert.equal(zipped.headers["content-encoding"], "gzip");
    assert.equal(zipped.headers["content-type"], "text/html; charset=utf-8");

    const revalidated = new FakeResponse();
    guard.answer(
      request("/docs/front-cache-test", { "if-none-match": zipped.headers.etag! }),
      revalidated as unknown as ServerResponse,
      noPassing,
    );
    assert.equal(revalidated.statusCode, 304);
    assert.equal(revalidated.body, undefined);

    assert.equal(
      guard.answer(request("/docs/never-stored"), new FakeResponse() as unknown as ServerResponse, noPassing),
      false,
    );
    assert.ok(pageCache.stats.entries >= 1);
  });

  test("a large stored body without the form a client needs goes on to the app, which makes it off the event loop", async () => {
    const guard = (globalThis as Record<symbol, FrontCache>)[FRONT_CACHE]!;
    const large = Array.from({ length: 12000 }, (_, i) => `<p>Line ${i}: ${(i * 104729).toString(36)}</p>`).join("");
    assert.ok(large.length >= LARGE_BODY_BYTES);
    const app = (encoding: string) =>
      cachedResponse(
        new Request("http://x/docs/front-cache-large", { headers: { host: "x", "accept-encoding": encoding } }),
        async () => ({
          status: 200,
          body: large,
          headers: { "Content-Type": "text/plain; charset=utf-8" },
        }),
      );
    const answer = (encoding: string) => {
      const response = new FakeResponse();
      const answered = guard.answer(
        request("/docs/front-cache-large", { "accept-encoding": encoding }),
        response as unknown as ServerResponse,
        noPassing,
      );
      return { answered, response };
    };
    await app("br");
    const br = answer("br");
    assert.equal(br.answered, true, "the form made for the first answer is answered from memory");
    assert.equal(br.response.headers["content-encoding"], "br");
    assert.equal(answer("gzip").answered, false, "no gzip form yet: the app makes it");
    assert.equal(answer("identity").answered, false, "no uncompressed body kept: the app restores it");
    await app("gzip");
    const gzip = answer("gzip");
    assert.equal(gzip.answered, true);
    assert.equal(gunzipSync(gzip.response.body!).toString(), large);
  });
});

describe("the front cache when answering fails", () => {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  registerFrontCache();
  process.env.NODE_ENV = previous;
  const guard = (globalThis as Record<symbol, FrontCache>)[FRONT_CACHE]!;
  const request = (url: string) =>
    ({ method: "GET", url, headers: { host: "x", "accept-encoding": "gzip" } }) as unknown as IncomingMessage;

  /** A response whose socket fails at `failAt`, remembering what was set. */
  function failingResponse(failAt: "writeHead" | "end", headersSent: boolean) {
    const headers = new Map<string, unknown>();
    return {
      headersSent,
      destroyed: false,
      statusCode: 200,
      setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), value),
      getHeader: (name: string) => headers.get(name.toLowerCase()),
      getHeaderNames: () => [...headers.keys()],
      removeHeader: (name: string) => headers.delete(name.toLowerCase()),
      writeHead() {
        if (failAt === "writeHead") throw new Error("socket failed at writeHead");
      },
      end() {
        if (failAt === "end") throw new Error("socket failed at end");
      },
      destroy() {
        this.destroyed = true;
      },
      headers,
    };
  }

  test("before anything was sent: false (the app answers instead), no header left behind, logged once with the address", async () => {
    await cachedResponse(new Request("http://x/docs/failing-answer", { headers: { host: "x" } }), async () => ({
      status: 200,
      body: "<p>page</p>",
      headers: { "X-Page": "1" },
    }));
    const errors = mock.method(console, "error", () => {});
    try {
      for (let i = 0; i < 3; i += 1) {
        const response = failingResponse("writeHead", false);
        assert.equal(
          guard.answer(request("/docs/failing-answer"), response as unknown as ServerResponse, noPassing),
          false,
        );
        assert.deepEqual(response.getHeaderNames(), []);
      }
      assert.equal(errors.mock.callCount(), 1);
      assert.match(String(errors.mock.calls[0]!.arguments[0]), /\/docs\/failing-answer/);
    } finally {
      errors.mock.restore();
    }
  });

  test("after the headers went out: the connection is ended, and the request counts as answered", async () => {
    await cachedResponse(new Request("http://x/docs/failing-midway", { headers: { host: "x" } }), async () => ({
      status: 200,
      body: "<p>page</p>",
      headers: {},
    }));
    const errors = mock.method(console, "error", () => {});
    try {
      const response = failingResponse("end", true);
      assert.equal(
        guard.answer(request("/docs/failing-midway"), response as unknown as ServerResponse, noPassing),
        true,
      );
      assert.equal(response.destroyed, true);
    } finally {
      errors.mock.restore();
    }
  });
});
