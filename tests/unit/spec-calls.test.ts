// Checks spec/openapi.yaml call by call against the call list of the original
// specification (tests/fixtures/spec-calls.ts), and the other way round: the
// contract may document nothing beyond that list except the named extras.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import {
  DOCUMENTED_EXTRAS,
  QUERY_DEFAULTS,
  SPEC_CALLS,
  type CallSecurity,
  type SpecCall,
} from "../fixtures/spec-calls";

type Obj = Record<string, unknown>;
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

function isObj(value: unknown): value is Obj {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const parsed: unknown = parse(readFileSync(new URL("../../spec/openapi.yaml", import.meta.url), "utf8"));
assert.ok(isObj(parsed), "spec/openapi.yaml must hold a YAML mapping");
const doc: Obj = parsed;

function deref(value: unknown): Obj {
  let current = value;
  for (let hops = 0; hops < 20; hops += 1) {
    if (!isObj(current)) throw new Error(`expected an object, got ${JSON.stringify(current)}`);
    const ref = current.$ref;
    if (typeof ref !== "string") return current;
    current = ref
      .replace(/^#\//, "")
      .split("/")
      .reduce<unknown>((node, key) => (isObj(node) ? node[key] : undefined), doc);
    if (current === undefined) throw new Error(`unresolvable reference ${ref}`);
  }
  throw new Error("reference chain too long");
}

const paths = deref(doc.paths);
const schemes = deref(deref(doc.components).securitySchemes);

function operation(call: { method: string; path: string }): Obj | undefined {
  const item = paths[call.path];
  if (!isObj(item)) return undefined;
  const op = deref(item)[call.method.toLowerCase()];
  return isObj(op) ? op : undefined;
}

function parameters(call: SpecCall, op: Obj): Obj[] {
  const item = deref(paths[call.path]);
  const shared = Array.isArray(item.parameters) ? item.parameters.map(deref) : [];
  const own = Array.isArray(op.parameters) ? op.parameters.map(deref) : [];
  return [...own, ...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in))];
}

function securityKind(op: Obj): CallSecurity {
  const requirements = op.security ?? doc.security;
  assert.ok(Array.isArray(requirements), "security must be a list");
  if (requirements.length === 0) return "none";
  assert.equal(requirements.length, 1, "one security requirement per operation");
  const names = Object.keys(deref(requirements[0]));
  assert.equal(names.length, 1, "one scheme per requirement");
  const scheme = deref(schemes[names[0] ?? ""]);
  assert.equal(scheme.type, "http");
  const kind = String(scheme.scheme).toLowerCase();
  assert.ok(kind === "bearer" || kind === "basic", `unexpected scheme ${kind}`);
  return kind;
}

const key = (c: { method: string; path: string }) => `${c.method.toUpperCase()} ${c.path}`;

test("the fixture transcribes section 7 once per call", () => {
  assert.equal(SPEC_CALLS.length, 48);
  assert.equal(new Set(SPEC_CALLS.map(key)).size, SPEC_CALLS.length, "duplicate calls in the fixture");
  const bySecurity = (s: CallSecurity) => SPEC_CALLS.filter((c) => c.security === s).length;
  assert.equal(bySecurity("none"), 7);
  assert.equal(bySecurity("basic"), 5);
  assert.equal(bySecurity("bearer"), 36);
});

