// buildApiReference on the real contract (spec/openapi.yaml) and on broken input.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import {
  ApiDocumentError,
  buildApiReference,
  operationAnchor,
  type ApiOperation,
  type ApiReference,
} from "../../app/api-reference/build/operations";

const source = readFileSync(new URL("../../spec/openapi.yaml", import.meta.url), "utf8");
const load = (): unknown => parse(source);
const raw = load() as {
  paths: Record<string, Record<string, unknown>>;
  tags: { name: string }[];
  info: { title: string; version: string };
};
const reference: ApiReference = buildApiReference(load());
const all: ApiOperation[] = reference.groups.flatMap((g) => g.operations);

function find(method: string, path: string): ApiOperation {
  const op = all.find((o) => o.method === method && o.path === path);
  assert.ok(op, `${method} ${path} not found`);
  return op;
}

function countOperations(): number {
  const methods = new Set(["get", "put", "post", "delete", "patch", "head", "options", "trace"]);
  return Object.values(raw.paths).reduce((n, item) => n + Object.keys(item).filter((k) => methods.has(k)).length, 0);
}

test("every operation of the file is in the reference, exactly once", () => {
  const expected = countOperations();
  assert.equal(expected, 52);
  assert.equal(reference.operationCount, expected);
  assert.equal(all.length, expected);
  assert.equal(new Set(all.map((o) => o.operationId)).size, expected);
  assert.equal(new Set(all.map((o) => o.anchor)).size, expected, "anchors must be unique");
});

test("title, version and server come from the document", () => {
  assert.equal(reference.title, "Smriti API");
  assert.equal(reference.version, "24.05.08");
  assert.match(reference.description, /Authorization: Bearer/);
  assert.deepEqual(
    reference.servers.map((s) => s.url),
    ["http://localhost:5001"],
  );
});

test("groups follow the order of the document's tags, operations the order of the file", () => {
  assert.deepEqual(
    reference.groups.map((g) => g.tag),
    raw.tags.map((t) => t.name),
  );
  for (const group of reference.groups) {
    assert.ok(group.description.length > 0, `${group.tag} has a description`);
    for (const op of group.operations) assert.equal(op.tag, group.tag);
  }
  const fileOrder: string[] = [];
  for (const [path, item] of Object.entries(raw.paths)) {
    for (const key of Object.keys(item)) {
      if (["get", "post", "put", "delete", "patch"].includes(key)) fileOrder.push(`${key.toUpperCase()} ${path}`);
    }
  }
  const library = reference.groups.find((g) => g.tag === "Library");
  assert.ok(library);
  const seen = library.operations.map((o) => `${o.method} ${o.path}`);
  assert.deepEqual(
    seen,
    fileOrder.filter((k) => seen.includes(k)),
  );
  assert.deepEqual(seen.slice(0, 3), ["GET /v1/favourites", "POST /v1/favourites", "DELETE /v1/favourites"]);
});

test("security kinds: open, bearer and basic", () => {
  assert.equal(find("POST", "/v1/auth/login").security, "none");
  assert.equal(find("POST", "/v1/auth/refresh").security, "none");
  assert.equal(find("GET", "/v1/sharing/{id}").security, "none");
  assert.equal(find("GET", "/version").security, "none");
  assert.equal(find("GET", "/v1/albums").security, "bearer");
  assert.equal(find("POST", "/v1/albums").security, "bearer");
  assert.equal(find("GET", "/v1/users").security, "basic");
  assert.equal(find("DELETE", "/v1/users/{id}").security, "basic");
});

test("anchors match RapiDoc's element ids", () => {
  assert.equal(find("GET", "/v1/albums").anchor, "get-/v1/albums");
  assert.equal(find("GET", "/v1/albums/{id}/mediaItems").anchor, "get-/v1/albums/-id-/mediaItems");
  assert.equal(find("PUT", "/v1/explore/people/{id}").anchor, "put-/v1/explore/people/-id-");
  assert.equal(operationAnchor("GET", "/a b?c=d&e#f:g"), "get-/a-b-c-d-e-f-g");
});

test("parameters: path and shared ones are merged, types and defaults are readable", () => {
  const albums = find("GET", "/v1/albums");
  const sort = albums.parameters.find((p) => p.name === "sort");
  assert.ok(sort);
  assert.equal(sort.in, "query");
  assert.equal(sort.default, "name");
  assert.deepEqual(sort.enum, ["name", "updatedAt"]);
  assert.equal(sort.type, "enum");
  const page = albums.parameters.find((p) => p.name === "page");
  assert.ok(page);
  assert.equal(page.type, "integer");
  assert.equal(page.default, "1");
  assert.equal(albums.parameters.find((p) => p.name === "limit")?.default, "15");

  const item = find("GET", "/v1/mediaItems/{id}");
  assert.deepEqual(
    item.parameters.map((p) => [p.name, p.in, p.type, p.required]),
    [["id", "path", "string (uuid)", true]],
  );
  assert.ok(item.parameters[0]?.description.length);

  const upload = find("POST", "/v1/mediaItems");
  assert.deepEqual(
    upload.parameters.filter((p) => p.in === "header").map((p) => p.name),
    [
      "X-Smriti-Upload-Type",
      "X-Smriti-Upload-Command",
      "X-Smriti-Upload-Chunk-Offset",
      "X-Smriti-Upload-Chunk-Session",
    ],
  );
  const q = find("GET", "/v1/search").parameters.find((p) => p.name === "q");
  assert.equal(q?.required, true);
});

