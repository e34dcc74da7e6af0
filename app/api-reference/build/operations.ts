// Turns a parsed OpenAPI 3 document (the plain object `yaml.parse` gives for
// spec/openapi.yaml) into the view data of the API reference page and its
// search index. Pure: no I/O, no imports, no mutation of the input.
//
// Local references (`#/components/...`) are resolved here; anything else that
// cannot be read throws an ApiDocumentError naming the place.
import { valueConstraints } from "./constraints";
import { exampleFromSchema, mediaExample } from "./examples";
import { bodyFields, bodyModel, exampleText, schemaFields, type ApiField } from "./fields";
import {
  ApiDocumentError,
  describeType,
  enumValues,
  isObj,
  refName,
  Resolver,
  scalarText,
  text,
  type Obj,
} from "./resolver";

export { ApiDocumentError, type ApiField };

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
export type SecurityKind = "none" | "bearer" | "basic";

export interface ApiParameter extends ApiField {
  in: "path" | "query" | "header";
  default?: string;
  /** A value to send in code samples: the spec's example, else one made from the schema. */
  sampleValue?: string;
  /** The spec gives an example of its own: code samples send an optional query parameter only then. */
  inSample?: boolean;
}

/** A request or response body as the reference shows it. */
export interface ApiBody {
  contentType: string;
  /** Readable type of the body, e.g. `Album` or `array of MediaItem`. */
  schemaName?: string;
  /** The component schema it is made of (itself or its array's items), linked to the models page. */
  model?: string;
  fields: ApiField[];
  /** The body may be `null` (its schema is `nullable`). */
  nullable?: boolean;
  /** What the body as a whole must satisfy ("at least 1 field"), as Markdown phrases. */
  constraints?: string[];
  /** A JSON example (pretty-printed) for a JSON body. */
  example?: string;
  /** Whether the example is the spec's own (else made from the schema). */
  exampleFromSpec?: boolean;
}

export interface ApiResponse extends Partial<ApiBody> {
  status: string;
  description: string;
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
  /**
   * The token a call with no security requirement still reads from the
   * Authorization header (`x-token` in the spec): refresh and logout.
   */
  token?: "access" | "refresh";
  requestBody?: ApiBody & { required: boolean; description: string };
  responses: ApiResponse[];
}

export interface ApiTagGroup {
  tag: string;
  description: string;
  operations: ApiOperation[];
}

/** A component schema, for the models page. */
export interface ApiModel {
  name: string;
  description: string;
  /** Readable type when it is not a plain object ("array of Place", "string"). */
  type: string;
  fields: ApiField[];
  nullable?: boolean;
  /** What the object as a whole must satisfy ("at least 1 field"). */
  constraints?: string[];
  /** A JSON example (pretty-printed): the spec's own, else one made from the schema. */
  example?: string;
  /** Calls whose request or response holds it, at any depth. */
  usedBy: { anchor: string; method: HttpMethod; path: string; tag: string }[];
}

/** A way of sending credentials the spec declares (components.securitySchemes). */
export interface ApiSecurityScheme {
  name: string;
  /** Readable kind: "HTTP bearer (JWT)", "HTTP basic", "API key in header X-Key". */
  kind: string;
  description: string;
}

export interface ApiReference {
  title: string;
  version: string;
  description: string;
  servers: { url: string; description: string }[];
  securitySchemes: ApiSecurityScheme[];
  license?: { name: string; url?: string };
  groups: ApiTagGroup[];
  operationCount: number;
  models: ApiModel[];
}

