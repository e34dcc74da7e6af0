// Reading a parsed OpenAPI 3 document: local $ref resolution and readable
// type names, shared by the operations, their fields and their examples.
// Pure: no I/O, no mutation of the input.

export class ApiDocumentError extends Error {
  constructor(message: string) {
    super(`Cannot read the OpenAPI document: ${message}`);
    this.name = "ApiDocumentError";
  }
}

export type Obj = Record<string, unknown>;

const MAX_REF_HOPS = 32;

export function isObj(value: unknown): value is Obj {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

export function scalarText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value === null) return "null";
  return undefined;
}

export class Resolver {
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

export function refName(schema: Obj): string | undefined {
  const ref = schema.$ref;
  if (typeof ref !== "string") return undefined;
  const last = ref.split("/").pop();
  return last === undefined || last === "" ? undefined : last;
}

/** A readable name for a schema, without expanding named components. */
export function describeType(schema: unknown, resolver: Resolver, where: string, depth = 0): string {
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

export function enumValues(schema: Obj, resolver: Resolver, where: string): string[] | undefined {
  const target = schema.$ref === undefined ? schema : resolver.resolve(schema, where);
  const values = target.enum;
  if (!Array.isArray(values)) return undefined;
  return values.map((v) => scalarText(v) ?? JSON.stringify(v));
}
