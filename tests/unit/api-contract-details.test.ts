// The parts of the contract beyond fields and types that the reference must
// carry (constraints, write-only and nullable values, body descriptions, the
// spec's introduction and credentials), and examples and code that agree
// with the spec and with themselves: on both versions' real specs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { valueConstraints } from "../../app/api-reference/build/constraints";
import type { ApiField } from "../../app/api-reference/build/fields";
import { buildApiReference, type ApiOperation, type ApiReference } from "../../app/api-reference/build/operations";
import { codeSamples } from "../../app/api-reference/build/samples";

const referenceOf = (file: string): ApiReference =>
  buildApiReference(parse(readFileSync(new URL(`../../spec/${file}`, import.meta.url), "utf8")));
const current = referenceOf("openapi.yaml");
const next = referenceOf("next/openapi.yaml");
const versions = [
  ["24.05.08", current],
  ["next", next],
] as const;

function operation(reference: ApiReference, method: string, path: string): ApiOperation {
  const found = reference.groups
    .flatMap((group) => group.operations)
    .find((o) => o.method === method && o.path === path);
  assert.ok(found, `${method} ${path}`);
  return found;
}
const field = (fields: ApiField[] | undefined, name: string) => {
  const found = fields?.find((f) => f.name === name);
  assert.ok(found, name);
  return found;
};
const model = (reference: ApiReference, name: string) => {
  const found = reference.models.find((m) => m.name === name);
  assert.ok(found, name);
  return found;
};

test("constraints read as a reader checks a value", () => {
  assert.deepEqual(valueConstraints({ type: "string", minLength: 4, maxLength: 4, pattern: "^[0-9]+$" }), [
    "exactly 4 characters",
    "matches `^[0-9]+$`",
  ]);
  assert.deepEqual(valueConstraints({ type: "integer", minimum: 1 }), ["at least 1"]);
  assert.deepEqual(valueConstraints({ type: "integer", minimum: 0 }), ["at least 0"]);
  assert.deepEqual(valueConstraints({ type: "integer", minimum: 1, maximum: 100 }), ["from 1 to 100"]);
  assert.deepEqual(valueConstraints({ type: "number", minimum: 0, exclusiveMinimum: true }), ["more than 0"]);
  assert.deepEqual(valueConstraints({ type: "number", exclusiveMaximum: 10 }), ["less than 10"]);
  assert.deepEqual(valueConstraints({ type: "string", maxLength: 1 }), ["at most 1 character"]);
  assert.deepEqual(
    valueConstraints({ type: "array", minItems: 1, uniqueItems: true, items: { type: "string", minLength: 2 } }),
    ["at least 1 item", "no item twice", "each item at least 2 characters"],
  );
  assert.deepEqual(valueConstraints({ type: "object", minProperties: 1 }), ["at least 1 field"]);
  // A backtick in a pattern keeps its code span whole.
  assert.deepEqual(valueConstraints({ type: "string", pattern: "a`b" }), ["matches ``a`b``"]);
  assert.deepEqual(valueConstraints({ type: "string" }), []);
});

