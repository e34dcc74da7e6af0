import type { Element, Root } from "hast";
import { toString } from "hast-util-to-string";
import { SKIP, visit } from "unist-util-visit";

/** Four words of running text make a sentence: such a cell must not be squeezed to a sliver. */
const SENTENCE_WORDS = 4;

/** Words of running text in a cell, its code left out. */
function proseWords(cell: Element): number {
  const text = cell.children
    .filter((child) => !(child.type === "element" && child.tagName === "code"))
    .map((child) => toString(child))
    .join(" ");
  return text.split(/\s+/).filter((word) => /\p{L}{2}/u.test(word)).length;
}

/**
 * Lets tables fit their column (docs/decisions/026-reader-layout.md): cells
 * holding a sentence are marked `cell-text` so the stylesheet keeps them
 * wide enough to read. Code in cells gets its break points from
 * rehypeCodeBreaks (plugins/code-breaks.server.ts).
 */
export function rehypeTableCells() {
  return (tree: Root) => {
    visit(tree, "element", (table: Element) => {
      // Highlighted code (a span per token) holds no tables; a table's cells are done below.
      if (table.tagName === "pre") return SKIP;
      if (table.tagName !== "table") return undefined;
      visit(table, "element", (cell: Element) => {
        if (cell.tagName !== "td" && cell.tagName !== "th") return;
        if (proseWords(cell) >= SENTENCE_WORDS) {
          const classes = Array.isArray(cell.properties.className) ? cell.properties.className : [];
          cell.properties.className = [...classes, "cell-text"];
        }
      });
      return SKIP;
    });
  };
}
