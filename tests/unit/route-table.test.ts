import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { ROUTE_TABLE } from "../../app/route-table";

/**
 * The address a route file answers under Remix's flat routes convention
 * (remix.config.js keeps the default): "." separates segments, "[.]" is a
 * literal dot, "_index" is the index, a trailing "_" opts out of nesting,
 * "$name" is a parameter and "$" the rest. Null for a route with a parameter.
 */
function staticAddress(file: string): string | null {
  const name = file.replace(/\.tsx?$/, "");
  const segments = name
    // "[.]" escapes a literal dot, so only a dot outside brackets separates segments.
    .split(/(?<!\[)\.(?!\])/)
    .map((segment) => segment.replaceAll("[.]", ".").replace(/_$/, ""))
    .filter((segment) => segment !== "_index");
  if (segments.some((segment) => segment.startsWith("$"))) return null;
  return `/${segments.join("/")}`;
}

test("the route table lists exactly the app's routes without parameters", () => {
  const files = readdirSync(join(import.meta.dirname, "../../app/routes")).filter((name) => /\.tsx?$/.test(name));
  const fromFiles = files.map(staticAddress).filter((address): address is string => address !== null);
  assert.ok(fromFiles.includes("/sitemap.xml") && fromFiles.includes("/"), "the route files were read");
  const table = Object.values(ROUTE_TABLE).flat();
  assert.deepEqual(
    [...table].sort(),
    [...new Set(fromFiles)].sort(),
    "add the route to app/route-table.ts (or remove it there)",
  );
});

test("the convention is read as Remix reads it", () => {
  assert.equal(staticAddress("_index.tsx"), "/");
  assert.equal(staticAddress("api._index.tsx"), "/api");
  assert.equal(staticAddress("llms-full[.]txt.ts"), "/llms-full.txt");
  assert.equal(staticAddress("settings.theme.tsx"), "/settings/theme");
  assert.equal(staticAddress("$version.llms[.]txt.ts"), null);
  assert.equal(staticAddress("$.tsx"), null);
});
