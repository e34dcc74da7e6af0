import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { LoaderFunction } from "@remix-run/node";
import { describe, test } from "node:test";
import { CACHE_OWN_INPUTS, EVERY_PAGE_INPUTS, UNCACHED_INPUTS } from "../../app/route-inputs";
import { pageAddress } from "../../app/lib/page-address";
import { requestKey } from "../../app/http/cached-response.server";
import { cookieValue } from "../../app/http/cookies.server";
import { checkedLoader, checkingInputs } from "../../app/http/input-check.server";
import { RouteManifest, routeManifest } from "../../app/http/route-manifest.server";
import { VERSION_COOKIE } from "../../app/lib/version-cookie";
import { APP_ROUTE_PLACES, declarationIn, manifestOf, routeDeclarations } from "../support/route-declarations";

/*
 * The static checks behind the routes' declared inputs (app/route-inputs.ts):
 * every route module declares what it reads, and every query parameter, header
 * and cookie the app's code reads by name is declared by a route, so that it is
 * part of the page cache's key (or read only where nothing is stored). Then the
 * run-time check (app/http/input-check.server.ts) and the key derived from the
 * declarations.
 */

const root = join(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Names read by literal: searchParams.get("q"), headers.get("accept"), header("host"), cookieValue(x, "theme"), createCookie("name"). */
export function readsIn(source: string): { query: string[]; headers: string[]; cookies: string[] } {
  const all = (pattern: RegExp) => [...source.matchAll(pattern)].map((match) => match[1]!.toLowerCase());
  return {
    query: all(/searchParams\.(?:get|getAll|has)\(\s*"([^"]+)"/g),
    // A Response's headers (Remix's answer, read by the entry) are no input of the request.
    headers: [...all(/(?<!\bresponse\.)headers\.(?:get|has)\(\s*"([^"]+)"/g), ...all(/\bheader\(\s*"([^"]+)"/g)],
    cookies: [
      ...all(/cookieValue\([^,()]*(?:\([^()]*\))?[^,()]*,\s*"([^"]+)"/g),
      ...all(/createCookie\(\s*"([^"]+)"/g),
    ],
  };
}

const declarations = routeDeclarations();
const routeInputs = [...declarations.values()].flatMap((declaration) =>
  "inputs" in declaration ? [declaration.inputs] : [],
);

test("every route module declares the inputs its answer depends on", () => {
  assert.ok(declarations.size >= 20, `the routes were found (${declarations.size})`);
  const missing = [...declarations].flatMap(([id, declaration]) =>
    "missing" in declaration ? [`${id}: ${declaration.missing}`] : [],
  );
  assert.deepEqual(missing, [], "export const handle: RouteHandle = { inputs: { … } } from the route module");
});

test("a new route without a declaration is caught", () => {
  assert.deepEqual(declarationIn(`export async function loader() { return null; }`), {
    missing: "no `export const handle = { inputs }`",
  });
  assert.deepEqual(declarationIn(`export const handle = { breadcrumb: "x" };`), {
    missing: "handle.inputs is not a literal list of names",
  });
  assert.deepEqual(declarationIn(`export const handle: RouteHandle = { inputs: { query: ["sort"] } };`), {
    inputs: { query: ["sort"] },
  });
  // At run time, a route that declares nothing is never shared by the page cache.
  const manifest = new RouteManifest();
  manifest.learn({
    root: { id: "root", path: "", module: { handle: { inputs: EVERY_PAGE_INPUTS } } },
    "routes/new": { id: "routes/new", parentId: "root", path: "new", module: {} },
  });
  assert.deepEqual(manifest.routesWithoutInputs, ["routes/new"]);
  assert.equal(manifest.inputsAt("/new"), null);
});

const declared = {
  query: new Set<string>([...routeInputs.flatMap((inputs) => inputs.query ?? []), ...CACHE_OWN_INPUTS.query]),
  headers: new Set<string>([...EVERY_PAGE_INPUTS.headers, ...UNCACHED_INPUTS.headers, ...CACHE_OWN_INPUTS.headers]),
  cookies: new Set<string>(routeInputs.flatMap((inputs) => inputs.cookies ?? [])),
};

test("every input the app reads by name is declared by a route", () => {
  const undeclared: string[] = [];
  let seen = 0;
  for (const file of [...sourceFiles(join(root, "app")), join(root, "app/lib/theme-cookie.ts")]) {
    const reads = readsIn(readFileSync(file, "utf8"));
    for (const kind of ["query", "headers", "cookies"] as const) {
      for (const name of reads[kind]) {
        seen += 1;
        if (!declared[kind].has(name)) undeclared.push(`${relative(root, file)} reads the ${kind} input "${name}"`);
      }
    }
  }
  assert.ok(seen >= 10, `the reads were found (${seen})`);
  assert.deepEqual(
    undeclared,
    [],
    "declare it in the handle.inputs of the route that reads it, so the page cache keys on it",
  );
});

test("the check sees a loader that starts reading something new", () => {
  const loader = `const url = new URL(request.url); url.searchParams.get("sort"); request.headers.get("Accept-Language"); cookieValue(request.headers.get("Cookie"), "sidebar-width"); response.headers.get("X-Remix-Response");`;
  const reads = readsIn(loader);
  assert.deepEqual(reads, { query: ["sort"], headers: ["accept-language", "cookie"], cookies: ["sidebar-width"] });
  assert.equal(declared.query.has("sort"), false);
  assert.equal(declared.headers.has("accept-language"), false);
  assert.equal(declared.cookies.has("sidebar-width"), false);
});

test("the cache key and the page's address follow the declarations", () => {
  routeManifest.learn(manifestOf(APP_ROUTE_PLACES));
  const addressOf = (pathname: string, search: string) =>
    pageAddress(pathname, search, routeManifest.inputsAt(pathname)?.query ?? []);
  // Declared parameters make an address; others do not.
  assert.equal(addressOf("/search", "?q=albums&utm_source=x"), "/search?q=albums");
  assert.equal(addressOf("/docs/x", "?q=albums"), "/docs/x");
  // Every declared cookie and header changes the key.
  const key = (headers: Record<string, string>) => requestKey("GET", "/docs/x", (name) => headers[name]);
  const base = key({ host: "a" });
  // (Each with a value it can hold: the remembered version counts only when it looks like a version id.)
  const values: Record<string, string> = { [VERSION_COOKIE]: "next" };
  for (const name of EVERY_PAGE_INPUTS.cookies)
    assert.notEqual(key({ host: "a", cookie: `${name}=${values[name] ?? "dark"}` }), base, name);
  assert.equal(
    key({ host: "a", cookie: `${VERSION_COOKIE}=<script>` }),
    base,
    "a made-up version makes no page of its own",
  );
  for (const name of ["host", "x-forwarded-host", "x-forwarded-proto"])
    assert.notEqual(key({ host: "a", [name]: "b" }), base, name);
  // An undeclared cookie or header does not.
  assert.equal(key({ host: "a", cookie: "other=1", "accept-language": "de" }), base);
});

test("an address spelt otherwise than its routes is given their spelling; parameters and the splat as they were", () => {
  const manifest = new RouteManifest();
  manifest.learn(manifestOf(APP_ROUTE_PLACES));
  const cases: [string, string | null][] = [
    ["/api/albums", null],
    ["/API/albums", "/api/albums"],
    ["/Api/Albums/", "/api/Albums/"],
    ["/API", "/api"],
    ["/Search", "/search"],
    ["/Docs/User-Guide/Installation", "/docs/User-Guide/Installation"],
    ["/NEXT/LLMS.txt", "/NEXT/llms.txt"],
    ["/Search.JSON", "/search.json"],
    // Nothing but the catch-all: no route's spelling to give.
    ["/Nothing/Here", null],
    ["/docs%2Fuser-guide%2FInstallation", null],
  ];
  for (const [pathname, spelled] of cases) assert.equal(manifest.spelledAsRoutes(pathname), spelled, pathname);
  const optional = new RouteManifest();
  optional.learn({
    root: { id: "root", path: "", module: {} },
    "routes/($lang).about": { id: "routes/($lang).about", parentId: "root", path: ":lang?/about", module: {} },
  });
  assert.equal(optional.spelledAsRoutes("/About"), null, "an optional segment: the segments may not line up");
});

test("a route's declaration reaches the key of every address it answers", () => {
  const manifest = new RouteManifest();
  manifest.learn({
    root: { id: "root", path: "", module: { handle: { inputs: EVERY_PAGE_INPUTS } } },
    "routes/gallery": {
      id: "routes/gallery",
      parentId: "root",
      path: "gallery/:album",
      module: { handle: { inputs: { query: ["sort"], cookies: ["grid"] } } },
    },
  });
  const inputs = manifest.inputsAt("/gallery/summer/");
  assert.deepEqual(inputs?.query, ["sort"]);
  assert.deepEqual(inputs?.cookies, [...EVERY_PAGE_INPUTS.cookies, "grid"]);
  assert.deepEqual(inputs?.headers, EVERY_PAGE_INPUTS.headers);
  assert.equal(manifest.inputsAt("/elsewhere"), null, "no route, nothing to share");
});

describe("the recording request (development and the test servers)", () => {
  const inputs = { query: ["q"], cookies: ["theme"], headers: ["host"] };
  const request = new Request("http://x/search?q=a&sort=b", { headers: { host: "x", cookie: "theme=dark; grid=1" } });
  const run = (loader: (request: Request) => unknown) =>
    checkedLoader(
      "routes/test",
      inputs,
      ({ request }) => loader(request) as ReturnType<LoaderFunction>,
    )({ request, params: {}, context: {} });

  test("is on outside production", () => assert.equal(checkingInputs, true));

  test("lets declared reads through, with their values", async () => {
    const read = await run((request) => [
      new URL(request.url).searchParams.get("q"),
      request.headers.get("Host"),
      cookieValue(request.headers.get("cookie"), "theme"),
      new URL(request.url).searchParams.has("_data"),
      request.headers.get("accept-encoding"),
    ]);
    assert.deepEqual(read, ["a", "x", "dark", false, null]);
  });

  for (const [what, loader, named] of [
    ["a query parameter", (request: Request) => new URL(request.url).searchParams.get("sort"), /query "sort"/],
    ["a header", (request: Request) => request.headers.get("Accept-Language"), /headers "accept-language"/],
    ["a cookie", (request: Request) => cookieValue(request.headers.get("cookie"), "grid"), /cookies "grid"/],
    [
      "anything, even when the loader then throws",
      (request: Request) => {
        new URL(request.url).searchParams.getAll("sort");
        throw new Response(null, { status: 404 });
      },
      /routes\/test read query "sort"/,
    ],
  ] as const) {
    test(`fails loudly on an undeclared read: ${what}`, async () => {
      await assert.rejects(Promise.resolve(run(loader)), named);
    });
  }

  test("records nothing outside a loader", () => {
    assert.equal(new URLSearchParams("sort=1").get("sort"), "1");
  });
});
