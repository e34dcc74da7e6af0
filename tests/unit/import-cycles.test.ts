import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { test } from "node:test";
import ts from "typescript";

// No import circles in app/: each module's imports (value and type alike) form a graph without
// cycles, so domains can be read, tested and built apart. And build-time code stays apart from
// run-time code: what the server and the browser run never loads a module under a `build/` folder
// (app/content/build, app/api-reference/build, app/search/build), which only the build and the
// dev server's content worker run.

const root = join(import.meta.dirname, "../..");
const app = join(root, "app");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("~/")
    ? join(app, specifier.slice(2))
    : specifier.startsWith(".")
      ? resolve(dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/**
 * The modules a file imports. With `values`, only imports that load code at run time: static
 * imports and re-exports that are not `import type`, and `import("…")` calls (lazy loads count,
 * since they run too); without it, every import and re-export, types included.
 */
function importsOf(file: string, { values = false } = {}): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const typeOnly = ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly === true : node.isTypeOnly;
      if (!values || !typeOnly) specifiers.push(node.moduleSpecifier.text);
    }
    if (
      values &&
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers.map((specifier) => resolveImport(file, specifier)).filter((path): path is string => path !== null);
}

/** Every cycle found by a depth-first walk, each named by its files. */
export function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

test("the walk finds a cycle when there is one", () => {
  const graph = new Map([
    ["a", ["b"]],
    ["b", ["c"]],
    ["c", ["a"]],
    ["d", ["a"]],
  ]);
  assert.deepEqual(cycles(graph), [["a", "b", "c", "a"]]);
  assert.deepEqual(
    cycles(
      new Map([
        ["a", ["b"]],
        ["b", []],
      ]),
    ),
    [],
  );
});

test("no import circles in app/", () => {
  const files = sourceFiles(app);
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  assert.ok([...graph.values()].flat().length > 100, "the imports were read");
  const found = cycles(graph).map((cycle) => cycle.map((file) => relative(root, file)).join(" -> "));
  assert.deepEqual(found, []);
});

test("run-time code never loads build-time code", () => {
  const files = sourceFiles(app);
  const buildTime = (file: string) => relative(app, file).split("/").includes("build");
  assert.ok(files.filter(buildTime).length > 40, "the build-time folders were found");
  // What Remix serves and hydrates: the document, the entries and every route, plus the request guard.
  const entries = [
    ...files.filter((file) => /^(root\.tsx|entry\.(server|client)\.tsx|routes\/)/.test(relative(app, file))),
    join(root, "server/guard/index.ts"),
  ];
  const reached = new Set<string>();
  const from = new Map<string, string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.shift()!;
    if (reached.has(file)) continue;
    reached.add(file);
    for (const next of importsOf(file, { values: true })) {
      if (!from.has(next)) from.set(next, file);
      queue.push(next);
    }
  }
  assert.ok(reached.size > 100, "the run-time graph was walked");
  const chain = (file: string): string =>
    (from.has(file) ? `${chain(from.get(file)!)} -> ` : "") + relative(root, file);
  assert.deepEqual([...reached].filter(buildTime).map(chain), []);
});
