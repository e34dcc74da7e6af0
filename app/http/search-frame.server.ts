import { inlineScriptHash } from "./security-headers.server";

/**
 * A results page split where it depends on the query: everything else (the
 * document, the navbar, the footer, the scripts) is the same for every query
 * of a state (theme, version, scope, host…: the page cache's key without the
 * query), so it is rendered once, as a "frame", and each search fills in its
 * own parts. See docs/decisions/041-search-page-frame.md.
 *
 * The frame is cut from a page Remix rendered for FRAME_QUERY, a query no
 * reader types by chance: each place that query shows up in is a slot, known
 * by how it is written there. Any other appearance of it (a place this module
 * does not know about) refuses the frame, so a page that changes where it
 * shows the query costs speed (a full render), never a wrong page.
 */

/** Quotes, markup and an ampersand: each context writes it differently, so each place is told apart. */
export const FRAME_QUERY = `"<frame-slot-7b1e>&'`;
const encoder = new TextEncoder();

/** What every written form of FRAME_QUERY contains. */
const FRAME_MARK = "frame-slot-7b1e";

/**
 * The query-dependent places of a results page:
 * - main: the page's <main> element (form, scope switch, results);
 * - data: the search route's loader data in the hydration script;
 * - address: the page's own address in attributes (the settings forms' return address, the language link);
 * - title: the search as the titles name it (the title and the social titles),
 *   HTML text: the query, and the page of results after the first.
 */
export type Slot = "main" | "data" | "address" | "title";

export interface Frame {
  /** Static text, in UTF-8 once for all the pages filled; a slot between each two, so one more than `slots`. */
  parts: Uint8Array[];
  slots: Slot[];
  /** The hydration script around the data slot, in UTF-8 bytes: its hash for the CSP is of the filled page's bytes there. */
  script: { before: number; after: number };
  /** The Content-Security-Policy around the hydration script's hash. */
  csp: { before: string; after: string };
}

/** What fills the slots, each already written for its place: as text, or as its UTF-8 bytes. */
export type Fill = Record<Slot, string | Uint8Array>;

/** What fills the slots, as text. */
export type TextFill = Record<Slot, string>;

/** React's escaping of text and attribute values (react-dom/server: escapeTextForBrowser). */
export function escapeHtml(text: string): string {
  return text.replace(/["&'<>]/g, (c) => HTML_ESCAPES[c] ?? c);
}

const HTML_ESCAPES: Record<string, string> = {
  '"': "&quot;",
  "&": "&amp;",
  "'": "&#x27;",
  "<": "&lt;",
  ">": "&gt;",
};

function count(text: string, needle: string): number {
  let n = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) n += 1;
  return n;
}

/** Splits every static part at each occurrence of `needle`, with a `slot` in each gap. */
function cut(frame: { parts: string[]; slots: Slot[] }, needle: string, slot: Slot): void {
  const parts: string[] = [];
  const slots: Slot[] = [];
  frame.parts.forEach((part, i) => {
    part.split(needle).forEach((piece, j) => {
      if (j > 0) slots.push(slot);
      parts.push(piece);
    });
    if (i < frame.slots.length) slots.push(frame.slots[i]!);
  });
  frame.parts = parts;
  frame.slots = slots;
}

/**
 * Cuts a frame from `html`, the page Remix rendered for FRAME_QUERY, given
 * what each slot holds in it, and `csp`, the Content-Security-Policy sent
 * with it. Returns why not when the page is not what it should be: the main
 * element or the data not found exactly once, the query in an unknown place,
 * or the hydration script's hash not in the CSP.
 */
export function cutFrame(html: string, csp: string, sentinel: TextFill): Frame | string {
  for (const slot of ["main", "data"] as const)
    if (count(html, sentinel[slot]) !== 1) return `the ${slot} slot is not found exactly once`;
  const frame = { parts: [html], slots: [] as Slot[] };
  // The main element and the data hold the query written in every way: cut first.
  cut(frame, sentinel.main, "main");
  cut(frame, sentinel.data, "data");
  cut(frame, sentinel.address, "address");
  cut(frame, sentinel.title, "title");
  if (frame.parts.some((part) => part.includes(FRAME_MARK)))
    return "the query is shown in a place the frame does not know";

  const dataAt = frame.slots.indexOf("data");
  const before = frame.parts[dataAt]!;
  const after = frame.parts[dataAt + 1]!;
  const opening = before.lastIndexOf("<script>");
  const closing = after.indexOf("</script>");
  if (opening === -1 || closing === -1) return "the data is not inside a script";
  const script = { before: before.slice(opening + "<script>".length), after: after.slice(0, closing) };
  if (script.before.includes("</script>")) return "the data is not inside a script";
  const hash = inlineScriptHash(script.before + sentinel.data + script.after);
  if (count(csp, hash) !== 1) return "the hydration script's hash is not in the Content-Security-Policy";
  const hashAt = csp.indexOf(hash);
  return {
    parts: frame.parts.map((part) => encoder.encode(part)),
    slots: frame.slots,
    script: { before: Buffer.byteLength(script.before), after: Buffer.byteLength(script.after) },
    csp: { before: csp.slice(0, hashAt), after: csp.slice(hashAt + hash.length) },
  };
}

/**
 * The page for `fill`, in UTF-8, and its Content-Security-Policy (the
 * hydration script's hash is the one to change). Only the slots are encoded:
 * the rest of the page was once, when the frame was cut.
 */
export function fillFrame(frame: Frame, fill: Fill): { body: Uint8Array<ArrayBuffer>; csp: string } {
  // Each slot is encoded straight into the page's bytes, counted first: no copy of it is made.
  const fills = frame.slots.map((slot) => fill[slot]);
  let length = 0;
  for (const part of frame.parts) length += part.length;
  for (const each of fills) length += typeof each === "string" ? Buffer.byteLength(each, "utf8") : each.length;
  const body = new Uint8Array(length);
  let at = 0;
  let script = { start: 0, end: 0 };
  for (let i = 0; i < frame.parts.length; i += 1) {
    body.set(frame.parts[i]!, at);
    at += frame.parts[i]!.length;
    if (i >= fills.length) continue;
    const start = at;
    const each = fills[i]!;
    if (typeof each === "string") at += encoder.encodeInto(each, body.subarray(at)).written;
    else {
      body.set(each, at);
      at += each.length;
    }
    if (frame.slots[i] === "data") script = { start: start - frame.script.before, end: at + frame.script.after };
  }
  // The script's text is in the page as its bytes: hashed there, with no copy of it made.
  const hash = inlineScriptHash(body.subarray(script.start, script.end));
  return { body, csp: frame.csp.before + hash + frame.csp.after };
}
