import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, test } from "node:test";
import ts from "typescript";

/*
 * The import rules that keep a first docs visit at a handful of scripts
 * (docs/decisions/021-one-shared-chunk.md). tests/e2e/budgets.spec.ts counts
 * the requests of a real build; these checks name the file and the import
 * that would add one.
 */

const root = join(import.meta.dirname, "../..");
const app = join(root, "app");

interface ImportOf {
  specifier: string;
  /** False for `import type` and for imports whose every name is a type. */
  value: boolean;
}

function importsOf(file: string): ImportOf[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: ImportOf[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const named =
        clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly =
        Boolean(clause?.isTypeOnly) ||
        (clause !== undefined && !clause.name && named !== undefined && named.every((element) => element.isTypeOnly));
      found.push({ specifier: statement.moduleSpecifier.text, value: !typeOnly });
    }
    if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      found.push({ specifier: statement.moduleSpecifier.text, value: !statement.isTypeOnly });
    }
  }
  return found;
}

/** Whether the module has code the browser runs: a component, meta, links or an error boundary. */
function hasBrowserCode(file: string): boolean {
  return /export (default|const meta|const links|function ErrorBoundary|function Layout|\{[^}]*\bdefault\b)/.test(
    readFileSync(file, "utf8"),
  );
}

const routeFiles = readdirSync(join(app, "routes"))
  .filter((name) => /\.tsx?$/.test(name))
  .map((name) => join(app, "routes", name));
const routeModules = [join(app, "root.tsx"), ...routeFiles];
const kitModules = importsOf(join(app, "page-kit.ts")).map((entry) => entry.specifier);
const rel = (file: string) => relative(root, file);

describe("route modules and the shared chunk", () => {
  test("the page kit lists the shared modules", () => {
    assert.ok(kitModules.length >= 10, `app/page-kit.ts re-exports ${kitModules.length} modules`);
    assert.ok(kitModules.includes("~/components/layout/Main"));
  });

  test("no server module (nor @remix-run/node) is imported by two modules with browser code", () => {
    // Each becomes an empty stand-in in the browser build; one shared by two routes is a chunk of its own.
    const importers = new Map<string, string[]>();
    for (const file of routeModules.filter(hasBrowserCode)) {
      for (const entry of importsOf(file)) {
        if (!entry.value || !(/\.server$/.test(entry.specifier) || entry.specifier.startsWith("@remix-run/node")))
          continue;
        importers.set(entry.specifier, [...(importers.get(entry.specifier) ?? []), rel(file)]);
      }
    }
    // Routes that only re-export another route's module (./api._index) import nothing of their own.
    const ownModules = routeModules
      .filter(hasBrowserCode)
      .filter((file) => !importsOf(file).every((entry) => entry.specifier.startsWith("./")));
    assert.ok(importers.size >= ownModules.length - 1, "the route modules were read");
    const shared = [...importers]
      .filter(([, files]) => new Set(files).size > 1)
      .map(([specifier, files]) => `${specifier}: ${files.join(", ")}`);
    assert.deepEqual(shared, [], "give each route its own module in app/route-loaders/");
  });

  for (const file of routeFiles.filter(hasBrowserCode)) {
    test(`${rel(file)}: shared browser code comes from ~/page-kit`, () => {
      const direct = importsOf(file)
        .filter((entry) => entry.value && kitModules.includes(entry.specifier))
        .map((entry) => entry.specifier);
      assert.deepEqual(direct, [], `${rel(file)} imports ${direct.join(", ")} directly: import it from ~/page-kit`);
    });
  }

  // Dynamic imports are entry points of their own: they must take the kit too.
  for (const file of [
    "app/root.tsx",
    "app/components/search/SearchDialog.tsx",
    "app/components/layout/StatusPages.tsx",
  ]) {
    test(`${file} imports ~/page-kit`, () => {
      assert.ok(importsOf(join(root, file)).some((entry) => entry.value && entry.specifier === "~/page-kit"));
    });
  }
});
