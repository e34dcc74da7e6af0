// What the Next contract (spec/next/openapi.yaml, the main branch at 6b8b599)
// must say beyond 24.05.08, one test per change of product-facts.md section 9
// that reaches the API. The shared structure is checked for both contracts by
// spec-validate.test.ts and spec-calls.test.ts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadOpenApi } from "../support/openapi-doc";

const next = loadOpenApi("spec/next/openapi.yaml");
const current = loadOpenApi("spec/openapi.yaml");
const { deref } = next;
const schemas = deref(deref(next.doc.components).schemas);

function described(method: string, path: string): string {
  const o = next.operation(method, path);
  assert.ok(o, `${method} ${path} missing`);
  return `${String(o.op.summary)} ${String(o.op.description)}`;
}

test("Next is spec version 24.06.24 with a Jobs tag whose every call is gated by the jobs feature", () => {
  assert.equal(deref(next.doc.info).version, "24.06.24");
  const tags = (next.doc.tags as unknown[]).map(deref);
  assert.ok(tags.some((t) => t.name === "Jobs"));
  const jobs = next.operations().filter((o) => (o.op.tags as string[]).includes("Jobs"));
  assert.deepEqual(jobs.map((o) => `${o.method} ${o.path}`).sort(), [
    "get /v1/jobs",
    "get /v1/jobs/{id}",
    "post /v1/jobs",
    "put /v1/jobs/{id}",
  ]);
  for (const o of jobs) {
    assert.ok(Object.keys(deref(o.op.responses)).includes("403"), `${o.method} ${o.path} lists 403`);
    assert.match(String(o.op.description), /jobs feature/);
  }
  assert.ok("jobs" in deref(deref(schemas.Features).properties));
  assert.ok(!current.operations().some((o) => o.path.startsWith("/v1/jobs")), "24.05.08 has no jobs");
});

test("a job names its components and statuses exactly as the main branch does", () => {
  assert.deepEqual(deref(schemas.JobComponent).enum, [
    "METADATA",
    "PREVIEW_THUMBNAIL",
    "PLACES",
    "CLASSIFICATION",
    "FACES",
    "OCR",
    "SEARCH",
  ]);
  assert.deepEqual(deref(schemas.JobStatus).enum, ["SCHEDULED", "RUNNING", "PAUSED", "COMPLETED", "STOPPED"]);
  const job = deref(deref(schemas.Job).properties);
  assert.deepEqual(deref(job.status).enum, deref(schemas.JobStatus).enum);
  assert.match(String(deref(job.components).description), /[Cc]omma-separated/);
  assert.deepEqual(deref(schemas.JobRequest).required, ["components"]);
});

test("a second active job answers 409 job already exists", () => {
  const create = next.operation("post", "/v1/jobs");
  assert.ok(create);
  const conflict = deref(deref(create.op.responses)["409"]);
  const example = deref(deref(deref(conflict.content)["application/json"]).example);
  assert.equal(example.message, "job already exists");
  assert.match(String(create.op.description), /one active job/);
});

test("what the facts leave open about jobs is marked unverified", () => {
  for (const [method, path] of [
    ["get", "/v1/jobs"],
    ["post", "/v1/jobs"],
    ["put", "/v1/jobs/{id}"],
  ] as const) {
    assert.match(described(method, path), /unverified/, `${method} ${path}`);
  }
  assert.match(String(deref(schemas.Job).description), /unverified/);
});

test("the media item list defaults to READY items", () => {
  const text = described("get", "/v1/mediaItems");
  assert.match(text, /Changed since 24\.05\.08/);
  assert.match(text, /only\s+`READY` items/);
  assert.doesNotMatch(String(current.operation("get", "/v1/mediaItems")?.op.description), /Changed since/);
});

test("duplicates are checked per user and the upload picks its processing steps", () => {
  const text = described("post", "/v1/mediaItems");
  assert.match(text, /per user/);
  for (const pair of [
    /places needs `places`/,
    /classification needs `things`/,
    /OCR and search\s+need `explore`/,
    /faces needs `people`/,
  ]) {
    assert.match(text, pair);
  }
});

test("the full EXIF data (exif_data) is mentioned on the media item", () => {
  assert.match(String(deref(schemas.MediaItem).description), /`exif_data`/);
});

test("the introduction names the code it describes and lists the changes", () => {
  const text = String(deref(next.doc.info).description);
  assert.match(text, /main branch at commit `6b8b599`/);
  assert.match(text, /Changed since release 24\.05\.08/);
  assert.match(text, /unverified/);
});