for (const [version, reference] of versions) {
  test(`${version}: parameters carry the spec's pattern, lengths, minimums and own examples`, () => {
    const memories = operation(reference, "GET", "/v1/explore/yearsAgo/{monthDate}/mediaItems");
    const monthDate = field(memories.parameters, "monthDate");
    assert.deepEqual(monthDate.constraints, [
      "exactly 4 characters",
      "matches `^(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])$`",
    ]);
    assert.equal(monthDate.example, "0914");
    const albums = operation(reference, "GET", "/v1/albums");
    for (const name of ["page", "limit"]) assert.deepEqual(field(albums.parameters, name).constraints, ["at least 1"]);
    const upload = operation(reference, "POST", "/v1/mediaItems");
    assert.deepEqual(field(upload.parameters, "X-Smriti-Upload-Chunk-Offset").constraints, ["at least 0"]);
  });

  test(`${version}: bodies carry their description, "at least one" rules, null and write-only values`, () => {
    const favourite = operation(reference, "POST", "/v1/favourites");
    assert.equal(favourite.requestBody?.description, "The media items to act on.");
    assert.deepEqual(field(favourite.requestBody?.fields, "mediaItems").constraints, ["at least 1 item"]);
    const update = operation(reference, "PUT", "/v1/albums/{id}");
    assert.deepEqual(update.requestBody?.constraints, ["at least 1 field"]);
    assert.deepEqual(model(reference, "AlbumRequest").constraints, ["at least 1 field"]);
    const disk = operation(reference, "GET", "/disk").responses.find((r) => r.status === "200");
    assert.equal(disk?.nullable, true);
    assert.equal(model(reference, "Disk").nullable, true);
    const create = operation(reference, "POST", "/v1/users");
    assert.equal(field(create.requestBody?.fields, "password").writeOnly, true);
    assert.equal(field(model(reference, "UserRequest").fields, "password").writeOnly, true);
    // Never in a response, so never marked there.
    for (const response of create.responses) assert.ok(!response.fields?.some((f) => f.name === "password"));
  });

  test(`${version}: the overview carries the spec's introduction, credentials, servers and license`, () => {
    assert.match(reference.description, /no total count and no pagination header/);
    const schemes = Object.fromEntries(reference.securitySchemes.map((s) => [s.name, s]));
    assert.equal(schemes.bearerAuth?.kind, "HTTP bearer (JWT)");
    assert.match(schemes.bearerAuth?.description ?? "", /HS256/);
    assert.equal(schemes.basicAuth?.kind, "HTTP basic");
    assert.match(schemes.basicAuth?.description ?? "", /smritiT3st!/);
    assert.deepEqual(reference.license, {
      name: "Apache-2.0",
      url: "https://www.apache.org/licenses/LICENSE-2.0",
    });
  });

  test(`${version}: a model made of another through allOf lists the calls of both`, () => {
    const used = model(reference, "MediaItem").usedBy.map((use) => `${use.method} ${use.path}`);
    assert.ok(used.includes("GET /v1/explore/yearsAgo/{monthDate}/mediaItems"), used.join("\n"));
    assert.ok(used.includes("GET /v1/yearsAgo/{monthDate}/mediaItems"));
    assert.ok(used.includes("GET /v1/mediaItems/{id}"));
  });

  test(`${version}: every model with fields has an example, the spec's own where it has one`, () => {
    for (const entry of reference.models) {
      if (entry.fields.length) assert.ok(entry.example, entry.name);
    }
    assert.equal(JSON.parse(model(reference, "Album").example!).name, "Kerala 2023");
    const request = JSON.parse(model(reference, "UserRequest").example!) as Record<string, unknown>;
    assert.ok("password" in request, "a request model's example has its write-only fields");
  });

  test(`${version}: made examples agree with themselves and with the spec's`, () => {
    const examples = reference.groups
      .flatMap((group) => group.operations)
      .flatMap((o) => o.responses.map((r) => r.example))
      .filter((example): example is string => example !== undefined)
      .map((example) => JSON.parse(example) as unknown);
    const spec = JSON.parse(model(reference, "MediaItem").example!) as { id: string; userId: string };
    let covers = 0;
    const visit = (value: unknown, owner: string) => {
      if (Array.isArray(value)) return value.forEach((item) => visit(item, owner));
      if (typeof value !== "object" || value === null) return;
      const object = value as Record<string, unknown>;
      const cover = object.coverMediaItem as { id?: string; userId?: string } | undefined;
      if (cover && typeof object.coverMediaItemId === "string") {
        covers += 1;
        assert.equal(object.coverMediaItemId, cover.id, `${owner}: coverMediaItemId is the embedded item's id`);
      }
      if (cover && typeof object.userId === "string")
        assert.equal(object.userId, cover.userId, `${owner}: one owner for the item and its cover`);
      if (typeof object.userId === "string") assert.equal(object.userId, spec.userId, `${owner}: the spec's user`);
      for (const [key, inner] of Object.entries(object)) visit(inner, key);
    };
    examples.forEach((example) => visit(example, "response"));
    assert.ok(covers >= 4, `only ${covers} covers checked`);

    const place = JSON.parse(operation(reference, "GET", "/v1/explore/places/{id}").responses[0]!.example!) as {
      name: string;
      city: string;
    };
    assert.equal(place.name, place.city, "a place is named after its city");
    const person = operation(reference, "GET", "/v1/explore/people/{id}").responses[0]!.example!;
    const face = (JSON.parse(person) as { coverMediaItemFace: { thumbnail: string } }).coverMediaItemFace.thumbnail;
    const bytes = Buffer.from(face, "base64");
    assert.ok(bytes.length > 0);
    assert.notDeepEqual([...bytes.subarray(0, 3)], [0xff, 0xd8, 0xff], "raw pixels, not a JPEG file");
  });

  test(`${version}: code samples make the plain call, with optional query examples but no optional header`, () => {
    const upload = codeSamples(operation(reference, "POST", "/v1/mediaItems"));
    for (const { language, code } of upload) {
      assert.doesNotMatch(code, /X-Smriti-Upload/, `${language}: a one-shot upload`);
      assert.match(code, /IMG_0412\.HEIC/, `${language}: the file`);
    }
    const list = codeSamples(operation(reference, "GET", "/v1/albums"));
    for (const { language, code } of list) assert.match(code, /\/v1\/albums\?sort=name/, language);
  });
}

test("Next's job update says at least one field, as a constraint of its body", () => {
  const update = operation(next, "PUT", "/v1/jobs/{id}");
  assert.deepEqual(update.requestBody?.constraints, ["at least 1 field"]);
  assert.match(next.description, /Changed since release 24\.05\.08/);
});
