import assert from "node:assert/strict";
import { test } from "node:test";
import { compoundHolders, compoundTerms, versionsHolding } from "../../app/search/compound-holders";

test("a version's compound terms are its identifiers and paths, sorted, without plain words", () => {
  assert.deepEqual(
    compoundTerms(["upload", "smriti.yaml", "/v1/albums", "x-request-id", "smriti.yaml", "album", "2024"]),
    ["/v1/albums", "smriti.yaml", "x-request-id"],
  );
});

test("each identifier names the versions that hold it, in the record's order, as ranges", () => {
  const versions = Array.from({ length: 40 }, (_, n) => `v${n}`);
  const record = compoundHolders(
    versions.map((version, n) => ({
      version,
      compounds: [
        "smriti.yaml",
        ...(n < 3 ? ["job-queue"] : []),
        ...(n % 10 === 0 ? ["per-upload"] : []),
        ...(n >= 5 && n <= 7 ? ["re-run"] : []),
        ...(n === 39 ? ["old.conf"] : []),
      ],
    })),
  );
  assert.deepEqual(record.terms, ["job-queue", "old.conf", "per-upload", "re-run", "smriti.yaml"]);
  // Consecutive releases keep an identifier: one range each, however many versions.
  assert.deepEqual(record.holders, ["0-2", "39", "0,10,20,30", "5-7", "0-39"]);
  assert.deepEqual(versionsHolding(record, "smriti.yaml"), versions);
  assert.deepEqual(versionsHolding(record, "job-queue"), ["v0", "v1", "v2"]);
  assert.deepEqual(versionsHolding(record, "per-upload"), ["v0", "v10", "v20", "v30"]);
  assert.deepEqual(versionsHolding(record, "re-run"), ["v5", "v6", "v7"]);
  assert.deepEqual(versionsHolding(record, "old.conf"), ["v39"]);
  for (const missing of ["", "a.b", "job-queuf", "zzz.zz", "/v1/none"])
    assert.deepEqual(versionsHolding(record, missing), [], missing);
});

test("a site without identifiers has an empty record that holds nothing", () => {
  const record = compoundHolders([{ version: "next", compounds: [] }]);
  assert.deepEqual(record, { versions: ["next"], terms: [], holders: [] });
  assert.deepEqual(versionsHolding(record, "smriti.yaml"), []);
});
