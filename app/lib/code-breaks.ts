/**
 * Where a code value may move to the next line, for values too long for a
 * phone's line or a table's column: a list or JSON object after its commas,
 * so each key and value stays whole; anything else (identifiers, paths, file
 * names) after its underscores, slashes and dots. Without these points a
 * browser breaks such a value between any two letters, or not at all.
 */
function breakAfter(value: string): RegExp {
  return value.includes(",") ? /,/g : /[_/.]/g;
}

/** `value` in pieces, a line allowed to break between any two of them (never after the last character). */
export function codeSegments(value: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (const match of value.matchAll(breakAfter(value))) {
    const end = match.index + 1;
    if (end >= value.length) break;
    pieces.push(value.slice(start, end));
    start = end;
  }
  pieces.push(value.slice(start));
  return pieces;
}
