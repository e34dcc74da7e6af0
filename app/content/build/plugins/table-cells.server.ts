import type { Element, ElementContent, Root, Text } from "hast";
import { toString } from "hast-util-to-string";
import { SKIP, visit } from "unist-util-visit";

/** Four words of running text make a sentence: such a cell must not be squeezed to a sliver. */
const SENTENCE_WORDS = 4;

/**
 * Where a long value in a table may break. A list or JSON object breaks after
 * its commas, so each key and value stays whole; anything else (identifiers,
 * paths, file names) after its underscores, slashes and dots.
 */
function breakAfter(value: string): RegExp {
  return value.includes(",") ? /,/g : /[_/.]/g;
}

/** The text with a <wbr> after each break point (none at the very end). */
function withBreaks(text: Text): ElementContent[] {
  const parts: ElementContent[] = [];
  let start = 0;
  for (const match of text.value.matchAll(breakAfter(text.value))) {
    const end = match.index + 1;
    if (end >= text.value.length) break;
    parts.push({ type: "text", value: text.value.slice(start, end) }, { type: "element", tagName: "wbr", properties: {}, children: [] });
    start = end;
  }
  parts.push({ type: "text", value: text.value.slice(start) });
  return parts;
}

/** A command-line option ("-d", "--requirepass"), after a space or at the start. */
const OPTION = /(?<=^|\s)-+[^\s-]\S*/g;

/**
 * The text with its options kept whole: a line may break after the hyphens
 * inside "gen-test-data", but "up -" then "d" on the next line misreads the
 * command.
 */
function withWholeOptions(text: Text): ElementContent[] {
  const parts: ElementContent[] = [];
  let start = 0;
  for (const match of text.value.matchAll(OPTION)) {
    if (match.index > start) parts.push(...withBreaks({ type: "text", value: text.value.slice(start, match.index) }));
    parts.push({
      type: "element",
      tagName: "span",
      properties: { className: ["code-option"] },
      children: withBreaks({ type: "text", value: match[0] }),
    });
    start = match.index + match[0].length;
  }
  if (start < text.value.length) parts.push(...withBreaks({ type: "text", value: text.value.slice(start) }));
  return parts;
}

function addBreaks(code: Element) {
  code.children = code.children.flatMap((child) => (child.type === "text" ? withWholeOptions(child) : [child]));
}

/** Words of running text in a cell, its code left out. */
function proseWords(cell: Element): number {
  const text = cell.children
    .filter((child) => !(child.type === "element" && child.tagName === "code"))
    .map((child) => toString(child))
    .join(" ");
  return text.split(/\s+/).filter((word) => /\p{L}{2}/u.test(word)).length;
}

/**
 * Lets tables fit their column (docs/decisions/026-reader-layout.md): long
 * code values in cells get break points (<wbr>, which copying and search
 * ignore) and keep their options whole (a `code-option` span, which the
 * stylesheet does not wrap), and cells holding a sentence are marked
 * `cell-text` so the stylesheet keeps them wide enough to read.
 */
export function rehypeTableCells() {
  return (tree: Root) => {
    visit(tree, "element", (table: Element) => {
      // Highlighted code (a span per token) holds no tables; a table's cells are done below.
      if (table.tagName === "pre") return SKIP;
      if (table.tagName !== "table") return undefined;
      visit(table, "element", (cell: Element) => {
        if (cell.tagName !== "td" && cell.tagName !== "th") return;
        visit(cell, "element", (code: Element) => {
          if (code.tagName === "code") addBreaks(code);
        });
        if (proseWords(cell) >= SENTENCE_WORDS) {
          const classes = Array.isArray(cell.properties.className) ? cell.properties.className : [];
          cell.properties.className = [...classes, "cell-text"];
        }
      });
      return SKIP;
    });
  };
}
