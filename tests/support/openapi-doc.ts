// Reads one of the API contracts (spec/openapi.yaml, spec/next/openapi.yaml)
// for the contract tests, which run the same checks over every version.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

export type Obj = Record<string, unknown>;
export const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

export function isObj(value: unknown): value is Obj {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export interface Operation {
  method: string;
  path: string;
  op: Obj;
  /** Own parameters first, then the path item's shared ones that the operation does not override. */
  params: Obj[];
}

export interface OpenApiDoc {
  /** Absolute path of the YAML file. */
  file: string;
  doc: Obj;
  /** Follows local `#/...` references (repeatedly) and returns the target object. */
  deref(value: unknown): Obj;
  operations(): Operation[];
  operation(method: string, path: string): Operation | undefined;
}

/** Loads a contract by its path from the repository root, e.g. "spec/next/openapi.yaml". */
export function loadOpenApi(repoPath: string): OpenApiDoc {
  const file = fileURLToPath(new URL(`../../${repoPath}`, import.meta.url));
  const parsed: unknown = parse(readFileSync(file, "utf8"));
  assert.ok(isObj(parsed), `${repoPath} must hold a YAML mapping`);
  const doc = parsed;

  function deref(value: unknown): Obj {
    let current = value;
    for (let hops = 0; hops < 20; hops += 1) {
      if (!isObj(current)) throw new Error(`expected an object, got ${JSON.stringify(current)}`);
      const ref = current.$ref;
      if (typeof ref !== "string") return current;
      assert.ok(ref.startsWith("#/"), `only local references are expected: ${ref}`);
      current = ref
        .slice(2)
        .split("/")
        .reduce<unknown>((node, key) => (isObj(node) ? node[key] : undefined), doc);
      if (current === undefined) throw new Error(`unresolvable reference ${ref}`);
    }
    throw new Error("reference chain too long");
  }

  function operations(): Operation[] {
    const paths = doc.paths;
    assert.ok(isObj(paths), `${repoPath}: paths must be a mapping`);
    const out: Operation[] = [];
    for (const [path, rawItem] of Object.entries(paths)) {
      const item = deref(rawItem);
      const shared = Array.isArray(item.parameters) ? item.parameters.map(deref) : [];
      for (const method of METHODS) {
        const op = item[method];
        if (!isObj(op)) continue;
        const own = Array.isArray(op.parameters) ? op.parameters.map(deref) : [];
        const ownKeys = new Set(own.map((p) => `${String(p.in)}:${String(p.name)}`));
        out.push({
          method,
          path,
          op,
          params: [...own, ...shared.filter((p) => !ownKeys.has(`${String(p.in)}:${String(p.name)}`))],
        });
      }
    }
    return out;
  }

  const operation = (method: string, path: string) =>
    operations().find((o) => o.method === method.toLowerCase() && o.path === path);

  return { file, doc, deref, operations, operation };
}
