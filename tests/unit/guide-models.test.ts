// Guides link an API object's model (/api/models#Name) instead of keeping a
// second list of its fields that can drift from the contract: no line of
// prose or table in a guide names most of a model's fields, and the guides
// that describe an object link its model.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadOpenApi } from "../support/openapi-doc";

const root = fileURLToPath(new URL("../../", import.meta.url));
const TREES = [
  { content: "content/docs", spec: "spec/openapi.yaml" },
  { content: "content/next", spec: "spec/next/openapi.yaml" },
];
/** Objects whose guides used to list their fields, and the guide that must link each. */
const LINKED: Record<string, string> = {
  MediaItem: "user-guide/features/media-items.mdx",
  Album: "user-guide/features/albums.mdx",
  AlbumRequest: "user-guide/features/albums.mdx",
  Place: "user-guide/features/places.mdx",
  Thing: "user-guide/features/things.mdx",
  Person: "user-guide/features/people.mdx",
  User: "user-guide/features/users.mdx",
};

function mdxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return mdxFiles(path);
    return /\.mdx?$/.test(entry.name) ? [path] : [];
  });
}

/** The lines of a page outside fenced code (an example answer may show every field). */
function proseLines(text: string): string[] {
  let fenced = false;
  return text.split("\n").filter((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

for (const tree of TREES) {
  describe(tree.content, () => {
    const spec = loadOpenApi(tree.spec);
    const schemas = spec.deref(spec.deref(spec.doc.components).schemas);
    const fieldsOf = (name: string) => Object.keys(spec.deref(spec.deref(schemas[name]).properties ?? {}));

    test("the guides that describe an API object link its model", () => {
      for (const [model, guide] of Object.entries(LINKED)) {
        assert.ok(fieldsOf(model).length > 0, `${model} is a model of ${tree.spec}`);
        const text = readFileSync(join(root, tree.content, guide), "utf8");
        assert.ok(text.includes(`(/api/models#${model})`), `${guide} should link /api/models#${model}`);
      }
    });

    test("no user-guide line lists most of a model's fields", () => {
      const models = Object.keys(LINKED).filter((name) => fieldsOf(name).length >= 5);
      // The user guide; the developer guide's design document lists database columns, some named like fields.
      for (const file of mdxFiles(join(root, tree.content, "user-guide"))) {
        for (const line of proseLines(readFileSync(file, "utf8"))) {
          const named = new Set([...line.matchAll(/`([A-Za-z]+)`/g)].map((m) => m[1]));
          for (const model of models) {
            const fields = fieldsOf(model);
            const listed = fields.filter((field) => named.has(field));
            // Five or more and over half: a database table's columns or a few fields in a sentence stay allowed.
            assert.ok(
              listed.length < 5 || listed.length <= fields.length / 2,
              `${file} lists ${listed.length} of the ${fields.length} fields of ${model}: link /api/models#${model} instead`,
            );
          }
        }
      }
    });
  });
}
