// Marks the matched terms in titles, headings and snippets. Works on the
// same tokens as the index (text.ts), so a match found by prefix or typo
// tolerance ("instalation") marks the word that was found ("installation").
// The output is plain text parts: the page renders them as React elements.

import { forEachToken, isCompoundTerm, wordsIn } from "./text";
import type { Highlighted } from "./types";

/** Characters of a snippet, before the ellipses. */
export const SNIPPET_LENGTH = 180;
/** How much text a snippet keeps before its first match. */
const LEAD = 40;
const MAX_MARKS = 200;

interface Range {
  start: number;
  end: number;
  term: string;
}

function someCompound(terms: ReadonlySet<string>): boolean {
  for (const term of terms) if (isCompoundTerm(term)) return true;
  return false;
}

function matchedRanges(text: string, terms: ReadonlySet<string>): Range[] {
  if (!someCompound(terms)) return wordsIn(text, terms, MAX_MARKS);
  const ranges: Range[] = [];
  forEachToken(text, (term, start, end) => {
    if (ranges.length < MAX_MARKS && terms.has(term)) ranges.push({ start, end, term });
  });
  return ranges.sort((a, b) => a.start - b.start);
}

/** `text[from, to)` split into marked and plain parts. Overlapping ranges merge. */
function parts(text: string, ranges: Range[], from = 0, to = text.length): Highlighted {
  const result: Highlighted = [];
  let at = from;
  const push = (end: number, mark: boolean) => {
    if (end <= at) return;
    const last = result[result.length - 1];
    const slice = text.slice(at, end);
    if (last && last.mark === mark) last.text += slice;
    else result.push({ text: slice, mark });
    at = end;
  };
  for (const range of ranges) {
    if (range.end <= at || range.start >= to) continue;
    push(Math.max(range.start, at), false);
    push(Math.min(range.end, to), true);
  }
  push(to, false);
  return result;
}

export function highlight(text: string, terms: ReadonlySet<string>): Highlighted {
  return parts(text, matchedRanges(text, terms));
}

/** The start of the window that holds the most distinct matched terms (the earliest on a tie). */
function bestWindowStart(ranges: Range[], length: number): number {
  let best = 0;
  let bestCount = 0;
  // A sliding window over the ranges, counting each term's occurrences inside it.
  const inside = new Map<string, number>();
  let j = 0;
  for (const [i, first] of ranges.entries()) {
    for (; j < ranges.length && ranges[j]!.end <= first.start + length - LEAD; j += 1) {
      const term = ranges[j]!.term;
      inside.set(term, (inside.get(term) ?? 0) + 1);
    }
    if (inside.size > bestCount) {
      best = first.start;
      bestCount = inside.size;
    }
    if (j > i) {
      const left = inside.get(first.term) ?? 0;
      if (left <= 1) inside.delete(first.term);
      else inside.set(first.term, left - 1);
    } else {
      j = i + 1;
    }
  }
  return best;
}

/** A word may be cut when no space is this close (long URLs, code). */
const MAX_WORD_STRETCH = 24;

/** Never between the two halves of a surrogate pair (an emoji, a rare CJK character). */
function wholeCharacter(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return code >= 0xdc00 && code <= 0xdfff ? at - 1 : at;
}

/** Moves `at` back to the start of its word, or forward to the end of it, unless the word is very long. */
function toBoundary(text: string, at: number, forward: boolean): number {
  if (at <= 0) return 0;
  if (at >= text.length) return text.length;
  if (forward) {
    const space = text.indexOf(" ", at);
    const end = space === -1 ? text.length : space;
    return end - at <= MAX_WORD_STRETCH ? end : wholeCharacter(text, at);
  }
  const space = text.lastIndexOf(" ", at);
  return at - (space + 1) <= MAX_WORD_STRETCH ? space + 1 : wholeCharacter(text, at);
}

function addEllipsis(result: Highlighted, where: "start" | "end") {
  const edge = where === "start" ? result[0] : result[result.length - 1];
  if (edge && !edge.mark) edge.text = where === "start" ? `… ${edge.text}` : `${edge.text} …`;
  else if (where === "start") result.unshift({ text: "… ", mark: false });
  else result.push({ text: " …", mark: false });
}

export interface Snippet {
  parts: Highlighted;
  /** Whether any matched term is in it. */
  matched: boolean;
}

/**
 * A short excerpt of `text` (whitespace already collapsed, as the index
 * stores it) around its best cluster of matches, with ellipses where it was cut.
 */
export function snippet(text: string, terms: ReadonlySet<string>, length = SNIPPET_LENGTH): Snippet {
  const ranges = matchedRanges(text, terms);
  const anchor = ranges.length > 0 ? bestWindowStart(ranges, length) : 0;
  // A match in the first half of the opening window is shown from the very start.
  const start = anchor <= length / 2 ? 0 : toBoundary(text, anchor - LEAD, false);
  const end = text.length - start <= length ? text.length : toBoundary(text, start + length, true);
  const result = parts(text, ranges, start, end);
  if (start > 0) addEllipsis(result, "start");
  if (end < text.length) addEllipsis(result, "end");
  return { parts: result, matched: ranges.length > 0 };
}
