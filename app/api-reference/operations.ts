// Turns a parsed OpenAPI 3 document (the plain object `yaml.parse` gives for
// spec/openapi.yaml) into the view data of the API reference page and its
// search index. Pure: no I/O, no imports, no mutation of the input.
//
// Local references (`#/components/...`) are resolved here; anything else that
// cannot be read throws an ApiDocumentError naming the place.

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
export type SecurityKind = "none" | "bearer" | "basic";

export interface ApiField {
  name: string;
  /** Readable type: `string (uuid)`, `array of string (uuid)`, `integer`, `Album`, `enum`… */
  type: string;
  required: boolean;
  description: string;
  enum?: string[];
}

export interface ApiParameter extends ApiField {
  in: "path" | "query" | "header";
  default?: string;
}

export interface ApiOperation {
  operationId: string;
  /** URL-fragment id, identical to the element id RapiDoc gives the operation. */
  anchor: string;
  method: HttpMethod;
  path: string;
  tag: string;
  summary: string;
  description: string;
  security: SecurityKind;
  deprecated: boolean;
  parameters: ApiParameter[];
  requestBody?: { contentType: string; required: boolean; schemaName?: string; fields: ApiField[] };
  /** `schemaName` is the readable type of the body, e.g. `Album` or `array of MediaItem`. */
  responses: { status: string; description: string; schemaName?: string }[];
}

export interface ApiTagGroup {
  tag: string;
  description: string;
  operations: ApiOperation[];
}

export interface ApiReference {
  title: string;
  version: string;
  description: string;
  servers: { url: string; description: string }[];
  groups: ApiTagGroup[];
  operationCount: number;
}

export class ApiDocumentError extends Error {
  constructor(message: string) {
    super(`Cannot read the OpenAPI document: ${message}`);
    this.name = "ApiDocumentError";
  }
}

type Obj = Record<string, unknown>;

const METHODS: readonly HttpMethod[] = ["GET", "POST", "PUT", "DELETE", "PATCH"];
const PARAMETER_LOCATIONS: readonly ApiParameter["in"][] = ["path", "query", "header"];
/** Tag used for operations that declare none. */
const UNTAGGED = "Other";
const MAX_REF_HOPS = 32;

/**
 * RapiDoc 9.3.8 gives every operation the element id
 * `${method}-${path.replace(invalidCharsRegEx, '-')}` with the lower-case
 * method name and `invalidCharsRegEx = /[\s#:?&={}]/g`; deep links are
 * `${routePrefix || '#'}${elementId}`. Found in
 * node_modules/rapidoc/dist/rapidoc.js (the `invalidCharsRegEx` constant and
 * the `elementId:` of each path in the tag grouping), minified as `pt` in
 * rapidoc-min.js.
 */
const RAPIDOC_INVALID_CHARS = /[\s#:?&={}]/g;

export function operationAnchor(method: HttpMethod, path: string): string {
  return `${method.toLowerCase()}-${path.replace(RAPIDOC_INVALID_CHARS, "-")}`;
}

function isObj(value: unknown): value is Obj {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function scalarText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value === null) return "null";
  return undefined;
}

class Resolver {
  constructor(private readonly root: Obj) {}

  /** Follows `$ref`s until a plain object is reached. */
  resolve(value: unknown, where: string): Obj {
    let current = value;
    const seen = new Set<string>();
    for (let hops = 0; hops <= MAX_REF_HOPS; hops += 1) {
      if (!isObj(current)) throw new ApiDocumentError(`${where} is not an object`);
      const ref = current.$ref;
      if (ref === undefined) return current;
      if (typeof ref !== "string") throw new ApiDocumentError(`${where} has a $ref that is not a string`);
      if (seen.has(ref)) throw new ApiDocumentError(`${where}: circular $ref ${ref}`);
      seen.add(ref);
      current = this.lookup(ref, where);
    }
    throw new ApiDocumentError(`${where}: $ref chain longer than ${MAX_REF_HOPS}`);
  }

