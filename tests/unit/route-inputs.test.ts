import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { CACHE_OWN_INPUTS, EVERY_PAGE_INPUTS, ROUTE_INPUTS, UNCACHED_INPUTS } from "../../app/route-inputs";
import { pageAddress } from "../../app/lib/page-address";
import { requestKey } from "../../app/http/cached-response.server";
import { VERSION_COOKIE } from "../../app/lib/version-cookie";

/*
 * The static check behind app/route-inputs.ts: every query parameter, header
 * and cookie the app's code reads by name must be declared there, so that it
 * is part of the page cache's key (or read only where nothing is stored).
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
    headers: [...all(/headers\.(?:get|has)\(\s*"([^"]+)"/g), ...all(/\bheader\(\s*"([^"]+)"/g)],
    cookies: [
      ...all(/cookieValue\([^,()]*(?:\([^()]*\))?[^,()]*,\s*"([^"]+)"/g),
      ...all(/createCookie\(\s*"([^"]+)"/g),
    ],
  };
}

const declared = {
  query: new Set<string>([
    ...Object.values(ROUTE_INPUTS).flatMap((inputs) => inputs.query ?? []),
    ...CACHE_OWN_INPUTS.query,
  ]),
  headers: new Set<string>([...EVERY_PAGE_INPUTS.headers, ...UNCACHED_INPUTS.headers, ...CACHE_OWN_INPUTS.headers]),
  cookies: new Set<string>(EVERY_PAGE_INPUTS.cookies),
};

test("every input the app reads by name is declared in app/route-inputs.ts", () => {
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
  assert.deepEqual(undeclared, [], "declare it in app/route-inputs.ts so the page cache keys on it");
});

test("the check sees a loader that starts reading something new", () => {
  const loader = `const url = new URL(request.url); url.searchParams.get("sort"); request.headers.get("Accept-Language"); cookieValue(request.headers.get("Cookie"), "sidebar-width");`;
  const reads = readsIn(loader);
  assert.deepEqual(reads, { query: ["sort"], headers: ["accept-language", "cookie"], cookies: ["sidebar-width"] });
  assert.equal(declared.query.has("sort"), false);
  assert.equal(declared.headers.has("accept-language"), false);
  assert.equal(declared.cookies.has("sidebar-width"), false);
});

test("the cache key and the page's address follow the declarations", () => {
  // Declared parameters make an address; others do not.
  assert.equal(pageAddress("/search", "?q=albums&utm_source=x"), "/search?q=albums");
  assert.equal(pageAddress("/docs/x", "?q=albums"), "/docs/x");
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
