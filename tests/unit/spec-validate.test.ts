// Structural checks of every API contract (spec/openapi.yaml for 24.05.08,
// spec/next/openapi.yaml for Next): each must be a valid OpenAPI 3.0.3
// document, and every operation must carry the metadata the API reference
// page and its search index rely on.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import SwaggerParser from "@apidevtools/swagger-parser";
import { SPEC_VERSIONS } from "../fixtures/spec-calls";
import { isObj, loadOpenApi, type Obj, type Operation } from "../support/openapi-doc";

for (const version of SPEC_VERSIONS) {
  describe(`${version.name} (${version.file})`, () => {
    const spec = loadOpenApi(version.file);
    const { doc, deref } = spec;
    const ops = spec.operations();
    const label = (o: Operation) => `${o.method.toUpperCase()} ${o.path}`;
    const responses = (o: Operation): Obj => {
      assert.ok(isObj(o.op.responses), `${label(o)} has no responses`);
      return o.op.responses;
    };

    test("the document validates as OpenAPI with swagger-parser", async () => {
      // validate() dereferences in place, so hand it a fresh copy.
      const api = await SwaggerParser.validate(structuredClone(doc) as never);
      assert.ok(isObj(api.paths));
      assert.equal(Object.keys(api.paths).length, Object.keys(doc.paths as Obj).length);
      // Also through the file path, as a build step would call it.
      await SwaggerParser.validate(spec.file);
    });

    test("version, title, licence and server", () => {
      assert.equal(doc.openapi, "3.0.3");
      const info = deref(doc.info);
      assert.equal(info.version, version.version);
      assert.equal(info.title, "Smriti API");
      assert.equal(deref(info.license).name, "Apache-2.0");
      const description = String(info.description);
      for (const needle of [
        "Authorization: Bearer",
        "3600",
        "86400",
        "/v1/auth/refresh",
        "/v1/auth/logout",
        "`page`",
        "`limit`",
        "15",
        '{"message": "..."}',
        "403",
      ]) {
        assert.ok(description.includes(needle), `info.description should mention ${needle}`);
      }
      assert.ok(Array.isArray(doc.servers) && doc.servers.length === 1, "exactly one server");
      const server = deref(doc.servers[0]);
      assert.equal(server.url, "http://localhost:5001");
      assert.ok(typeof server.description === "string" && server.description.length > 0);
    });

    test("security schemes and the global default", () => {
      const schemes = deref(deref(doc.components).securitySchemes);
      assert.deepEqual(deref(schemes.bearerAuth), {
        ...deref(schemes.bearerAuth),
        type: "http",
        scheme: "bearer",
        bearerFormat: "JWT",
      });
      assert.equal(deref(schemes.basicAuth).type, "http");
      assert.equal(deref(schemes.basicAuth).scheme, "basic");
      assert.deepEqual(doc.security, [{ bearerAuth: [] }]);
    });

    test("every operation has exactly one declared tag, a summary, a description and a unique camelCase operationId", () => {
      assert.ok(ops.length > 0);
      const declared = (doc.tags as unknown[]).map((t) => String(deref(t).name));
      const used = new Set<string>();
      const ids = new Set<string>();
      for (const o of ops) {
        const tags = o.op.tags;
        assert.ok(Array.isArray(tags) && tags.length === 1, `${label(o)} must have exactly one tag`);
        const tag = String(tags[0]);
        assert.ok(declared.includes(tag), `${label(o)} uses undeclared tag ${tag}`);
        used.add(tag);
        assert.ok(typeof o.op.summary === "string" && o.op.summary.trim().length > 0, `${label(o)} needs a summary`);
        assert.ok(
          typeof o.op.description === "string" && o.op.description.trim().length > 20,
          `${label(o)} needs a description`,
        );
        const id = o.op.operationId;
        assert.ok(
          typeof id === "string" && /^[a-z][a-zA-Z0-9]*$/.test(id),
          `${label(o)} operationId must be camelCase`,
        );
        assert.ok(!ids.has(id), `duplicate operationId ${id}`);
        ids.add(id);
      }
      for (const tag of declared) {
        assert.ok(used.has(tag), `tag ${tag} is declared but no operation uses it`);
        const entry = (doc.tags as unknown[]).map(deref).find((t) => t.name === tag);
        assert.ok(
          entry && typeof entry.description === "string" && entry.description.length > 0,
          `tag ${tag} needs a description`,
        );
      }
    });

    test("every {id} path parameter is a required uuid string", () => {
      let checked = 0;
      for (const o of ops) {
        const templated = [...o.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
        for (const name of templated) {
          const param = o.params.find((p) => p.in === "path" && p.name === name);
          assert.ok(param, `${label(o)} does not declare path parameter ${String(name)}`);
          assert.equal(param.required, true, `${label(o)} path parameter ${String(name)} must be required`);
          if (name === "id") {
            const schema = deref(param.schema);
            assert.equal(schema.type, "string", `${label(o)} id must be a string`);
            assert.equal(schema.format, "uuid", `${label(o)} id must be a uuid`);
            checked += 1;
          }
        }
        for (const p of o.params.filter((q) => q.in === "path")) {
          assert.ok(templated.includes(String(p.name)), `${label(o)} declares unused path parameter ${String(p.name)}`);
        }
      }
      assert.ok(checked >= 20, `expected many id routes, checked ${checked}`);
    });

    test("monthDate is an MMDD string", () => {
      const withMonthDate = ops.filter((o) => o.path.includes("{monthDate}"));
      assert.equal(withMonthDate.length, 2);
      for (const o of withMonthDate) {
        const param = o.params.find((p) => p.name === "monthDate");
        assert.ok(param);
        const schema = deref(param.schema);
        assert.equal(schema.type, "string");
        const pattern = new RegExp(String(schema.pattern));
        for (const good of ["0914", "0101", "1231", "0229"]) assert.ok(pattern.test(good), `${good} should match`);
        for (const bad of ["914", "1314", "0900", "0932", "09-14", "abcd", "09145"])
          assert.ok(!pattern.test(bad), `${bad} should not match`);
        assert.equal(param.example, "0914");
        assert.match(String(param.description), /length|four characters/);
      }
    });

    test("every operation lists a 500 response, reads by id list 404", () => {
      for (const o of ops) {
        const codes = Object.keys(responses(o));
        assert.ok(codes.includes("500"), `${label(o)} must list 500`);
        assert.ok(
          codes.some((c) => /^2\d\d$/.test(c)),
          `${label(o)} must list a success status`,
        );
        // Only a read by id looks the record up; the other id routes answer 204
        // or an empty list for an unknown id, so a 404 there would be untrue.
        if (o.method === "get" && o.path.endsWith("{id}"))
          assert.ok(codes.includes("404"), `${label(o)} reads by id and must list 404`);
      }
    });

    test("401 is listed wherever credentials are checked, and not on open calls", () => {
      for (const o of ops) {
        // The deprecated seed path is not routed at all: only its 404 is real.
        if (o.op.deprecated === true) continue;
        const security = (o.op.security ?? doc.security) as unknown[];
        const codes = Object.keys(responses(o));
        if (security.length > 0) assert.ok(codes.includes("401"), `${label(o)} requires credentials and must list 401`);
        else assert.ok(!codes.includes("401"), `${label(o)} is open and must not list 401`);
      }
    });

    test("feature-gated calls list 403, ungated ones do not", () => {
      const gated = new RegExp(
        `^/v1/(${version.gatedPrefixes.join("|")})(/|$)|^/v1/mediaItems/\\{id\\}/(places|things|people|albums)$`,
      );
      for (const o of ops) {
        if (o.op.deprecated === true) continue;
        const has403 = Object.keys(responses(o)).includes("403");
        assert.equal(has403, gated.test(o.path), `${label(o)}: 403 ${gated.test(o.path) ? "missing" : "unexpected"}`);
      }
    });

    test("login, refresh and upload document their real failure codes", () => {
      const find = (method: string, path: string) => {
        const o = ops.find((x) => x.method === method && x.path === path);
        assert.ok(o, `${method} ${path} missing`);
        return o;
      };
      assert.deepEqual(Object.keys(responses(find("post", "/v1/auth/login"))).sort(), ["200", "400", "404", "500"]);
      assert.deepEqual(Object.keys(responses(find("post", "/v1/auth/refresh"))).sort(), ["200", "500"]);
      const upload = Object.keys(responses(find("post", "/v1/mediaItems")));
      for (const code of ["201", "204", "400", "401", "409", "500"])
        assert.ok(upload.includes(code), `upload must list ${code}`);
    });

    test("every entity of the seed specification has a response schema, with read-only ids", () => {
      const schemas = deref(deref(doc.components).schemas);
      const entities = [
        "MediaItem",
        "Album",
        "Place",
        "Thing",
        "Person",
        "User",
        "AuthResponse",
        "Version",
        "Features",
        "Disk",
        "UploadResponse",
        "Error",
      ];
      const requests = [
        "MediaItemRequest",
        "AlbumRequest",
        "PeopleRequest",
        "UserRequest",
        "MediaItemsRequest",
        "AuthRequest",
      ];
      for (const name of [...entities, ...requests]) assert.ok(isObj(schemas[name]), `schema ${name} missing`);
      for (const name of ["MediaItem", "Album", "Place", "Thing", "Person", "User"]) {
        const props = deref(deref(schemas[name]).properties);
        assert.equal(deref(props.id).readOnly, true, `${name}.id must be read-only`);
        assert.equal(deref(props.createdAt).readOnly, true, `${name}.createdAt must be read-only`);
      }
      const user = deref(deref(schemas.User).properties);
      assert.ok(!("password" in user), "User must never include password");
      const features = deref(deref(schemas.Features).properties);
      assert.deepEqual(Object.keys(features).sort(), [...version.features].sort());
      const item = deref(deref(schemas.MediaItem).properties);
      assert.ok(!("shared" in item), "the server returns no shared flag on media items");
      assert.deepEqual(deref(item.mediaItemType).enum, ["photo", "video", "unknown"]);
      assert.ok((deref(item.mediaItemCategory).enum as unknown[]).includes("timelapse"));
      const face = deref(deref(deref(schemas.Person).properties).coverMediaItemFace);
      assert.ok(isObj(deref(face.properties).thumbnail));
      const itemsRequest = deref(deref(deref(schemas.MediaItemsRequest).properties).mediaItems);
      assert.equal(itemsRequest.minItems, 1);
      assert.equal(deref(itemsRequest.items).format, "uuid");
      assert.ok("deleted" in deref(deref(schemas.MediaItemRequest).properties));
      assert.ok("features" in deref(deref(schemas.UserRequest).properties));
    });

    test("the seed's years-ago path is kept, deprecated, and points to the routed one", () => {
      const legacy = ops.find((o) => o.path === "/v1/yearsAgo/{monthDate}/mediaItems");
      const real = ops.find((o) => o.path === "/v1/explore/yearsAgo/{monthDate}/mediaItems");
      assert.ok(legacy && real);
      assert.equal(legacy.op.deprecated, true);
      assert.notEqual(real.op.deprecated, true);
      const text = `${String(legacy.op.summary)} ${String(legacy.op.description)}`;
      assert.match(text, /404/);
      assert.match(text, /\/v1\/explore\/yearsAgo\/\{monthDate\}\/mediaItems/);
      assert.ok(Object.keys(responses(legacy)).includes("404"));
    });
  });
}
