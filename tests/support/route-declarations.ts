import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { EVERY_PAGE_INPUTS, type RouteInputs } from "../../app/route-inputs";
import type { ManifestRoute } from "../../app/http/route-manifest.server";

/*
 * The routes' own declarations (`export const handle = { inputs }`), read from
 * their source with the TypeScript parser, so that the unit tests check and use
 * what the route modules say without importing them (they pull in React, MDX
 * and the API explorer). Remix's build reads the same exports at run time.
 */

const app = join(import.meta.dirname, "../../app");

/** What a route module declares: its inputs, or a reason it declares none. */
export type Declaration = { inputs: RouteInputs } | { missing: string };

function stringList(node: ts.Expression): string[] | null {
  if (!ts.isArrayLiteralExpression(node)) return null;
  const names = node.elements.map((element) => (ts.isStringLiteral(element) ? element.text : null));
  return names.every((name) => name !== null) ? (names as string[]) : null;
}

function inputsOf(node: ts.Expression): RouteInputs | null {
  if (ts.isIdentifier(node) && node.text === "EVERY_PAGE_INPUTS") return EVERY_PAGE_INPUTS;
  if (!ts.isObjectLiteralExpression(node)) return null;
  const inputs: Record<string, string[]> = {};
  for (const property of node.properties) {
    if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) return null;
    const names = stringList(property.initializer);
    if (!names || !["query", "cookies", "headers"].includes(property.name.text)) return null;
    inputs[property.name.text] = names;
  }
  return inputs;
}

/** The declaration in one route module's source. */
export function declarationIn(source: string): Declaration {
  const file = ts.createSourceFile("route.tsx", source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  for (const statement of file.statements) {
    // A route that is another route's page under a second address re-exports that route's handle.
    if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause) &&
      statement.exportClause.elements.some((element) => element.name.text === "handle") &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    )
      return { missing: `re-export:${statement.moduleSpecifier.text}` };
    if (!ts.isVariableStatement(statement)) continue;
    if (!statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== "handle") continue;
      const handle = declaration.initializer;
      if (!handle || !ts.isObjectLiteralExpression(handle)) return { missing: "handle is not an object literal" };
      const property = handle.properties.find(
        (entry) => ts.isPropertyAssignment(entry) && ts.isIdentifier(entry.name) && entry.name.text === "inputs",
      );
      const inputs = property && ts.isPropertyAssignment(property) ? inputsOf(property.initializer) : null;
      return inputs ? { inputs } : { missing: "handle.inputs is not a literal list of names" };
    }
  }
  return { missing: "no `export const handle = { inputs }`" };
}

/** The Remix route id of each module under app/routes (flat routes: the file name without its extension). */
export function routeDeclarations(): Map<string, Declaration> {
  const read = (file: string) => readFileSync(join(app, file), "utf8");
  const found = new Map<string, Declaration>([["root", declarationIn(read("root.tsx"))]]);
  const files = readdirSync(join(app, "routes")).filter((name) => /\.tsx?$/.test(name));
  for (const file of files) found.set(`routes/${file.replace(/\.tsx?$/, "")}`, declarationIn(read(`routes/${file}`)));
  // Follow re-exported handles to the route that declares them.
  for (const [id, declaration] of found) {
    if (!("missing" in declaration) || !declaration.missing.startsWith("re-export:")) continue;
    const target = `routes/${declaration.missing.slice("re-export:".length).replace(/^\.\//, "")}`;
    found.set(id, found.get(target) ?? { missing: `re-exports the handle of ${target}, which is not a route` });
  }
  return found;
}

/**
 * A manifest of the given routes (id → place) with each route's real
 * declaration as its handle: what the server build hands the page cache.
 */
export function manifestOf(places: Record<string, Omit<ManifestRoute, "module">>): Record<string, ManifestRoute> {
  const declarations = routeDeclarations();
  return Object.fromEntries(
    Object.entries(places).map(([id, place]) => {
      const declaration = declarations.get(id);
      if (!declaration || "missing" in declaration) throw new Error(`no declaration for ${id}`);
      return [id, { ...place, module: { handle: { inputs: declaration.inputs } } }];
    }),
  );
}

/** The app's routes as Remix's manifest places them (a subset is enough for the unit tests). */
export const APP_ROUTE_PLACES: Record<string, Omit<ManifestRoute, "module">> = {
  root: { id: "root", path: "" },
  "routes/_index": { id: "routes/_index", parentId: "root", index: true },
  "routes/api._index": { id: "routes/api._index", parentId: "root", path: "api", index: true },
  "routes/api.$first": { id: "routes/api.$first", parentId: "root", path: "api/:first" },
  "routes/api.$first_.$tag": { id: "routes/api.$first_.$tag", parentId: "root", path: "api/:first/:tag" },
  "routes/search": { id: "routes/search", parentId: "root", path: "search" },
  "routes/search[.]json": { id: "routes/search[.]json", parentId: "root", path: "search.json" },
  "routes/llms[.]txt": { id: "routes/llms[.]txt", parentId: "root", path: "llms.txt" },
  "routes/docs.$": { id: "routes/docs.$", parentId: "root", path: "docs/*" },
  "routes/$version.llms[.]txt": { id: "routes/$version.llms[.]txt", parentId: "root", path: ":version/llms.txt" },
  "routes/$": { id: "routes/$", parentId: "root", path: "*" },
};
