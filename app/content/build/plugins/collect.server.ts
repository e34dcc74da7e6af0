import type { Element, ElementContent, Root, RootContent } from "hast";
import { headingRank } from "hast-util-heading-rank";
import { toString } from "hast-util-to-string";
import { SKIP, visit } from "unist-util-visit";
import type { PageSection, TocEntry } from "../../types";

export interface PageOutline {
  toc: TocEntry[];
  anchors: string[];
  sections: PageSection[];
}

function isElement(node: RootContent | ElementContent): node is Element {
  return node.type === "element";
}

/** Blocks whose parts are read one by one: a code block in them goes to the code, and the rest is separated by spaces. */
const CONTAINERS = new Set(["figure", "aside", "div", "ul", "ol", "blockquote", "table"]);

/** Whether a code block is inside `node`: a list item holding one (a step with its command) is read part by part too. */
function holdsCode(node: Element): boolean {
  return node.children.some((child) => isElement(child) && (child.tagName === "pre" || holdsCode(child)));
}

/** Text and code of a node, with code blocks kept apart. */
function splitText(node: RootContent): { text: string; code: string } {
  if (!isElement(node)) return { text: node.type === "text" ? node.value : "", code: "" };
  if (node.tagName === "pre") return { text: "", code: toString(node) };
  if (CONTAINERS.has(node.tagName) || holdsCode(node)) {
    const parts = node.children.map((child) => splitText(child as RootContent));
    return {
      text: parts.map((p) => p.text).filter(Boolean).join(" "),
      code: parts.map((p) => p.code).filter(Boolean).join("\n"),
    };
  }
  return { text: toString(node), code: "" };
}

/**
 * Reads the compiled document's outline: the h2/h3 table of contents, every
 * id (for anchor checks), and the text under each heading (for search). Runs
 * after the ids are set and before anchor links are added to headings.
 */
export function rehypeCollectOutline(outline: PageOutline) {
  return (tree: Root) => {
    visit(tree, "element", (node: Element) => {
      const id = node.properties?.id;
      if (typeof id === "string") outline.anchors.push(id);
      // Highlighted code is a span per token and holds no ids.
      return node.tagName === "pre" ? SKIP : undefined;
    });

    let current: PageSection = { id: "", heading: "", text: "", code: "" };
    const sections: PageSection[] = [current];
    for (const child of tree.children) {
      const rank = isElement(child) ? headingRank(child) : undefined;
      if (isElement(child) && rank && rank >= 2 && rank <= 4) {
        const id = String(child.properties?.id ?? "");
        const text = toString(child).trim();
        if (rank <= 3) outline.toc.push({ id, text, depth: rank as 2 | 3 });
        current = { id, heading: text, text: "", code: "" };
        sections.push(current);
        continue;
      }
      const { text, code } = splitText(child);
      if (text.trim()) current.text = `${current.text} ${text}`.replace(/\s+/g, " ").trim();
      if (code.trim()) current.code = current.code ? `${current.code}\n${code}` : code;
    }
    outline.sections = sections.filter((s) => s.heading || s.text || s.code);
  };
}
