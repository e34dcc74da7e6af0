import type { Element, ElementContent, Root, RootContent, Text } from "hast";
import { codeSegments, LONG_VALUE } from "~/lib/code-breaks";

/** A command-line option ("-d", "--requirepass"), after a space or at the start. */
const OPTION = /(?<=^|\s)-+[^\s-]\S*/g;

/** The text with a <wbr> at each of its break points (<wbr>, which copying and search ignore). */
function withBreaks(value: string, breaks: boolean): ElementContent[] {
  if (!breaks) return [{ type: "text", value }];
  return codeSegments(value).flatMap((piece, n): ElementContent[] =>
    n === 0
      ? [{ type: "text", value: piece }]
      : [
          { type: "element", tagName: "wbr", properties: {}, children: [] },
          { type: "text", value: piece },
        ],
  );
}

/**
 * The text with its options kept whole (a `code-option` span, which the
 * stylesheet does not wrap): a line may break after the hyphens inside
 * "gen-test-data", but "up -" then "d" on the next line misreads the command.
 */
function withWholeOptions(text: Text, breaks: boolean): ElementContent[] {
  const parts: ElementContent[] = [];
  let start = 0;
  for (const match of text.value.matchAll(OPTION)) {
    if (match.index > start) parts.push(...withBreaks(text.value.slice(start, match.index), breaks));
    parts.push({
      type: "element",
      tagName: "span",
      properties: { className: ["code-option"] },
      children: withBreaks(match[0], breaks),
    });
    start = match.index + match[0].length;
  }
  if (start < text.value.length) parts.push(...withBreaks(text.value.slice(start), breaks));
  return parts;
}

function breakCode(code: Element, inTable: boolean) {
  const breaks = inTable || code.children.some((child) => child.type === "text" && child.value.length >= LONG_VALUE);
  code.children = code.children.flatMap((child) => (child.type === "text" ? withWholeOptions(child, breaks) : [child]));
}

/** Every element, inside components (<Tabs>, admonitions) too. */
function visit(node: Root | RootContent, inTable: boolean) {
  if (!("children" in node)) return;
  if (node.type === "element") {
    // Blocks of code (a span per token once highlighted) keep their lines as written.
    if (node.tagName === "pre") return;
    if (node.tagName === "code") return breakCode(node, inTable);
  }
  const cell = node.type === "element" && (node.tagName === "td" || node.tagName === "th");
  for (const child of node.children) visit(child, inTable || cell);
}

/**
 * Where inline code may move to the next line (docs/decisions/026-reader-layout.md):
 * in a table's cells every value gets break points, so a column can be
 * narrower than its longest value; in running text only long values do
 * (LONG_VALUE), which may not fit a phone's line.
 * Options stay whole everywhere.
 */
export function rehypeCodeBreaks() {
  return (tree: Root) => visit(tree, false);
}
