// What a schema allows beyond its type, in words a reader checks a value
// against: lengths, ranges, patterns, item and field counts. Each is one
// Markdown phrase; the reference lists them after "Constraints:".
import { isObj, type Obj } from "./resolver";

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** A value as inline code, with a fence longer than any run of backticks inside it. */
function codeSpan(value: string): string {
  const longest = Math.max(0, ...(value.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = value.startsWith("`") || value.endsWith("`") ? " " : "";
  return `${fence}${pad}${value}${pad}${fence}`;
}

const numberOf = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

/** "at least 1 item", "2 to 5 characters", "exactly 4 characters". */
function countRange(min: number | undefined, max: number | undefined, one: string, many?: string): string | undefined {
  if (min !== undefined && max !== undefined)
    return min === max ? `exactly ${plural(min, one, many)}` : `${min} to ${plural(max, one, many)}`;
  if (min !== undefined && min > 0) return `at least ${plural(min, one, many)}`;
  if (max !== undefined) return `at most ${plural(max, one, many)}`;
  return undefined;
}

/** "at least 1", "from 1 to 100", "more than 0" (OpenAPI 3.0's boolean exclusive bounds, and 3.1's numbers). */
function numberRange(schema: Obj): string | undefined {
  const exclusiveLow = numberOf(schema.exclusiveMinimum);
  const exclusiveHigh = numberOf(schema.exclusiveMaximum);
  const low = exclusiveLow ?? numberOf(schema.minimum);
  const high = exclusiveHigh ?? numberOf(schema.maximum);
  const lowOpen = exclusiveLow !== undefined || schema.exclusiveMinimum === true;
  const highOpen = exclusiveHigh !== undefined || schema.exclusiveMaximum === true;
  const from = low === undefined ? undefined : `${lowOpen ? "more than" : "at least"} ${low}`;
  const to = high === undefined ? undefined : `${highOpen ? "less than" : "at most"} ${high}`;
  if (from && to) return !lowOpen && !highOpen ? `from ${low} to ${high}` : `${from} and ${to}`;
  return from ?? to;
}

/** The constraints of one schema's own value (not of the fields inside it). */
function ownConstraints(schema: Obj): string[] {
  const found: string[] = [];
  const range = numberRange(schema);
  if (range) found.push(range);
  const multiple = numberOf(schema.multipleOf);
  if (multiple !== undefined) found.push(`a multiple of ${multiple}`);
  const length = countRange(numberOf(schema.minLength), numberOf(schema.maxLength), "character");
  if (length) found.push(length);
  if (typeof schema.pattern === "string") found.push(`matches ${codeSpan(schema.pattern)}`);
  const items = countRange(numberOf(schema.minItems), numberOf(schema.maxItems), "item");
  if (items) found.push(items);
  if (schema.uniqueItems === true) found.push("no item twice");
  const fields = countRange(numberOf(schema.minProperties), numberOf(schema.maxProperties), "field");
  if (fields) found.push(fields);
  return found;
}

/**
 * The constraints of a value, its own first, then those of an array's items
 * ("each item matches `…`"). Pass the field's schema merged over the one it
 * references, so that what the field states wins.
 */
export function valueConstraints(schema: Obj): string[] {
  const found = ownConstraints(schema);
  const items = schema.items;
  if (isObj(items) && items.$ref === undefined) found.push(...ownConstraints(items).map((phrase) => `each item ${phrase}`));
  return found;
}