  private lookup(ref: string, where: string): unknown {
    if (!ref.startsWith("#/components/")) {
      throw new ApiDocumentError(`${where}: only local #/components/ references are supported, got ${ref}`);
    }
    let node: unknown = this.root;
    for (const raw of ref.slice(2).split("/")) {
      const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
      node = isObj(node) ? node[key] : undefined;
      if (node === undefined) throw new ApiDocumentError(`${where}: unresolvable $ref ${ref}`);
    }
    return node;
  }
}

function refName(schema: Obj): string | undefined {
  const ref = schema.$ref;
  if (typeof ref !== "string") return undefined;
  const last = ref.split("/").pop();
  return last === undefined || last === "" ? undefined : last;
}

/** A readable name for a schema, without expanding named components. */
function describeType(schema: unknown, resolver: Resolver, where: string, depth = 0): string {
  if (!isObj(schema)) return "any";
  const name = refName(schema);
  if (name !== undefined) return name;
  if (depth > 8) return "object";
  for (const combiner of ["allOf", "oneOf", "anyOf"] as const) {
    const parts = schema[combiner];
    if (Array.isArray(parts) && parts.length > 0) {
      const names = parts.map((part, i) => describeType(part, resolver, `${where}.${combiner}[${i}]`, depth + 1));
      return names.join(combiner === "allOf" ? " & " : " or ");
    }
  }
  if (Array.isArray(schema.enum)) return "enum";
  const type = typeof schema.type === "string" ? schema.type : isObj(schema.properties) ? "object" : "any";
  if (type === "array") {
    return `array of ${describeType(schema.items, resolver, `${where}.items`, depth + 1)}`;
  }
  const format = typeof schema.format === "string" ? schema.format : "";
  return format === "" ? type : `${type} (${format})`;
}

function enumValues(schema: Obj, resolver: Resolver, where: string): string[] | undefined {
  const target = schema.$ref === undefined ? schema : resolver.resolve(schema, where);
  const values = target.enum;
  if (!Array.isArray(values)) return undefined;
  return values.map((v) => scalarText(v) ?? JSON.stringify(v));
}

/** Description of a field: its own text, else the text of the schema it points to. */
function fieldDescription(owner: Obj, schema: Obj, resolver: Resolver, where: string): string {
  const own = text(owner.description) || text(schema.description);
  if (own !== "" || schema.$ref === undefined) return own;
  return text(resolver.resolve(schema, where).description);
}

/** Top-level properties of an object schema, following `$ref` and `allOf`. */
function collectFields(schema: unknown, resolver: Resolver, where: string, skipReadOnly: boolean, depth = 0): ApiField[] {
  if (depth > 8) return [];
  const resolved = resolver.resolve(schema, where);
  const fields: ApiField[] = [];
  if (Array.isArray(resolved.allOf)) {
    resolved.allOf.forEach((part, i) => {
      fields.push(...collectFields(part, resolver, `${where}.allOf[${i}]`, skipReadOnly, depth + 1));
    });
  }
  const required = Array.isArray(resolved.required) ? resolved.required.filter((r): r is string => typeof r === "string") : [];
  if (isObj(resolved.properties)) {
    for (const [name, raw] of Object.entries(resolved.properties)) {
      const at = `${where}.properties.${name}`;
      if (!isObj(raw)) throw new ApiDocumentError(`${at} is not an object`);
      const target = raw.$ref === undefined ? raw : resolver.resolve(raw, at);
      if (skipReadOnly && (raw.readOnly === true || target.readOnly === true)) continue;
      const values = enumValues(raw, resolver, at);
      fields.push({
        name,
        type: describeType(raw, resolver, at),
        required: required.includes(name),
        description: fieldDescription(raw, raw, resolver, at),
        ...(values === undefined ? {} : { enum: values }),
      });
    }
  }
  // A later definition of the same name (allOf override) wins, order of first appearance kept.
  const byName = new Map<string, ApiField>();
  for (const field of fields) byName.set(field.name, field);
  return [...byName.values()];
}

