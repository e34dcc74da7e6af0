/**
 * Where a code value may move to the next line, for values too long for a
 * phone's line or a table's column: a list or JSON object after its commas,
 * so each key and value stays whole; anything else (identifiers, paths, file
 * names, patterns) after its underscores, slashes, dots and bars. Without
 * these points a browser breaks such a value between any two letters, or not
 * at all.
 */
function breakAfter(value: string): RegExp {
  return value.includes(",") ? /,/g : /[_/.|]/g;
}

/**
 * From this length a value in running text gets break points: at 390 px a
 * line holds about 40 characters of code, and the value may start late in
 * it. Shorter values stay whole and move to the next line as one.
 */
export const LONG_VALUE = 24;

/** Inside a long word of running text (a path, an identifier, a bit of JSON in a line of code). */
const IN_WORD = /[_/,]/g;
/**
 * A word of a search snippet gets break points from this length: about a
 * line of a snippet of code on a 320 px phone. A shorter identifier fits a
 * line and moves to the next one whole. Matched only where a word starts:
 * from inside a shorter word, the search counted its letters again at every
 * position, most of a results page's time spent on break points.
 */
const LONG_WORD = /(?<!\S)\S{32,}/g;

/** Offsets in `value` after each match of `points`, never at its end. */
function offsetsAfter(value: string, points: RegExp, from = 0): number[] {
  return [...value.matchAll(points)].map((match) => from + match.index + 1).filter((end) => end < from + value.length);
}

/** `text` cut at `offsets` (ascending, inside it). */
function cutAt(text: string, offsets: number[]): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (const end of offsets) {
    pieces.push(text.slice(start, end));
    start = end;
  }
  pieces.push(text.slice(start));
  return pieces;
}

/** `value` in pieces, a line allowed to break between any two of them (never after the last character). */
export function codeSegments(value: string): string[] {
  return cutAt(value, offsetsAfter(value, breakAfter(value)));
}

/** What a text is, for its break points: one code value (a path), or words (a sentence, a line of code). */
export type BreakKind = "value" | "words";

/**
 * The parts of one text (a highlighted path or snippet, cut where its marks
 * start and end), each in pieces as codeSegments gives them, the text's
 * break points counted across its parts. Words get break points only inside
 * long ones (LONG_WORD). A part whose first piece is empty may break where it
 * starts.
 */
export function partSegments(parts: string[], kind: BreakKind): string[][] {
  const text = parts.join("");
  const offsets =
    kind === "value"
      ? offsetsAfter(text, breakAfter(text))
      : [...text.matchAll(LONG_WORD)].flatMap((word) => offsetsAfter(word[0], IN_WORD, word.index));
  let start = 0;
  return parts.map((part) => {
    const end = start + part.length;
    const inside = offsets.filter((offset) => offset >= start && offset < end);
    const pieces = cutAt(
      part,
      inside.map((offset) => offset - start),
    );
    start = end;
    return pieces;
  });
}
