import assert from "node:assert/strict";
import { test } from "node:test";
import { codeSegments, partSegments } from "../../app/lib/code-breaks";

test("a code value breaks after underscores, slashes, dots and bars, or only after the commas of a list", () => {
  assert.deepEqual(codeSegments("SMRITI_CACHE_TYPE"), ["SMRITI_", "CACHE_", "TYPE"]);
  // A pattern's alternatives.
  assert.deepEqual(codeSegments("^(0[1-9]|1[0-2])$"), ["^(0[1-9]|", "1[0-2])$"]);
  assert.deepEqual(codeSegments("/v1/albums/{id}"), ["/", "v1/", "albums/", "{id}"]);
  assert.deepEqual(codeSegments('{"a_b":"1","c.d":"2"}'), ['{"a_b":"1",', '"c.d":"2"}']);
  // Never after the last character, and a value without a point stays whole.
  assert.deepEqual(codeSegments("models/"), ["models/"]);
  assert.deepEqual(codeSegments("inmemory"), ["inmemory"]);
});

test("a highlighted value breaks at the points of the whole value, where a mark starts too", () => {
  // "/v1/explore/" then the mark "yearsAgo": the break before the mark is in the mark's part, as an empty first piece.
  assert.deepEqual(partSegments(["/v1/explore/", "yearsAgo", "/{monthDate}"], "value"), [
    ["/", "v1/", "explore/"],
    ["", "yearsAgo"],
    ["/", "{monthDate}"],
  ]);
});

test("words break only inside long ones, after their slashes, underscores and commas", () => {
  // An identifier that fits a line stays whole and moves to the next line as one.
  assert.deepEqual(partSegments(["Set (SMRITI_", "STORAGE", "_DISK_ROOT). First."], "words"), [
    ["Set (SMRITI_"],
    ["STORAGE"],
    ["_DISK_ROOT). First."],
  ]);
  // A long path or a bit of JSON gets break points, across the marks that cut it.
  assert.deepEqual(partSegments(["Use GET /v1/explore/", "yearsAgo", "/{monthDate}/mediaItems now."], "words"), [
    ["Use GET /", "v1/", "explore/"],
    ["", "yearsAgo"],
    ["/", "{monthDate}/", "mediaItems now."],
  ]);
  assert.deepEqual(partSegments(['-d \'{"name":"Aai","coverMediaItemId":"a3"}\''], "words"), [
    ['-d \'{"name":"Aai",', '"coverMediaItemId":"a3"}\''],
  ]);
  assert.deepEqual(partSegments(["plain words, with commas, and/or a slash."], "words"), [
    ["plain words, with commas, and/or a slash."],
  ]);
});