function toParameter(raw: unknown, resolver: Resolver, where: string): ApiParameter | undefined {
  const param = resolver.resolve(raw, where);
  const name = param.name;
  const location = param.in;
  if (typeof name !== "string" || name === "") throw new ApiDocumentError(`${where} has no name`);
  if (typeof location !== "string") throw new ApiDocumentError(`${where} (${name}) has no "in"`);
  const kind = PARAMETER_LOCATIONS.find((l) => l === location);
  if (kind === undefined) return undefined; // cookie parameters are not shown
  const schemaRaw = param.schema ?? {};
  if (!isObj(schemaRaw)) throw new ApiDocumentError(`${where} (${name}) has a schema that is not an object`);
  const schema = schemaRaw.$ref === undefined ? schemaRaw : resolver.resolve(schemaRaw, `${where}.schema`);
  const values = enumValues(schemaRaw, resolver, `${where}.schema`);
  const fallback = scalarText(schema.default);
  return {
    name,
    in: kind,
    type: describeType(schemaRaw, resolver, `${where}.schema`),
    required: param.required === true || kind === "path",
    description: text(param.description) || text(schema.description),
    ...(values === undefined ? {} : { enum: values }),
    ...(fallback === undefined ? {} : { default: fallback }),
  };
}

function securityKind(requirements: unknown, schemes: Obj, resolver: Resolver, where: string): SecurityKind {
  if (requirements === undefined) return "none";
  if (!Array.isArray(requirements)) throw new ApiDocumentError(`${where} security is not a list`);
  for (const [i, requirement] of requirements.entries()) {
    if (!isObj(requirement)) throw new ApiDocumentError(`${where} security[${i}] is not an object`);
    const names = Object.keys(requirement);
    // An empty requirement object means "no credentials" is an accepted alternative.
    if (names.length === 0) return "none";
    for (const name of names) {
      const rawScheme = schemes[name];
      if (rawScheme === undefined) throw new ApiDocumentError(`${where} uses undeclared security scheme ${name}`);
      const scheme = resolver.resolve(rawScheme, `components.securitySchemes.${name}`);
      if (scheme.type === "http" && text(scheme.scheme).toLowerCase() === "basic") return "basic";
      return "bearer";
    }
  }
  return "none";
}

function firstContent(content: unknown, where: string): [string, Obj] | undefined {
  if (content === undefined) return undefined;
  if (!isObj(content)) throw new ApiDocumentError(`${where}.content is not an object`);
  const entries = Object.entries(content);
  const json = entries.find(([type]) => type === "application/json");
  const [type, media] = json ?? entries[0] ?? [];
  if (type === undefined) return undefined;
  if (!isObj(media)) throw new ApiDocumentError(`${where}.content["${type}"] is not an object`);
  return [type, media];
}

function toRequestBody(raw: unknown, resolver: Resolver, where: string): ApiOperation["requestBody"] {
  const body = resolver.resolve(raw, where);
  const found = firstContent(body.content, where);
  if (found === undefined) return { contentType: "", required: body.required === true, fields: [] };
  const [contentType, media] = found;
  const schema = media.schema;
  if (schema === undefined) return { contentType, required: body.required === true, fields: [] };
  if (!isObj(schema)) throw new ApiDocumentError(`${where} schema is not an object`);
  const name = refName(schema);
  return {
    contentType,
    required: body.required === true,
    ...(name === undefined ? {} : { schemaName: name }),
    fields: collectFields(schema, resolver, `${where}.schema`, true),
  };
}

function toResponses(raw: unknown, resolver: Resolver, where: string): ApiOperation["responses"] {
  if (!isObj(raw)) throw new ApiDocumentError(`${where} has no responses`);
  return Object.entries(raw).map(([status, value]) => {
    const at = `${where}.${status}`;
    const response = resolver.resolve(value, at);
    const found = firstContent(response.content, at);
    const schema = found?.[1].schema;
    return {
      status,
      description: text(response.description),
      ...(isObj(schema) ? { schemaName: describeType(schema, resolver, `${at}.schema`) } : {}),
    };
  });
}

function parameterKey(raw: unknown, resolver: Resolver, where: string): string {
  const p = resolver.resolve(raw, where);
  return `${text(p.in)}:${text(p.name)}`;
}

