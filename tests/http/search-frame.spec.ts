import { expect, test } from "@playwright/test";
import { SERVERS } from "../../playwright.config";
import { REPO_ROOT } from "../e2e/support/dockerfile";
import { EXTRA_PORTS } from "../e2e/support/ports";
import { rawRequest, type RawResponse } from "../e2e/support/raw-http";
import { startServer, type ServerProcess } from "../e2e/support/server";

// A search nobody made before is filled into the stored frame of its state
// (app/http/search-pages.server.ts). Each filled page is compared, byte for
// byte and header by header, with the same page rendered whole by a server of
// the same build without the request guard (so without the front cache that
// fills): it only ever renders through Remix, and searches on its main thread
// (SITE_SEARCH_THREAD=0) where the tested server searches in its search thread.
// Both are asked with the same Host, so absolute URLs match.

// One worker runs this file, in order: the reference server has one fixed
// port, and a second worker's own beforeAll (and afterAll) would fight over it.
test.describe.configure({ mode: "default" });

const HOST = `127.0.0.1:${SERVERS.main}`;
/** Headers of the connection and the moment, and the one that says how the page was made. */
const PER_ANSWER = new Set(["date", "connection", "keep-alive", "server-timing"]);

let reference: ServerProcess;

test.beforeAll(async () => {
  reference = await startServer({
    command: ["node", "node_modules/.bin/remix-serve", "build/index.js"],
    cwd: REPO_ROOT,
    port: EXTRA_PORTS.searchReference,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(EXTRA_PORTS.searchReference),
      SITE_CHECK_INPUTS: "1",
      SITE_SEARCH_THREAD: "0",
    },
  });
});

test.afterAll(async () => {
  await reference?.stop();
});

function get(origin: string, path: string, cookie: string): Promise<RawResponse> {
  return rawRequest(`${origin}${path}`, { headers: { Host: HOST, Accept: "text/html", Cookie: cookie } });
}

function comparable(response: RawResponse): Record<string, unknown> {
  return Object.fromEntries(Object.entries(response.headers).filter(([name]) => !PER_ANSWER.has(name)));
}

const QUERIES = [
  "docker compose",
  "<script>alert(1)</script>",
  `"quoted" it's & more`,
  "café 日本語 😀",
  "zzqqxx nothing matches this",
  "dokcer",
  "backup",
  "POST /v1/albums",
  "x".repeat(230),
];
/** Later pages of results, and one past the last: the page number is filled in with the rest. */
const PAGED = [
  ["server", "&page=2"],
  ["user", "&page=3"],
  ["server", "&page=9"],
] as const;

// Each state: the reader's cookies (a fresh announcement cookie makes it a state no test saw) and the scope.
const STATES = [
  { name: "light, current release", cookie: "", scope: "" },
  { name: "dark, current release", cookie: "theme=dark", scope: "" },
  { name: "Next only", cookie: "", scope: "&version=next" },
  { name: "every version, Next first, dark", cookie: "theme=dark", scope: "&version=all&first=next" },
];

test("the dialog's answers from the search thread are the main thread's", async () => {
  for (const scope of ["", "&version=next", "&version=all&first=next"])
    for (const query of QUERIES) {
      const path = `/search.json?q=${encodeURIComponent(query)}${scope}`;
      const fromThread = await get(origin(), path, "");
      const fromMain = await get(reference.origin, path, "");
      expect(fromThread.status, path).toBe(200);
      // The same JSON, escaped for a script where the thread wrote it: "<" as \u003c.
      expect(JSON.parse(fromThread.text), path).toEqual(JSON.parse(fromMain.text));
      expect(fromThread.text, path).not.toMatch(/[<>&]/);
      expect(fromThread.headers["content-type"], path).toBe(fromMain.headers["content-type"]);
      expect(fromThread.headers["cache-control"], path).toBe(fromMain.headers["cache-control"]);
    }
});

for (const state of STATES) {
  test(`${state.name}: each search filled into the frame is the page rendered whole`, async () => {
    const cookie = [state.cookie, `announcement-dismissed=state-${Date.now()}-${Math.random()}`]
      .filter(Boolean)
      .join("; ");
    // The state's first search too: its frame is made for it, then filled.
    for (const [query, page] of [...QUERIES.map((query) => [query, ""] as const), ...PAGED]) {
      const path = `/search?q=${encodeURIComponent(query)}${state.scope}${page}`;
      const filled = await get(origin(), path, cookie);
      const whole = await get(reference.origin, path, cookie);
      expect(filled.headers["server-timing"], path).toContain("search-frame");
      // Searched in the production server's search thread, not on its main thread.
      expect(filled.headers["server-timing"], path).toContain("search-thread");
      expect(whole.headers["server-timing"], path).toBeUndefined();
      expect(filled.status, path).toBe(whole.status);
      expect(filled.text, path).toBe(whole.text);
      expect(comparable(filled), path).toEqual(comparable(whole));
    }
    expect(reference.output()).toContain("searches run on the main thread (SITE_SEARCH_THREAD=0)");
  });
}

test("a burst of searches in a new state waits for one frame: none is rendered whole", async () => {
  const cookie = `announcement-dismissed=burst-${Date.now()}`;
  const paths = Array.from({ length: 40 }, (_, n) => `/search?q=${encodeURIComponent(`burst ${n} albums`)}`);
  const answers = await Promise.all(paths.map((path) => get(origin(), path, cookie)));
  const whole = paths.filter((_, n) => !answers[n]!.headers["server-timing"]?.includes("search-frame"));
  expect(answers.map((answer) => answer.status)).toEqual(paths.map(() => 200));
  expect(whole, "rendered whole rather than filled").toEqual([]);
  for (const [n, answer] of answers.entries()) expect(answer.text).toContain(`burst ${n} albums`);
});

test("a search whose cookies come in two headers is filled in the state they name together", async () => {
  const headers = ["Host", HOST, "Accept", "text/html", "Cookie", "theme=dark"];
  headers.push("Cookie", `announcement-dismissed=two-headers-${Date.now()}`);
  const path = "/search?q=albums";
  const filled = await rawRequest(`${origin()}${path}`, { headers });
  const whole = await rawRequest(`${reference.origin}${path}`, { headers });
  expect(filled.headers["server-timing"]).toContain("search-frame");
  expect(filled.text).toMatch(/<html[^>]* class="dark"/);
  expect(filled.text).toBe(whole.text);
});

function origin(): string {
  return `http://127.0.0.1:${SERVERS.main}`;
}

test("a filled page is stored: asked again, it is the same page with the same validator", async () => {
  const cookie = `announcement-dismissed=again-${Date.now()}`;
  const filled = await get(origin(), "/search?q=albums%20sharing", cookie);
  const again = await get(origin(), "/search?q=%20albums%20%20sharing", cookie);
  expect(filled.headers["server-timing"]).toContain("search-frame");
  expect(again.headers.etag).toBe(filled.headers.etag);
  expect(again.text).toBe(filled.text);
});
