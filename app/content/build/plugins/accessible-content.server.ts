import type { Element, Root } from "hast";
import { toString } from "hast-util-to-string";
import { SKIP, visit } from "unist-util-visit";

/** A table's own name: its caption, else its first header cells. */
function tableName(table: Element): { caption: string; headers: string } {
  let caption = "";
  let headers: string[] = [];
  visit(table, "element", (node: Element) => {
    if (node.tagName === "caption" && !caption) caption = toString(node).trim();
    if (node.tagName === "th" && headers.length < 3) headers.push(toString(node).trim());
  });
  headers = headers.filter(Boolean);
  return { caption, headers: headers.join(", ") };
}

/**
 * The name of a table's scroll region. Guides repeat a table's columns under
 * many headings (the configuration page has eight "Variable, Default,
 * Meaning" tables), and regions of one name cannot be told apart in a screen
 * reader's list of them, so an uncaptioned table is named after its section
 * too.
 */
function regionName(table: Element, section: string): string {
  const { caption, headers } = tableName(table);
  if (caption) return caption;
  if (section) return headers ? `${section}: table of ${headers}` : `${section}: table`;
  return headers ? `Table: ${headers}` : "Table";
}

const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

/**
 * Fixes Markdown's accessibility gaps in the compiled HTML:
 * - a wide table scrolls inside a region that keyboard users can focus (and
 *   so scroll), named after the table and its section, numbered where a
 *   section holds two alike;
 * - a table's empty corner header cell becomes a plain cell;
 * - a task list's checkbox (disabled, it only shows state) gets a name.
 */
export function rehypeAccessibleContent() {
  return (tree: Root) => {
    let section = "";
    const regions: Element[] = [];
    visit(tree, "element", (node: Element, index, parent) => {
      // Visited in document order, so the last heading seen is the table's section.
      if (HEADINGS.has(node.tagName)) {
        section = toString(node).trim();
        return SKIP;
      }
      if (node.tagName === "table" && parent && index !== undefined) {
        plainCorners(node);
        const region: Element = {
          type: "element",
          tagName: "div",
          properties: { className: ["table-scroll"], tabIndex: 0, role: "region", ariaLabel: regionName(node, section) },
          children: [node],
        };
        parent.children[index] = region;
        regions.push(region);
        return index + 1;
      }
      if (node.tagName === "input" && node.properties.type === "checkbox") {
        node.properties.ariaLabel = node.properties.checked ? "Done" : "Not done";
      }
      // Highlighted code (a span per token) holds neither tables nor checkboxes.
      return node.tagName === "pre" ? SKIP : undefined;
    });
    numberAlike(regions);
  };
}

/** The empty corner of a comparison table ("| | disk | minio |") heads nothing: it becomes a plain cell. */
function plainCorners(table: Element) {
  visit(table, "element", (row: Element) => {
    if (row.tagName !== "tr") return undefined;
    const first = row.children.find((child): child is Element => child.type === "element");
    if (first?.tagName === "th" && toString(first).trim() === "") first.tagName = "td";
    return SKIP;
  });
}

/** "…, 1 of 2", "…, 2 of 2" on regions that would otherwise share a name. */
function numberAlike(regions: Element[]) {
  const byName = new Map<string, Element[]>();
  for (const region of regions) {
    const name = String(region.properties.ariaLabel);
    byName.set(name, [...(byName.get(name) ?? []), region]);
  }
  for (const [name, alike] of byName) {
    if (alike.length < 2) continue;
    alike.forEach((region, i) => {
      region.properties.ariaLabel = `${name}, ${i + 1} of ${alike.length}`;
    });
  }
}
