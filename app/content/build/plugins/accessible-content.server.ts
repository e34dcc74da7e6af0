import type { Element, Root } from "hast";
import { toString } from "hast-util-to-string";
import { SKIP, visit } from "unist-util-visit";

/** A short name for a table: its caption, else its first header cells. */
function tableName(table: Element): string {
  let caption = "";
  let headers: string[] = [];
  visit(table, "element", (node: Element) => {
    if (node.tagName === "caption" && !caption) caption = toString(node).trim();
    if (node.tagName === "th" && headers.length < 3) headers.push(toString(node).trim());
  });
  headers = headers.filter(Boolean);
  return caption || (headers.length ? `Table: ${headers.join(", ")}` : "Table");
}

/**
 * Fixes Markdown's accessibility gaps in the compiled HTML:
 * - a wide table scrolls inside a region that keyboard users can focus (and
 *   so scroll), named after the table;
 * - a task list's checkbox (disabled, it only shows state) gets a name.
 */
export function rehypeAccessibleContent() {
  return (tree: Root) => {
    visit(tree, "element", (node: Element, index, parent) => {
      if (node.tagName === "table" && parent && index !== undefined) {
        parent.children[index] = {
          type: "element",
          tagName: "div",
          properties: { className: ["table-scroll"], tabIndex: 0, role: "region", ariaLabel: tableName(node) },
          children: [node],
        };
        return index + 1;
      }
      if (node.tagName === "input" && node.properties.type === "checkbox") {
        node.properties.ariaLabel = node.properties.checked ? "Done" : "Not done";
      }
      // Highlighted code (a span per token) holds neither tables nor checkboxes.
      return node.tagName === "pre" ? SKIP : undefined;
    });
  };
}
