import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes.js";
import { matchRoutes } from "@remix-run/react";
import { RouteManifest, type ManifestRoute } from "../../app/http/route-manifest.server";

/*
 * The page cache matches every request's path with Remix's matcher, but gives
 * it only the routes that can match the path's first segment
 * (app/http/route-manifest.server.ts). These check that the answer is always
 * the one Remix gives over all the routes: the app's real route table, read
 * from app/routes by Remix's own flat-routes convention, and a table with the
 * kinds of path it does not have yet.
 */

type Place = Omit<ManifestRoute, "module">;

/** The app's routes as Remix's build places them. */
function appRoutes(): Place[] {
  const found = flatRoutes(join(import.meta.dirname, "../../app"));
  return [
    { id: "root", path: "" },
    ...Object.values(found).map((route) => ({
      id: route.id,
      parentId: route.parentId,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    })),
  ];
}

type Tree = Parameters<typeof matchRoutes>[0];

function treeOf(places: Place[], parentId?: string): Tree {
  return places
    .filter((place) => place.parentId === parentId)
    .map((place) =>
      place.index
        ? { id: place.id, index: true, path: place.path, caseSensitive: place.caseSensitive }
        : { id: place.id, path: place.path, caseSensitive: place.caseSensitive, children: treeOf(places, place.id) },
    );
}

function manifestOf(places: Place[]): RouteManifest {
  const manifest = new RouteManifest();
  manifest.learn(Object.fromEntries(places.map((place) => [place.id, { ...place, module: {} }])));
  return manifest;
}

/** Paths each route answers, and near misses: other cases, trailing and doubled slashes, encoded letters. */
function pathsFor(places: Place[]): string[] {
  const samples = new Set(["", "/", "//", "/nope", "/nope/deeper/still", "/%", "/%zz/x", "/.", "/..", "/~"]);
  for (const place of places) {
    const path = (place.path ?? "")
      .split("/")
      .map((segment) => (segment === "*" ? "a/b" : segment.startsWith(":") ? "value" : segment.replace(/\?$/, "")))
      .join("/");
    for (const variant of [
      `/${path}`,
      `/${path}/`,
      `/${path.toUpperCase()}`,
      `//${path}`,
      `/${path}/extra`,
      `/${path}x`,
      `/${path.replace(/^(.)/, (first: string) => `%${first.charCodeAt(0).toString(16)}`)}`,
      `/${path.replace(/^([a-z])/, "%2F")}`,
    ])
      samples.add(variant);
  }
  return [...samples];
}

function assertSameAsRemix(places: Place[]): number {
  const manifest = manifestOf(places);
  const tree = treeOf(places);
  const paths = pathsFor(places);
  for (const path of paths) {
    const expected = matchRoutes(tree, path)?.map((match) => match.route.id) ?? null;
    assert.deepEqual(manifest.match(path), expected, path);
  }
  return paths.length;
}

test("the app's routes match every path as Remix matches them over all routes", () => {
  const places = appRoutes();
  assert.ok(places.length > 20, `read ${places.length} routes`);
  assert.ok(places.some((place) => place.path === "docs/*"));
  assert.ok(assertSameAsRemix(places) > 150);
});

test("parameters, optional segments, splats, layouts without a path and case-sensitive routes match as Remix matches them", () => {
  const places: Place[] = [
    { id: "root", path: "" },
    { id: "home", parentId: "root", index: true },
    { id: "lang", parentId: "root", path: ":lang?/guide" },
    { id: "guide", parentId: "root", path: "guide" },
    { id: "old", parentId: "root", path: "old?/page" },
    { id: "page", parentId: "root", path: "page" },
    { id: "layout", parentId: "root" },
    { id: "inside", parentId: "layout", path: "inside/:id" },
    { id: "exact", parentId: "root", path: "Exact", caseSensitive: true },
    { id: "exact-any", parentId: "root", path: "exact/:x" },
    { id: "files", parentId: "root", path: "files/*" },
    { id: "version", parentId: "root", path: ":version/llms.txt" },
    { id: "dotted", parentId: "root", path: "search.json" },
    { id: "all", parentId: "root", path: "*" },
  ];
  assertSameAsRemix(places);
  // And the cut changes nothing when there is no single root to cut under.
  assertSameAsRemix(places.filter((place) => place.id !== "root").map((place) => ({ ...place, parentId: undefined })));
});

test("a path's match is the same whether the cut or the whole tree answered it", () => {
  const manifest = manifestOf(appRoutes());
  assert.deepEqual(manifest.match("/docs/no-such/page"), ["root", "routes/docs.$"]);
  assert.deepEqual(manifest.match("/DOCS/no-such/page"), ["root", "routes/docs.$"]);
  assert.deepEqual(manifest.match("/%64ocs/no-such/page"), ["root", "routes/docs.$"]);
  assert.deepEqual(manifest.match("/v1.0/llms.txt"), ["root", "routes/$version.llms[.]txt"]);
  assert.deepEqual(manifest.match("/nothing/here"), ["root", "routes/$"]);
  assert.deepEqual(manifest.match("/"), ["root", "routes/_index"]);
});
