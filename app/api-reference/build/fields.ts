// The fields of a request or response body, nested as the schema nests them.
// Pure: reads the parsed document through the Resolver, never changes it.
import { valueConstraints } from "./constraints";
import { ApiDocumentError, describeType, enumValues, isObj, refName, text, type Obj, type Resolver } from "./resolver";

export interface ApiField {
  name: string;
  /** Readable type: `string (uuid)`, `array of string (uuid)`, `integer`, `Album`, `enum`… */
  type: string;
  required: boolean;
  description: string;
  enum?: string[];
  /** The value may be `null` (OpenAPI 3.0 `nullable`). */
  nullable?: boolean;
  /** Set by the server only: shown in responses, never sent. */
  readOnly?: boolean;
  /** Sent by clients only: never in a response (a password). */
  writeOnly?: boolean;
  /** What the value must satisfy beyond its type, as Markdown phrases ("at least 1", "matches `^…$`"). */
  constraints?: string[];
  /** The spec's own example of the value, as text. */
  example?: string;
  /** The component schema the field holds (itself or as array items): its page on the models page. */
  model?: string;
  /** Fields of an object (or of an array's objects) held in this field. */
  fields?: ApiField[];
  /** The field holds a schema it is already inside: not expanded again, its model is linked instead. */
  recursive?: boolean;
}

/**
 * Which side of the exchange a body is on: a request leaves read-only fields
 * out, a response write-only ones; a model (the models page) shows them all.
 */
export type BodyDirection = "request" | "response" | "model";

const MAX_DEPTH = 6;

/** The schema a field's value is made of: the array's items for an array, else the schema itself. */
function valueSchema(schema: Obj, resolver: Resolver, where: string): { schema: Obj; model?: string } {
  // `allOf: [$ref]` is how a spec gives a referenced schema its own description.
  const only =
    Array.isArray(schema.allOf) && schema.allOf.length === 1 && isObj(schema.allOf[0]) ? schema.allOf[0] : undefined;
  if (only && refName(only) !== undefined) return valueSchema(only, resolver, `${where}.allOf[0]`);
  const target = schema.$ref === undefined ? schema : resolver.resolve(schema, where);
  const own = refName(schema);
  if (target.type === "array" && isObj(target.items)) {
    const items = target.items;
    const name = refName(items);
    return {
      schema: items.$ref === undefined ? items : resolver.resolve(items, `${where}.items`),
      ...(name ? { model: name } : {}),
    };
  }
  return { schema: target, ...(own ? { model: own } : {}) };
}

/** Longer examples than this are left to the body's example, where they are laid out. */
const EXAMPLE_TEXT_LENGTH = 80;

/** An example value as a reader types it: a string as it is, anything else as JSON; none when too long for a line. */
export function exampleText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const shown = typeof value === "string" ? value : JSON.stringify(value);
  return shown.length > EXAMPLE_TEXT_LENGTH ? undefined : shown;
}

function hasProperties(schema: Obj): boolean {
  return isObj(schema.properties) || Array.isArray(schema.allOf);
}

/**
 * The properties of an object schema, following `$ref` and `allOf`, each with
 * the fields of what it holds. `inside` names the component schemas already
 * being expanded on the way here: meeting one again stops with a link.
 */
export function schemaFields(
  schema: unknown,
  resolver: Resolver,
  where: string,
  direction: BodyDirection,
  inside: readonly string[] = [],
  depth = 0,
): ApiField[] {
  if (depth > MAX_DEPTH || !isObj(schema)) return [];
  const own = refName(schema);
  const resolved = resolver.resolve(schema, where);
  const path = own ? [...inside, own] : inside;
  const fields: ApiField[] = [];
  if (Array.isArray(resolved.allOf)) {
    resolved.allOf.forEach((part, i) =>
      fields.push(...schemaFields(part, resolver, `${where}.allOf[${i}]`, direction, path, depth + 1)),
    );
  }
  const required = Array.isArray(resolved.required)
    ? resolved.required.filter((r): r is string => typeof r === "string")
    : [];
  if (isObj(resolved.properties)) {
    for (const [name, raw] of Object.entries(resolved.properties)) {
      const at = `${where}.properties.${name}`;
      if (!isObj(raw)) throw new ApiDocumentError(`${at} is not an object`);
      const target = raw.$ref === undefined ? raw : resolver.resolve(raw, at);
      const readOnly = raw.readOnly === true || target.readOnly === true;
      const writeOnly = raw.writeOnly === true || target.writeOnly === true;
      if (direction === "request" && readOnly) continue;
      if (direction === "response" && writeOnly) continue;
      const constraints = valueConstraints({ ...target, ...raw });
      const example = exampleText(raw.example ?? target.example);
      const values = enumValues(raw, resolver, at);
      const held = valueSchema(raw, resolver, at);
      const recursive = held.model !== undefined && path.includes(held.model);
      const nested =
        !recursive && hasProperties(held.schema)
          ? schemaFields(
              held.model ? { $ref: `#/components/schemas/${held.model}` } : held.schema,
              resolver,
              at,
              direction,
              path,
              depth + 1,
            )
          : [];
      fields.push({
        name,
        type: describeType(raw, resolver, at),
        required: required.includes(name),
        description: text(raw.description) || text(target.description),
        ...(values === undefined ? {} : { enum: values }),
        ...(raw.nullable === true || target.nullable === true ? { nullable: true } : {}),
        ...(readOnly && direction !== "request" ? { readOnly: true } : {}),
        ...(writeOnly && direction !== "response" ? { writeOnly: true } : {}),
        ...(constraints.length ? { constraints } : {}),
        // A model's example is on its own entry of the models page; a response's
        // own example shows its values (a 401's message is not the Error model's example).
        ...(example === undefined || held.model || direction === "response" ? {} : { example }),
        ...(held.model ? { model: held.model } : {}),
        ...(nested.length ? { fields: nested } : {}),
        ...(recursive ? { recursive: true } : {}),
      });
    }
  }
  // A later definition of the same name (allOf override) wins, order of first appearance kept.
  const byName = new Map<string, ApiField>();
  for (const field of fields) byName.set(field.name, field);
  return [...byName.values()];
}

/**
 * The fields of a whole body: an object's properties, or for an array the
 * properties of its items (the body is then "array of X").
 */
export function bodyFields(schema: Obj, resolver: Resolver, where: string, direction: BodyDirection): ApiField[] {
  const held = valueSchema(schema, resolver, where);
  if (!hasProperties(held.schema)) return [];
  return schemaFields(
    held.model ? { $ref: `#/components/schemas/${held.model}` } : held.schema,
    resolver,
    where,
    direction,
  );
}

/** The component schema a body is made of (itself or its array's items), for a link to its model. */
export function bodyModel(schema: Obj, resolver: Resolver, where: string): string | undefined {
  return valueSchema(schema, resolver, where).model;
}