describe("every call of section 7 is in the contract", () => {
  for (const call of SPEC_CALLS) {
    test(key(call), () => {
      const op = operation(call);
      assert.ok(op, `${key(call)} is missing from spec/openapi.yaml`);

      assert.equal(securityKind(op), call.security, "security scheme");

      const params = parameters(call, op);
      for (const name of call.pathParams) {
        const p = params.find((x) => x.in === "path" && x.name === name);
        assert.ok(p, `path parameter ${name} missing`);
        assert.equal(p.required, true, `path parameter ${name} must be required`);
      }
      for (const name of call.query) {
        const p = params.find((x) => x.in === "query" && x.name === name);
        assert.ok(p, `query parameter ${name} missing`);
        const expected = QUERY_DEFAULTS[name];
        if (expected !== undefined) {
          assert.equal(deref(p.schema).default, expected, `default of ${name}`);
        }
      }

      const body = op.requestBody === undefined ? undefined : deref(op.requestBody);
      if (call.body === undefined) {
        assert.equal(body, undefined, "this call takes no request body");
      } else {
        assert.ok(body, "request body missing");
        const content = deref(body.content);
        if (call.body === "multipart") {
          const schema = deref(deref(content["multipart/form-data"]).schema);
          const file = deref(deref(schema.properties).file);
          assert.equal(file.type, "string");
          assert.equal(file.format, "binary");
          assert.deepEqual(schema.required, ["file"]);
        } else {
          const media = deref(content["application/json"]);
          const schema = media.schema;
          assert.ok(isObj(schema) && typeof schema.$ref === "string", "body schema must be a named component");
          assert.equal(schema.$ref, `#/components/schemas/${call.body}`);
          deref(schema); // must resolve
        }
      }

      const responses = deref(op.responses);
      const successes = Object.keys(responses).filter((c) => /^2\d\d$/.test(c)).sort();
      assert.equal(successes[0], String(call.success), "success status");
    });
  }
});

test("query parameters named for the lists have the documented types", () => {
  const list = SPEC_CALLS.find((c) => c.method === "GET" && c.path === "/v1/mediaItems");
  assert.ok(list);
  const op = operation(list);
  assert.ok(op);
  const params = parameters(list, op);
  const schemaOf = (name: string) => {
    const p = params.find((x) => x.name === name && x.in === "query");
    assert.ok(p, name);
    return deref(p.schema);
  };
  assert.deepEqual(schemaOf("type").enum, ["photo", "video", "unknown"]);
  assert.deepEqual(schemaOf("category").enum, ["default", "screenshot", "panorama", "slow", "motion", "live", "timelapse"]);
  assert.deepEqual(schemaOf("status").enum, ["UNSPECIFIED", "PROCESSING", "READY", "FAILED"]);
  assert.equal(schemaOf("page").type, "integer");
  assert.equal(schemaOf("page").minimum, 1);
  assert.equal(schemaOf("limit").minimum, 1);

  const search = operation({ method: "GET", path: "/v1/search" });
  assert.ok(search);
  const q = (search.parameters as unknown[]).map(deref).find((p) => p.name === "q");
  assert.ok(q);
  assert.equal(q.required, true);
  assert.equal(deref(q.schema).minLength, 3);

  const albums = operation({ method: "GET", path: "/v1/albums" });
  assert.ok(albums);
  const albumParams = (albums.parameters as unknown[]).map(deref);
  const sort = albumParams.find((p) => p.name === "sort");
  assert.ok(sort);
  assert.match(String(sort.description), /last update/);
  assert.equal(deref(albumParams.find((p) => p.name === "shared")?.schema).type, "boolean");
});

test("the upload documents the resumable-upload headers", () => {
  const op = operation({ method: "POST", path: "/v1/mediaItems" });
  assert.ok(op);
  const headers = (op.parameters as unknown[]).map(deref).filter((p) => p.in === "header").map((p) => p.name);
  assert.deepEqual(headers, [
    "X-Smriti-Upload-Type",
    "X-Smriti-Upload-Command",
    "X-Smriti-Upload-Chunk-Offset",
    "X-Smriti-Upload-Chunk-Session",
  ]);
});

test("the documented extras exist", () => {
  for (const extra of DOCUMENTED_EXTRAS) {
    const op = operation(extra);
    assert.ok(op, `${key(extra)} missing`);
    assert.equal(securityKind(op), "bearer");
    assert.notEqual(op.deprecated, true, `${key(extra)} is a real call, not deprecated`);
  }
});

test("nothing undocumented: every operation is a section 7 call or a named extra", () => {
  const allowed = new Set([...SPEC_CALLS, ...DOCUMENTED_EXTRAS].map(key));
  const found: string[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      if (isObj(deref(item)[method])) found.push(key({ method, path }));
    }
  }
  const unexpected = found.filter((k) => !allowed.has(k));
  assert.deepEqual(unexpected, [], "operations outside the call list and the extras");
  assert.equal(found.length, SPEC_CALLS.length + DOCUMENTED_EXTRAS.length);
});
