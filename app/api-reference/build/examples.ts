// JSON examples of request and response bodies: the spec's own example where
// it has one, else one made from the schema. Made values are deterministic
// (the same spec gives the same bytes on every build) and look like what the
// server sends: UUIDs, RFC 3339 times, enum values, plausible numbers.
import type { BodyDirection } from "./fields";
import { isObj, refName, type Obj, type Resolver } from "./resolver";

const MAX_DEPTH = 8;

/** A stable UUID (version 4 layout) for a name, so `userId` reads the same in every example. */
export function exampleUuid(seed: string): string {
  // FNV-1a with a final avalanche (MurmurHash3's mixer), four rounds for 32 hex digits.
  let hex = "";
  for (let round = 0; round < 4; round += 1) {
    let hash = 0x811c9dc5;
    for (const char of `${seed}#${round}`) {
      hash ^= char.charCodeAt(0);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
    hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
    hash = (hash ^ (hash >>> 16)) >>> 0;
    hex += hash.toString(16).padStart(8, "0");
  }
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${"89ab"[parseInt(hex[16] ?? "0", 16) % 4]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Names by the model that holds them: a place is named after its city (STRINGS.city), a person by the user. */
const NAMES: Record<string, string> = { Place: "Palolem", Person: "Asha" };

/** Strings by field name, for the fields of this API that have no example in the spec. */
const STRINGS: Record<string, string> = {
  name: "Goa 2024",
  username: "jeffdean",
  filename: "IMG_0412.HEIC",
  mimeType: "image/heic",
  description: "Sunset at Palolem beach",
  hash: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
  cameraMake: "Apple",
  cameraModel: "iPhone 13 Pro",
  postcode: "403702",
  town: "Canacona",
  city: "Palolem",
  state: "Goa",
  country: "India",
  year: "2021",
  message: "album not found",
  version: "24.05.08",
  gitSha: "80e42c2",
  features: '{"albums":true,"favourites":true}',
  components: "METADATA,PREVIEW_THUMBNAIL",
};

const DATE_TIMES: Record<string, string> = {
  creationTime: "2024-05-04T18:42:10Z",
  createdAt: "2024-05-05T09:12:44Z",
  updatedAt: "2024-05-06T16:03:27Z",
};

const NUMBERS: Record<string, number> = {
  width: 4032,
  height: 3024,
  mediaItemsCount: 42,
  latitude: 15.0099,
  longitude: 74.0232,
  total: 499963174912,
  used: 128849018880,
  free: 371114156032,
  page: 1,
  limit: 15,
};

function fileUrl(name: string, seed: string): string {
  const folder = name === "sourceUrl" ? "originals" : name === "previewUrl" ? "previews" : "thumbnails";
  return `../storage/${folder}/${exampleUuid(seed)}`;
}

/**
 * What an id names, the same for an item's own id and the ids pointing at it:
 * `MediaItem.id` for a MediaItem's "id", an album's "coverMediaItemId" and a
 * face's "mediaItemId"; `User.id` for every "userId".
 */
function idSeed(name: string, model: string): string {
  const seed =
    name === "id" ? `${model}.id` : name.endsWith("Id") ? `${name.slice(0, -2).replace(/^cover/, "")}.id` : name;
  return seed.charAt(0).toUpperCase() + seed.slice(1);
}

/** idsInSpec's answer for each spec (its Resolver): read once, not for each of its hundreds of examples. */
const idsBySpec = new WeakMap<Resolver, Map<string, string>>();

/**
 * The ids the spec's own examples give (a model's example, or a property's),
 * by idSeed: a made example reuses them, so that an album's made
 * "coverMediaItemId" is the id of the media item example embedded beside it.
 */
function idsInSpec(resolver: Resolver): Map<string, string> {
  let ids = idsBySpec.get(resolver);
  if (!ids) idsBySpec.set(resolver, (ids = readIds(resolver)));
  return ids;
}

function readIds(resolver: Resolver): Map<string, string> {
  const ids = new Map<string, string>();
  const keep = (name: string, model: string, value: unknown) => {
    const seed = idSeed(name, model);
    if (typeof value === "string" && !ids.has(seed)) ids.set(seed, value);
  };
  let schemas: Obj;
  try {
    schemas = resolver.resolve({ $ref: "#/components/schemas" }, "components.schemas");
  } catch {
    return ids;
  }
  for (const [model, schema] of Object.entries(schemas)) {
    if (!isObj(schema) || !isObj(schema.properties)) continue;
    for (const [name, property] of Object.entries(schema.properties)) {
      if (!isObj(property) || property.format !== "uuid") continue;
      keep(name, model, property.example);
      if (isObj(schema.example)) keep(name, model, schema.example[name]);
    }
  }
  return ids;
}

/** Raw bytes in base64, for a face's pixels: deliberately not the start of any image format. */
const RAW_PIXELS = "iIeGhYSDgoGAf359fHt6eXh3dnV0c3JxcG9ubWxramlo";

function stringExample(schema: Obj, name: string, model: string, walk: Walk): string {
  const format = typeof schema.format === "string" ? schema.format : "";
  if (format === "uuid") {
    const seed = idSeed(name, model);
    return walk.ids.get(seed) ?? exampleUuid(seed);
  }
  if (format === "date-time") return DATE_TIMES[name] ?? "2024-05-05T09:12:44Z";
  if (format === "date") return "2024-05-05";
  if (format === "byte" && name === "thumbnail") return RAW_PIXELS;
  if (format === "byte") return "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDA==";
  if (format === "password") return "correct-horse-battery";
  if (format === "binary") return "";
  if (/Url$/.test(name)) return fileUrl(name, `${model}.id`);
  if (name === "thumbnail") return fileUrl("thumbnailUrl", `${model}.face`);
  if (name === "name" && NAMES[model] !== undefined) return NAMES[model];
  return STRINGS[name] ?? name;
}

function numberExample(schema: Obj, name: string): number {
  const known = NUMBERS[name];
  if (known !== undefined) return known;
  if (typeof schema.default === "number") return schema.default;
  if (typeof schema.minimum === "number") return Math.max(schema.minimum, 1);
  return schema.type === "integer" ? 1 : 1.5;
}

interface Walk {
  resolver: Resolver;
  direction: BodyDirection;
  /** Component schemas being expanded: meeting one again ends the branch. */
  inside: readonly string[];
  /** The spec's own example ids, by idSeed. */
  ids: Map<string, string>;
}

function build(schema: unknown, walk: Walk, name: string, model: string, depth: number): unknown {
  if (!isObj(schema) || depth > MAX_DEPTH) return undefined;
  if (schema.example !== undefined) return schema.example;
  const own = refName(schema);
  if (own !== undefined) {
    if (walk.inside.includes(own)) return undefined;
    const target = walk.resolver.resolve(schema, name);
    return build(target, { ...walk, inside: [...walk.inside, own] }, name, own, depth + 1);
  }
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((part) => build(part, walk, name, model, depth + 1));
    return Object.assign({}, ...parts.filter(isObj));
  }
  for (const choice of ["oneOf", "anyOf"] as const) {
    const options = schema[choice];
    if (Array.isArray(options) && options.length) return build(options[0], walk, name, model, depth + 1);
  }
  if (schema.type === "array") {
    const item = build(schema.items, walk, name, model, depth + 1);
    return item === undefined ? [] : [item];
  }
  if (schema.type === "object" || isObj(schema.properties)) {
    const result: Obj = {};
    for (const [key, raw] of Object.entries(isObj(schema.properties) ? schema.properties : {})) {
      if (!isObj(raw)) continue;
      const target = raw.$ref === undefined ? raw : walk.resolver.resolve(raw, key);
      if (walk.direction === "request" && (raw.readOnly === true || target.readOnly === true)) continue;
      if (walk.direction === "response" && (raw.writeOnly === true || target.writeOnly === true)) continue;
      const value = build(raw, walk, key, model, depth + 1);
      if (value !== undefined) result[key] = value;
    }
    return result;
  }
  if (schema.default !== undefined) return schema.default;
  if (schema.type === "string") return stringExample(schema, name, model, walk);
  if (schema.type === "integer" || schema.type === "number") return numberExample(schema, name);
  if (schema.type === "boolean") return name === "favourite";
  return undefined;
}

/** An example value made from `schema` alone (the spec's property examples used where they exist). */
export function exampleFromSchema(schema: unknown, resolver: Resolver, direction: BodyDirection, name = ""): unknown {
  return build(schema, { resolver, direction, inside: [], ids: idsInSpec(resolver) }, name, "", 0);
}

/**
 * The example of a media type object (`content["application/json"]`):
 * its `example`, the first of its `examples`, else one made from its schema.
 */
export function mediaExample(
  media: Obj,
  resolver: Resolver,
  direction: BodyDirection,
  where: string,
): { value: unknown; fromSpec: boolean } | undefined {
  if (media.example !== undefined) return { value: media.example, fromSpec: true };
  if (isObj(media.examples)) {
    const first = Object.values(media.examples)[0];
    if (first !== undefined) {
      const example = resolver.resolve(first, `${where}.examples`);
      if (example.value !== undefined) return { value: example.value, fromSpec: true };
    }
  }
  if (media.schema === undefined) return undefined;
  const value = exampleFromSchema(media.schema, resolver, direction);
  return value === undefined ? undefined : { value, fromSpec: false };
}
