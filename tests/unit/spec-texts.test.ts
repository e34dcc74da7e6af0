// The texts a client author reads call by call, in every API contract: a path
// parameter says what it identifies, and a 400 or 404 says when this call
// answers it. A shared text is allowed only through a response component
// named below, where the behaviour really is the same.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { SPEC_VERSIONS } from "../fixtures/spec-calls";
import { isObj, loadOpenApi, type Obj, type Operation } from "../support/openapi-doc";

/** What a path segment names, as the parameter after it must say. */
const RESOURCE_OF_SEGMENT: Record<string, string> = {
  mediaItems: "media item",
  albums: "album",
  places: "place",
  things: "thing",
  people: "person",
  users: "user",
  sharing: "shared album",
  jobs: "job",
  yearsAgo: "month and day",
};
const RESOURCES = Object.values(RESOURCE_OF_SEGMENT);

/** Response components several calls may share, because the behaviour is the same for each. */
const SHARED_ERROR_TEXTS = new Set(["#/components/responses/InvalidMediaItemList"]);

/** The feature switch(es) a gated path depends on, as its 403 must name them. */
function switchesFor(path: string): string[] | undefined {
  const upper = (m: RegExpExecArray) => String(m[1]).toUpperCase();
  const ofItem = /^\/v1\/mediaItems\/\{id\}\/(places|things|people|albums)$/.exec(path);
  if (ofItem) return [upper(ofItem)];
  if (path.startsWith("/v1/explore/yearsAgo/")) return ["EXPLORE"];
  const explore = /^\/v1\/explore\/(places|things|people)/.exec(path);
  if (explore) return ["EXPLORE", upper(explore)];
  const top = /^\/v1\/(favourites|hidden|trash|albums|sharing|jobs)/.exec(path);
  return top ? [upper(top)] : undefined;
}

for (const version of SPEC_VERSIONS) {
  describe(`${version.name} (${version.file})`, () => {
    const spec = loadOpenApi(version.file);
    const { deref } = spec;
    const ops = spec.operations();
    const label = (o: Operation) => `${o.method.toUpperCase()} ${o.path}`;
    const responsesOf = (o: Operation): Obj => {
      assert.ok(isObj(o.op.responses), `${label(o)} has no responses`);
      return o.op.responses;
    };

    test("every path parameter names the resource of the segment before it, and no other", () => {
      let checked = 0;
      for (const o of ops) {
        for (const p of o.params.filter((q) => q.in === "path")) {
          const segments = o.path.split("/");
          const at = segments.indexOf(`{${String(p.name)}}`);
          const owner = segments[at - 1] ?? "";
          const resource = RESOURCE_OF_SEGMENT[owner];
          assert.ok(resource, `${label(o)}: no resource known for the segment "${owner}"`);
          const description = String(p.description ?? "").toLowerCase();
          assert.ok(
            description.includes(resource),
            `${label(o)} {${String(p.name)}} should name the ${resource}: "${description}"`,
          );
          for (const other of RESOURCES.filter(
            (r) => r !== resource && !resource.includes(r) && !r.includes(resource),
          )) {
            assert.ok(
              !new RegExp(`\\b${other}`).test(description),
              `${label(o)} {${String(p.name)}} names "${other}" too: "${description}"`,
            );
          }
          checked += 1;
        }
      }
      assert.ok(checked >= 25, `expected many path parameters, checked ${checked}`);
    });

    for (const status of ["400", "404"]) {
      test(`no two calls share a ${status} text unless through a shared component`, () => {
        const byText = new Map<string, string[]>();
        for (const o of ops) {
          const raw = responsesOf(o)[status];
          if (raw === undefined) continue;
          const ref = isObj(raw) && typeof raw.$ref === "string" ? raw.$ref : undefined;
          if (ref !== undefined && SHARED_ERROR_TEXTS.has(ref)) continue;
          const text = String(deref(raw).description ?? "").trim();
          assert.ok(text.length > 0, `${label(o)} ${status} has no description`);
          byText.set(text, [...(byText.get(text) ?? []), label(o)]);
        }
        const shared = [...byText.entries()].filter(([, calls]) => calls.length > 1);
        assert.deepEqual(shared, [], `${status} descriptions used by several calls`);
        assert.ok(byText.size >= 5, `expected many ${status} texts, found ${byText.size}`);
      });
    }

    test("a 400 on an id route says which id; a 404 on a read by id gives its not-found message", () => {
      for (const o of ops) {
        const responses = responsesOf(o);
        const example = (status: string) => {
          const media = deref(deref(responses[status]).content)["application/json"];
          return String(deref(deref(media).example).message ?? "");
        };
        if (responses["400"] !== undefined && o.path.includes("{id}")) {
          const text = String(deref(responses["400"]).description).toLowerCase();
          const owner = o.path.split("/")[o.path.split("/").indexOf("{id}") - 1] ?? "";
          const resource = RESOURCE_OF_SEGMENT[owner] ?? "?";
          assert.match(
            text,
            new RegExp(`${resource}.*not a uuid|not a uuid.*${resource}`),
            `${label(o)} 400: "${text}"`,
          );
          assert.ok(example("400").startsWith("invalid "), `${label(o)} 400 example: ${example("400")}`);
        }
        if (o.method === "get" && o.path.endsWith("{id}") && o.op.deprecated !== true) {
          assert.match(example("404"), /^[a-z ]+ not found$/, `${label(o)} 404 example`);
        }
      }
    });

    test("each 403 names the feature switches of its call", () => {
      for (const o of ops) {
        const raw = responsesOf(o)["403"];
        if (raw === undefined) continue;
        const switches = switchesFor(o.path);
        assert.ok(switches, `${label(o)} lists 403 but no gate is known for it`);
        const text = String(deref(raw).description);
        for (const name of switches)
          assert.ok(
            text.includes(`SMRITI_FEATURE_${name}`),
            `${label(o)} 403 should name SMRITI_FEATURE_${name}: "${text}"`,
          );
      }
    });

    test("the user calls' 401 is about the administrator's credentials, the others' about the token", () => {
      for (const o of ops) {
        const raw = responsesOf(o)["401"];
        if (raw === undefined) continue;
        const text = String(deref(raw).description);
        if (o.path.startsWith("/v1/users")) assert.match(text, /administrator/, label(o));
        else assert.match(text, /token/, label(o));
      }
    });
  });
}
