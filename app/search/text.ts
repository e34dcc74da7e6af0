// How text becomes search terms. The index, the query and the highlighting
// all use this one tokenizer, so what matches is exactly what gets marked.

import { MAX_QUERY_LENGTH } from "./limits";

/** Words of a query past this many are ignored: each one costs a walk of the index. */
export const MAX_QUERY_TERMS = 12;
/** Longer tokens (hashes, base64 in code) are not indexed, and not searched. */
const MAX_TERM_LENGTH = 60;

export interface Token {
  /** Normalized: lower case, without accents. */
  term: string;
  start: number;
  end: number;
  /** A plain word, or a whole identifier or path ("smriti_feature_places", "/v1/albums/{id}"). */
  compound: boolean;
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** Words joined by one of these form a compound too: environment variables, file names, versions, hyphenated words. */
const JOINERS = "_.-";
/** URL and file paths, API paths with their {parameters}. */
const PATH = /(?:\/[\p{L}\p{M}\p{N}_{}.~-]+)+/gu;

/**
 * Words so common that they only add noise to an AND query ("how do I
 * install"). Not indexed; dropped from queries except as the word being typed.
 */
export const STOP_WORDS = new Set(
  "a an and are as at be by can do does for from how i if in into is it its my of on or so that the then this to was what when where which who will with you your".split(
    " ",
  ),
);

const ASCII = /^\p{ASCII}*$/u;

/** Lower case without accents: "Café" and "cafe" are one term. */
export function normalizeTerm(term: string): string {
  // Most terms are ASCII, and Unicode normalization is the slow part of highlighting.
  if (ASCII.test(term)) return term.toLowerCase();
  return term
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

type Visit = (term: string, start: number, end: number, compound: boolean) => void;

function emit(text: string, start: number, end: number, compound: boolean, visit: Visit) {
  const term = normalizeTerm(text.slice(start, end));
  if (term !== "" && term.length <= MAX_TERM_LENGTH) visit(term, start, end, compound);
}

/**
 * Calls `visit` for every token of `text`, with its position: each word,
 * each run of words joined by "_", "." or "-" (found from the words, in one
 * pass), and each path. Compounds overlap the words they contain.
 * `wordsOnly` skips the compounds.
 */
export function forEachToken(text: string, visit: Visit, wordsOnly = false) {
  let runStart = -1;
  let runEnd = -1;
  let runWords = 0;
  const endRun = () => {
    if (runWords > 1) emit(text, runStart, runEnd, true, visit);
  };
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    const end = start + match[0].length;
    emit(text, start, end, false, visit);
    if (wordsOnly) continue;
    if (runWords > 0 && start === runEnd + 1 && JOINERS.includes(text.charAt(runEnd))) {
      runEnd = end;
      runWords += 1;
    } else {
      endRun();
      runStart = start;
      runEnd = end;
      runWords = 1;
    }
  }
  if (wordsOnly) return;
  endRun();
  for (const match of text.matchAll(PATH)) {
    // A path at the end of a sentence keeps its slash but not the full stop.
    const end = match.index + match[0].replace(/[.\-~]+$/, "").length;
    emit(text, match.index, end, true, visit);
  }
}

/** Every token of `text`, as forEachToken visits them. */
export function tokens(text: string, wordsOnly = false): Token[] {
  const found: Token[] = [];
  forEachToken(text, (term, start, end, compound) => found.push({ term, start, end, compound }), wordsOnly);
  return found;
}

/** An ASCII text's runs of letters and digits too long to be terms (emit drops them); tried only where a run starts. */
const LONG_ASCII_WORD = new RegExp(`(?<![a-z0-9])[a-z0-9]{${MAX_TERM_LENGTH + 1},}`, "g");
const NOT_ASCII_WORD = /[^a-z0-9]+/g;

/**
 * `text`'s words (forEachToken's, without compounds) in lower case, each
 * between single spaces, with a space at each end: what a phrase search
 * looks for " word word" in. Most texts are ASCII, where the words are the
 * runs of letters and digits: two regular-expression passes make the same
 * string as a token at a time, several times faster.
 */
export function spacedWords(text: string): string {
  if (!ASCII.test(text))
    return ` ${tokens(text, true)
      .map((token) => token.term)
      .join(" ")} `;
  const words = text.toLowerCase().replace(LONG_ASCII_WORD, " ").replace(NOT_ASCII_WORD, " ").trim();
  return ` ${words} `;
}

/** In ASCII text, the characters of forEachToken's words: letters and digits. */
function isAsciiWordCode(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/**
 * The words of `text` (forEachToken's, without compounds) whose term is in
 * `terms`, in order, the first `limit` of them. In ASCII text a word is a run
 * of letters and digits, so a term is found where the text in lower case
 * holds it with no letter or digit on either side: `indexOf`, in V8's native
 * code, finds those places, and no string is made of a word that is not a
 * term. Highlighting a results page scans the texts of every hit's document,
 * and a loop over their characters in JavaScript took a sixth of a search's
 * time (at twenty hits a page).
 */
export function wordsIn(text: string, terms: ReadonlySet<string>, limit: number): Token[] {
  const found: Token[] = [];
  if (!ASCII.test(text)) {
    forEachToken(
      text,
      (term, start, end) => {
        if (found.length < limit && terms.has(term)) found.push({ term, start, end, compound: false });
      },
      true,
    );
    return found;
  }
  const lower = text.toLowerCase();
  for (const term of terms) {
    // Only a term of letters and digits can be an ASCII word; a longer one is not indexed (emit).
    if (term.length > MAX_TERM_LENGTH || !ASCII_WORD.test(term)) continue;
    let count = 0;
    for (let at = lower.indexOf(term); at !== -1 && count < limit; at = lower.indexOf(term, at + term.length)) {
      const end = at + term.length;
      if ((at > 0 && isAsciiWordCode(lower.charCodeAt(at - 1))) || isAsciiWordCode(lower.charCodeAt(end))) continue;
      found.push({ term, start: at, end, compound: false });
      count += 1;
    }
  }
  found.sort(byStart);
  if (found.length > limit) found.length = limit;
  return found;
}

const ASCII_WORD = /^[a-z0-9]+$/;

function byStart(a: Token, b: Token): number {
  return a.start - b.start;
}

/** Whether a term is a joined form or a path rather than a plain word. */
export function isCompoundTerm(term: string): boolean {
  return /[^\p{L}\p{N}]/u.test(term);
}

/** Calls `visit` for each term MiniSearch indexes for a field's text, in order (never an empty one). */
export function forEachIndexTerm(text: string, visit: (term: string) => void) {
  forEachToken(text, (term) => {
    if (!STOP_WORDS.has(term)) visit(term);
  });
}

/** The terms MiniSearch indexes for a field's text. */
export function indexTerms(text: string): string[] {
  const terms: string[] = [];
  forEachIndexTerm(text, (term) => terms.push(term));
  return terms;
}

export interface CleanQuery {
  /** Trimmed, spaces collapsed, control characters removed, cut to MAX_QUERY_LENGTH. */
  text: string;
  truncated: boolean;
}

/** The query as it will be searched and shown. Cuts by characters, never inside a surrogate pair. */
export function cleanQuery(raw: unknown): CleanQuery {
  const text = (typeof raw === "string" ? raw : "").replace(/[\p{Cc}\p{Cf}\s]+/gu, " ").trim();
  const chars = Array.from(text);
  if (chars.length <= MAX_QUERY_LENGTH) return { text, truncated: false };
  return { text: chars.slice(0, MAX_QUERY_LENGTH).join("").trim(), truncated: true };
}

export interface QueryTerms {
  words: string[];
  compounds: string[];
}

/**
 * The distinct terms of a query, at most MAX_QUERY_TERMS in all. Stop words
 * are dropped unless they are all there is ("do" still finds "docker" while
 * it is being typed).
 */
export function queryTerms(query: string): QueryTerms {
  const all = tokens(query);
  const words = [...new Set(all.filter((t) => !t.compound).map((t) => t.term))];
  const meaningful = words.filter((word) => !STOP_WORDS.has(word));
  const chosen = (meaningful.length > 0 ? meaningful : words).slice(0, MAX_QUERY_TERMS);
  const compounds = [...new Set(all.filter((t) => t.compound).map((t) => t.term))];
  return { words: chosen, compounds: compounds.slice(0, Math.max(0, MAX_QUERY_TERMS - chosen.length)) };
}
