// Front matter is nearly always a few `key: value` lines. YAML's parser builds
// a whole document (nodes, ranges, tags) for each, and a build reads every
// page's front matter: 1.2 s of the 14 s a build of 10,000 pages took after
// one page was edited (docs/decisions/056). Lines whose meaning YAML could not
// take any other way are read here; anything else, or anything doubtful, is
// left to the parser (source.server.ts), which also reports the mistakes.

/** A key as the front matter's keys are spelt: lower-case words joined by "_". */
const LINE = /^([a-z][a-z_]*):[ ]+(\S(?:.*\S)?)[ ]*$/;
/** YAML 1.2 integers and decimals as the core schema reads them, without a sign or leading zeros. */
const NUMBER = /^(?:0|[1-9][0-9]{0,14})(?:\.[0-9]{1,15})?$/;
/** What the core schema reads as true, false or null rather than text. */
const NOT_TEXT = new Set(["true", "false", "null", "~"]);
/** Characters YAML refuses in a plain scalar, and tabs, which are left to it. */
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\ufeff\ufffe\uffff]/;

/** Whether `value` is plain text to YAML: a letter first, no comment, no mapping, nothing unprintable. */
function isPlainText(value: string): boolean {
  return (
    /^[A-Za-z]/.test(value) &&
    !value.includes(" #") &&
    !value.includes(": ") &&
    !value.endsWith(":") &&
    !UNPRINTABLE.test(value) &&
    !NOT_TEXT.has(value.toLowerCase())
  );
}

/**
 * The front matter's keys and values when every line is `key: value` with a
 * value YAML reads as plain text or a plain number, each key once; otherwise
 * null, and the caller asks YAML.
 */
export function plainFrontmatter(yaml: string): Record<string, string | number> | null {
  const data: Record<string, string | number> = {};
  for (const line of yaml.split("\n")) {
    if (line === "") continue;
    const match = LINE.exec(line);
    if (!match) return null;
    const [, key, value] = match as unknown as [string, string, string];
    if (Object.hasOwn(data, key)) return null;
    if (NUMBER.test(value)) data[key] = Number(value);
    else if (isPlainText(value)) data[key] = value;
    else return null;
  }
  return data;
}