export function buildApiReference(doc: unknown): ApiReference {
  if (!isObj(doc)) throw new ApiDocumentError("expected an object (the parsed YAML or JSON document)");
  if (typeof doc.openapi !== "string" || !doc.openapi.startsWith("3.")) {
    throw new ApiDocumentError(`expected an "openapi: 3.x" document, got ${JSON.stringify(doc.openapi ?? null)}`);
  }
  const info = doc.info;
  if (!isObj(info)) throw new ApiDocumentError("info is missing");
  if (typeof info.title !== "string" || info.title === "") throw new ApiDocumentError("info.title is missing");
  const version = scalarText(info.version);
  if (version === undefined || version === "") throw new ApiDocumentError("info.version is missing");
  if (!isObj(doc.paths)) throw new ApiDocumentError("paths is missing or not an object");

  const resolver = new Resolver(doc);
  const components = isObj(doc.components) ? doc.components : {};
  const schemes = isObj(components.securitySchemes) ? components.securitySchemes : {};

  const servers = (Array.isArray(doc.servers) ? doc.servers : []).map((s, i) => {
    if (!isObj(s) || typeof s.url !== "string") throw new ApiDocumentError(`servers[${i}] has no url`);
    return { url: s.url, description: text(s.description) };
  });

  const groups: ApiTagGroup[] = [];
  const groupByTag = new Map<string, ApiTagGroup>();
  const addGroup = (tag: string, description: string): ApiTagGroup => {
    const group: ApiTagGroup = { tag, description, operations: [] };
    groups.push(group);
    groupByTag.set(tag, group);
    return group;
  };
  if (doc.tags !== undefined && !Array.isArray(doc.tags)) throw new ApiDocumentError("tags is not a list");
  for (const [i, t] of (doc.tags ?? []).entries()) {
    if (!isObj(t) || typeof t.name !== "string") throw new ApiDocumentError(`tags[${i}] has no name`);
    if (!groupByTag.has(t.name)) addGroup(t.name, text(t.description));
  }

  const operationIds = new Set<string>();
  let operationCount = 0;
  for (const [path, rawItem] of Object.entries(doc.paths)) {
    const item = resolver.resolve(rawItem, `paths["${path}"]`);
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    // Methods in the order the file lists them.
    for (const key of Object.keys(item)) {
      const method = METHODS.find((m) => m.toLowerCase() === key);
      if (method === undefined) continue;
      const where = `${method} ${path}`;
      const op = item[key];
      if (!isObj(op)) throw new ApiDocumentError(`${where} is not an object`);

      const operationId = op.operationId;
      if (typeof operationId !== "string" || operationId === "") throw new ApiDocumentError(`${where} has no operationId`);
      if (operationIds.has(operationId)) throw new ApiDocumentError(`duplicate operationId ${operationId}`);
      operationIds.add(operationId);

      const own = Array.isArray(op.parameters) ? op.parameters : [];
      const ownKeys = new Set(own.map((p, i) => parameterKey(p, resolver, `${where} parameters[${i}]`)));
      const merged = [
        ...shared.filter((p, i) => !ownKeys.has(parameterKey(p, resolver, `paths["${path}"].parameters[${i}]`))),
        ...own,
      ];
      const parameters = merged
        .map((p, i) => toParameter(p, resolver, `${where} parameters[${i}]`))
        .filter((p): p is ApiParameter => p !== undefined);

      const tags = Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === "string") : [];
      const tag = tags[0] ?? UNTAGGED;
      const requestBody = op.requestBody === undefined ? undefined : toRequestBody(op.requestBody, resolver, `${where} requestBody`);

      const operation: ApiOperation = {
        operationId,
        anchor: operationAnchor(method, path),
        method,
        path,
        tag,
        summary: text(op.summary),
        description: text(op.description),
        security: securityKind(op.security ?? doc.security, schemes, resolver, where),
        deprecated: op.deprecated === true,
        parameters,
        ...(requestBody === undefined ? {} : { requestBody }),
        responses: toResponses(op.responses, resolver, `${where} responses`),
      };
      (groupByTag.get(tag) ?? addGroup(tag, "")).operations.push(operation);
      operationCount += 1;
    }
  }

  return {
    title: info.title,
    version,
    description: text(info.description),
    servers,
    groups: groups.filter((g) => g.operations.length > 0),
    operationCount,
  };
}