test("$ref request bodies expand to their fields", () => {
  const add = find("POST", "/v1/favourites");
  assert.ok(add.requestBody);
  assert.equal(add.requestBody.contentType, "application/json");
  assert.equal(add.requestBody.required, true);
  assert.equal(add.requestBody.schemaName, "MediaItemsRequest");
  assert.deepEqual(
    add.requestBody.fields.map((f) => [f.name, f.type, f.required]),
    [["mediaItems", "array of string (uuid)", true]],
  );

  const login = find("POST", "/v1/auth/login").requestBody;
  assert.ok(login);
  assert.equal(login.schemaName, "AuthRequest");
  assert.deepEqual(
    login.fields.map((f) => f.name),
    ["username", "password"],
  );
  assert.ok(login.fields.every((f) => f.required));

  const user = find("POST", "/v1/users").requestBody;
  assert.ok(user);
  assert.deepEqual(
    user.fields.map((f) => f.name),
    ["name", "username", "password", "features"],
  );
  assert.match(user.fields.find((f) => f.name === "features")?.description ?? "", /JSON/);

  const upload = find("POST", "/v1/mediaItems").requestBody;
  assert.ok(upload);
  assert.equal(upload.contentType, "multipart/form-data");
  assert.equal(upload.schemaName, undefined);
  assert.deepEqual(
    upload.fields.map((f) => [f.name, f.type, f.required]),
    [["file", "string (binary)", true]],
  );

  assert.equal(find("GET", "/v1/albums").requestBody, undefined);
});

test("responses keep status order, shared responses are resolved", () => {
  const get = find("GET", "/v1/albums/{id}");
  assert.deepEqual(
    get.responses.map((r) => r.status),
    ["200", "400", "401", "403", "404", "500"],
  );
  assert.equal(get.responses[0]?.schemaName, "Album");
  const notFound = get.responses.find((r) => r.status === "404");
  assert.ok(notFound && notFound.description.length > 0 && notFound.schemaName === "Error");
  assert.equal(find("GET", "/v1/favourites").responses[0]?.schemaName, "array of MediaItem");
  assert.equal(find("POST", "/v1/auth/logout").responses[0]?.schemaName, undefined);
});

test("the seed's years-ago path is flagged deprecated, the routed one is not", () => {
  const legacy = find("GET", "/v1/yearsAgo/{monthDate}/mediaItems");
  assert.equal(legacy.deprecated, true);
  assert.equal(find("GET", "/v1/explore/yearsAgo/{monthDate}/mediaItems").deprecated, false);
  assert.equal(all.filter((o) => o.deprecated).length, 1);
});

test("the input document is not modified", () => {
  const doc = load();
  const before = JSON.stringify(doc);
  buildApiReference(doc);
  assert.equal(JSON.stringify(doc), before);
});

test("a document it cannot read throws a clear error", () => {
  const base = () => load() as Record<string, unknown>;
  const cases: [string, unknown, RegExp][] = [
    ["null", null, /expected an object/],
    ["a string", "openapi: 3.0.3", /expected an object/],
    ["Swagger 2", { ...base(), openapi: undefined, swagger: "2.0" }, /openapi: 3/],
    ["no info", { ...base(), info: undefined }, /info is missing/],
    ["no paths", { ...base(), paths: "none" }, /paths/],
    [
      "dangling $ref",
      {
        ...base(),
        paths: { "/x": { get: { operationId: "x", responses: { "200": { $ref: "#/components/responses/Nope" } } } } },
      },
      /unresolvable \$ref #\/components\/responses\/Nope/,
    ],
    [
      "external $ref",
      { ...base(), paths: { "/x": { get: { operationId: "x", responses: { "200": { $ref: "other.yaml#/x" } } } } } },
      /only local/,
    ],
    ["missing operationId", { ...base(), paths: { "/x": { get: { responses: {} } } } }, /GET \/x has no operationId/],
    ["operation not an object", { ...base(), paths: { "/x": { get: 42 } } }, /GET \/x is not an object/],
  ];
  for (const [name, doc, message] of cases) {
    assert.throws(
      () => buildApiReference(doc),
      (error: unknown) => error instanceof ApiDocumentError && message.test(error.message),
      name,
    );
  }
});
