// The build saves each version's search index without MiniSearch's add
// (app/search/build/saved-index.server.ts): what it saves must be what
// MiniSearch itself saves, byte for byte, terms in the same order. The real
// content's index, both ways, is compared in tests/integration/search-part-cache.test.ts.
//
//   node --import tsx --test tests/unit/saved-index.test.ts
import assert from "node:assert/strict";
import { test } from "node:test";
import MiniSearch from "minisearch";
import { savedIndex } from "../../app/search/build/saved-index.server";
import { INDEX_OPTIONS, type IndexedFields } from "../../app/search/index-options";

const blank: Omit<IndexedFields, "id"> = { title: "", heading: "", endpoint: "", description: "", text: "", code: "" };

/** MiniSearch's saved form of `documents`, as the build made it before. */
function miniSearchSaved(documents: IndexedFields[]): string {
  const index = new MiniSearch<IndexedFields>(INDEX_OPTIONS);
  index.addAll(documents);
  return JSON.stringify(index.toJSON());
}

test("the saved form is MiniSearch's, byte for byte, for awkward documents", () => {
  const documents: IndexedFields[] = [
    // Ids out of order, as MiniSearch allows: the short ids still count from 0.
    { ...blank, id: 7, title: "Albums", text: "An album holds photos. Albums hold albums? No: an album holds photos." },
    // A term that is a prefix of an earlier one, and one that extends it: the tree splits its edges.
    { ...blank, id: 2, title: "Album", heading: "Al", text: "album albumen alb al a" },
    // Only stop words, and empty fields: lengths of 0 in the averages.
    { ...blank, id: 40, text: "the and of to a", code: "" },
    // Compounds and paths beside their words; non-ASCII letters; the same term in several fields.
    {
      ...blank,
      id: 3,
      title: "Configuration",
      endpoint: "POST /v1/albums/{id}/assets",
      description: "Réglages and smriti.yaml",
      text: "Set SMRITI_UPLOAD_DIR in /etc/smriti/smriti.yaml; see x-request-id. Ünïcode café",
      code: "smriti --config /etc/smriti/smriti.yaml upload_dir",
    },
    { ...blank, id: 0, title: "Configuration", heading: "upload", text: "upload upload upload configuration" },
  ];
  assert.equal(JSON.stringify(savedIndex(documents)), miniSearchSaved(documents));
});

test("generated documents: the same saved form, terms in MiniSearch's order", () => {
  // A small vocabulary drawn in a fixed pseudo-random order gives many shared prefixes and repeats.
  const words = [
    "photo",
    "photos",
    "photograph",
    "ph",
    "album",
    "albums",
    "al",
    "upload",
    "uploader",
    "up",
    "face",
    "faces",
    "x-ray",
    "a.b.c",
    "v1",
    "v10",
    "v100",
    "2024",
    "über",
  ];
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  const text = (count: number) => Array.from({ length: count }, () => words[next() % words.length]).join(" ");
  const documents = Array.from({ length: 300 }, (_, id): IndexedFields => ({
    id,
    title: text(3),
    heading: text(2),
    endpoint: id % 7 === 0 ? "GET /v1/albums" : "",
    description: id % 5 === 0 ? text(6) : "",
    text: text(40),
    code: text(next() % 4),
  }));
  const saved = savedIndex(documents);
  assert.equal(JSON.stringify(saved), miniSearchSaved(documents));
  assert.ok(saved.index.length > words.length, "words and their compounds are terms");
});

test("no documents saves an empty index, as MiniSearch does", () => {
  assert.equal(JSON.stringify(savedIndex([])), miniSearchSaved([]));
});

test("two documents with one id are refused, as MiniSearch refuses them", () => {
  const twice: IndexedFields[] = [
    { ...blank, id: 1, text: "one" },
    { ...blank, id: 1, text: "two" },
  ];
  assert.throws(() => miniSearchSaved(twice), /duplicate ID 1/);
  assert.throws(() => savedIndex(twice), /two documents with the id 1/);
});