const METHODS: readonly HttpMethod[] = ["GET", "POST", "PUT", "DELETE", "PATCH"];
const PARAMETER_LOCATIONS: readonly ApiParameter["in"][] = ["path", "query", "header"];
/** Tag used for operations that declare none. */
const UNTAGGED = "Other";

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
  const ownExample = param.example ?? schema.example;
  const sampleValue = scalarText(ownExample ?? exampleFromSchema(schemaRaw, resolver, "request", name));
  const shownExample = exampleText(ownExample);
  const constraints = valueConstraints(schema);
  return {
    name,
    in: kind,
    type: describeType(schemaRaw, resolver, `${where}.schema`),
    required: param.required === true || kind === "path",
    description: text(param.description) || text(schema.description),
    ...(values === undefined ? {} : { enum: values }),
    ...(fallback === undefined ? {} : { default: fallback }),
    ...(constraints.length ? { constraints } : {}),
    ...(shownExample === undefined ? {} : { example: shownExample }),
    ...(sampleValue === undefined ? {} : { sampleValue }),
    ...(ownExample !== undefined ? { inSample: true } : {}),
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

function toSecuritySchemes(schemes: Obj, resolver: Resolver): ApiSecurityScheme[] {
  return Object.entries(schemes).map(([name, raw]) => {
    const scheme = resolver.resolve(raw, `components.securitySchemes.${name}`);
    const type = text(scheme.type);
    const httpScheme = text(scheme.scheme);
    const format = text(scheme.bearerFormat);
    const kind =
      type === "http"
        ? `HTTP ${httpScheme.toLowerCase()}${format ? ` (${format})` : ""}`
        : type === "apiKey"
          ? `API key in ${text(scheme.in)} ${text(scheme.name)}`
          : type;
    return { name, kind, description: text(scheme.description) };
  });
}

function toLicense(raw: unknown): ApiReference["license"] {
  if (!isObj(raw) || typeof raw.name !== "string" || raw.name === "") return undefined;
  return { name: raw.name, ...(typeof raw.url === "string" ? { url: raw.url } : {}) };
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

const isJson = (contentType: string) => contentType === "application/json" || contentType.endsWith("+json");

/** A body's view: its fields, its model, and for JSON an example. */
function toBody(
  contentType: string,
  media: Obj,
  resolver: Resolver,
  where: string,
  direction: "request" | "response",
): ApiBody {
  const schema = media.schema;
  if (schema === undefined) return { contentType, fields: [] };
  if (!isObj(schema)) throw new ApiDocumentError(`${where} schema is not an object`);
  const model = bodyModel(schema, resolver, `${where}.schema`);
  const example = isJson(contentType) ? mediaExample(media, resolver, direction, where) : undefined;
  const target = schema.$ref === undefined ? schema : resolver.resolve(schema, `${where}.schema`);
  const constraints = valueConstraints({ ...target, ...schema });
  return {
    contentType,
    schemaName: describeType(schema, resolver, `${where}.schema`),
    ...(model === undefined ? {} : { model }),
    fields: bodyFields(schema, resolver, `${where}.schema`, direction),
    ...(schema.nullable === true || target.nullable === true ? { nullable: true } : {}),
    ...(constraints.length ? { constraints } : {}),
    ...(example === undefined
      ? {}
      : { example: JSON.stringify(example.value, null, 2), exampleFromSpec: example.fromSpec }),
  };
}

function toRequestBody(raw: unknown, resolver: Resolver, where: string): ApiOperation["requestBody"] {
  const body = resolver.resolve(raw, where);
  const required = body.required === true;
  const description = text(body.description);
  const found = firstContent(body.content, where);
  if (found === undefined) return { contentType: "", required, description, fields: [] };
  const [contentType, media] = found;
  const view = toBody(contentType, media, resolver, where, "request");
  // An inline schema has no name worth showing ("object").
  const schemaName = isObj(media.schema) ? refName(media.schema) : undefined;
  const { schemaName: _readable, ...rest } = view;
  return { ...rest, required, description, ...(schemaName === undefined ? {} : { schemaName }) };
}

function toResponses(raw: unknown, resolver: Resolver, where: string): ApiOperation["responses"] {
  if (!isObj(raw)) throw new ApiDocumentError(`${where} has no responses`);
  return Object.entries(raw).map(([status, value]) => {
    const at = `${where}.${status}`;
    const response = resolver.resolve(value, at);
    const found = firstContent(response.content, at);
    return {
      status,
      description: text(response.description),
      ...(found === undefined ? {} : toBody(found[0], found[1], resolver, at, "response")),
    };
  });
}

/** Every model a body names: its own and those of its fields, at any depth. */
function modelsIn(body: Partial<ApiBody> | undefined, into: Set<string>): void {
  if (!body) return;
  if (body.model) into.add(body.model);
  const walk = (fields: ApiField[] | undefined) =>
    fields?.forEach((field) => {
      if (field.model) into.add(field.model);
      walk(field.fields);
    });
  walk(body.fields);
}

/** The component schemas `name` is made of through `allOf`, at any depth: a YearsAgoMediaItem is a MediaItem. */
function composedOf(name: string, schemas: Obj, seen = new Set<string>()): Set<string> {
  const schema = schemas[name];
  if (seen.has(name) || !isObj(schema) || !Array.isArray(schema.allOf)) return seen;
  seen.add(name);
  for (const part of schema.allOf) {
    const partName = isObj(part) ? refName(part) : undefined;
    if (partName !== undefined) {
      seen.add(partName);
      composedOf(partName, schemas, seen);
    }
  }
  return seen;
}

function toModels(components: Obj, resolver: Resolver, operations: ApiOperation[]): ApiModel[] {
  const schemas = isObj(components.schemas) ? components.schemas : {};
  const uses = operations.map((operation) => {
    const names = new Set<string>();
    modelsIn(operation.requestBody, names);
    operation.responses.forEach((response) => modelsIn(response, names));
    for (const name of [...names]) composedOf(name, schemas).forEach((part) => names.add(part));
    return { operation, names };
  });
  return Object.keys(schemas).map((name) => {
    const ref = { $ref: `#/components/schemas/${name}` };
    const where = `components.schemas.${name}`;
    const schema = resolver.resolve(ref, where);
    const constraints = valueConstraints(schema);
    const example = exampleFromSchema(ref, resolver, "model");
    return {
      name,
      description: text(schema.description),
      type: describeType(schema, resolver, where),
      fields: schemaFields(ref, resolver, where, "model"),
      ...(schema.nullable === true ? { nullable: true } : {}),
      ...(constraints.length ? { constraints } : {}),
      ...(example === undefined ? {} : { example: JSON.stringify(example, null, 2) }),
      usedBy: uses
        .filter((use) => use.names.has(name))
        .map(({ operation }) => ({
          anchor: operation.anchor,
          method: operation.method,
          path: operation.path,
          tag: operation.tag,
        })),
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

  const license = toLicense(info.license);
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
      if (typeof operationId !== "string" || operationId === "")
        throw new ApiDocumentError(`${where} has no operationId`);
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
      const requestBody =
        op.requestBody === undefined ? undefined : toRequestBody(op.requestBody, resolver, `${where} requestBody`);

      const operation: ApiOperation = {
        operationId,
        anchor: operationAnchor(method, path),
        method,
        path,
        tag,
        summary: text(op.summary),
        description: text(op.description),
        security: securityKind(op.security ?? doc.security, schemes, resolver, where),
        ...(op["x-token"] === "access" || op["x-token"] === "refresh" ? { token: op["x-token"] } : {}),
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
    securitySchemes: toSecuritySchemes(schemes, resolver),
    ...(license === undefined ? {} : { license }),
    groups: groups.filter((g) => g.operations.length > 0),
    operationCount,
    models: toModels(
      components,
      resolver,
      groups.flatMap((group) => group.operations),
    ),
  };
}
