// Checks each API contract call by call against its call list
// (tests/fixtures/spec-calls.ts): for 24.05.08 the call list of the original
// specification, for Next the same plus the Jobs calls. And the other way
// round: a contract may document nothing beyond its list except the named extras.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  JOBS_CALLS,
  QUERY_DEFAULTS,
  SPEC_CALLS,
  SPEC_VERSIONS,
  type CallSecurity,
  type SpecCall,
} from "../fixtures/spec-calls";
import { isObj, loadOpenApi, METHODS, type Obj } from "../support/openapi-doc";

const key = (c: { method: string; path: string }) => `${c.method.toUpperCase()} ${c.path}`;

test("the fixture transcribes section 7 once per call", () => {
  assert.equal(SPEC_CALLS.length, 48);
  assert.equal(new Set(SPEC_CALLS.map(key)).size, SPEC_CALLS.length, "duplicate calls in the fixture");
  const bySecurity = (s: CallSecurity) => SPEC_CALLS.filter((c) => c.security === s).length;
  assert.equal(bySecurity("none"), 7);
  assert.equal(bySecurity("basic"), 5);
  assert.equal(bySecurity("bearer"), 36);
});

test("the Next call list is the 24.05.08 list plus the four Jobs calls", () => {
  assert.deepEqual(JOBS_CALLS.map(key), ["GET /v1/jobs", "POST /v1/jobs", "GET /v1/jobs/{id}", "PUT /v1/jobs/{id}"]);
  const next = SPEC_VERSIONS.find((v) => v.name === "Next");
  assert.ok(next);
  assert.equal(new Set(next.calls.map(key)).size, SPEC_CALLS.length + JOBS_CALLS.length);
});

for (const version of SPEC_VERSIONS) {
  describe(`${version.name} (${version.file})`, () => {
    const spec = loadOpenApi(version.file);
    const { deref } = spec;
    const paths = deref(spec.doc.paths);
    const schemes = deref(deref(spec.doc.components).securitySchemes);

    const operation = (call: { method: string; path: string }): Obj | undefined =>
      spec.operation(call.method, call.path)?.op;

    function parameters(call: SpecCall): Obj[] {
      return spec.operation(call.method, call.path)?.params ?? [];
    }

    function securityKind(op: Obj): CallSecurity {
      const requirements = op.security ?? spec.doc.security;
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

    describe("every call of the call list is in the contract", () => {
      for (const call of version.calls) {
        test(key(call), () => {
          const op = operation(call);
          assert.ok(op, `${key(call)} is missing from ${version.file}`);

          assert.equal(securityKind(op), call.security, "security scheme");

          const params = parameters(call);
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
          const successes = Object.keys(responses)
            .filter((c) => /^2\d\d$/.test(c))
            .sort();
          assert.equal(successes[0], String(call.success), "success status");
        });
      }
    });

    test("query parameters named for the lists have the documented types", () => {
      const list = version.calls.find((c) => c.method === "GET" && c.path === "/v1/mediaItems");
      assert.ok(list);
      const params = parameters(list);
      const schemaOf = (name: string) => {
        const p = params.find((x) => x.name === name && x.in === "query");
        assert.ok(p, name);
        return deref(p.schema);
      };
      assert.deepEqual(schemaOf("type").enum, ["photo", "video", "unknown"]);
      assert.deepEqual(schemaOf("category").enum, [
        "default",
        "screenshot",
        "panorama",
        "slow",
        "motion",
        "live",
        "timelapse",
      ]);
      assert.deepEqual(schemaOf("status").enum, ["UNSPECIFIED", "PROCESSING", "READY", "FAILED"]);
      assert.equal(schemaOf("page").type, "integer");
      assert.equal(schemaOf("page").minimum, 1);
      assert.equal(schemaOf("limit").minimum, 1);

      const q = parameters({ ...list, path: "/v1/search" }).find((p) => p.name === "q");
      assert.ok(q);
      assert.equal(q.required, true);
      assert.equal(deref(q.schema).minLength, 3);

      const albumParams = parameters({ ...list, path: "/v1/albums" });
      const sort = albumParams.find((p) => p.name === "sort");
      assert.ok(sort);
      assert.match(String(sort.description), /last update/);
      assert.equal(deref(albumParams.find((p) => p.name === "shared")?.schema).type, "boolean");
    });

    test("the upload documents the resumable-upload headers", () => {
      const op = operation({ method: "POST", path: "/v1/mediaItems" });
      assert.ok(op);
      const headers = (op.parameters as unknown[])
        .map(deref)
        .filter((p) => p.in === "header")
        .map((p) => p.name);
      assert.deepEqual(headers, [
        "X-Smriti-Upload-Type",
        "X-Smriti-Upload-Command",
        "X-Smriti-Upload-Chunk-Offset",
        "X-Smriti-Upload-Chunk-Session",
      ]);
    });

    test("the documented extras exist", () => {
      for (const extra of version.extras) {
        const op = operation(extra);
        assert.ok(op, `${key(extra)} missing`);
        assert.equal(securityKind(op), "bearer");
        assert.notEqual(op.deprecated, true, `${key(extra)} is a real call, not deprecated`);
      }
    });

    test("nothing undocumented: every operation is a listed call or a named extra", () => {
      const allowed = new Set([...version.calls, ...version.extras].map(key));
      const found: string[] = [];
      for (const [path, item] of Object.entries(paths)) {
        for (const method of METHODS) {
          if (isObj(deref(item)[method])) found.push(key({ method, path }));
        }
      }
      const unexpected = found.filter((k) => !allowed.has(k));
      assert.deepEqual(unexpected, [], "operations outside the call list and the extras");
      assert.equal(found.length, version.calls.length + version.extras.length);
    });
  });
}
