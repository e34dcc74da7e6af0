import type { Element, Root } from "hast";
import { toString } from "hast-util-to-string";
import { SKIP, visit } from "unist-util-visit";

const PLAIN = new Set(["text", "txt", "plaintext", "plain"]);

/** A block's name: its title ("compose.yaml"), else its language ("Code: bash"). */
function blockName(figure: Element, pre: Element): string {
  const caption = figure.children.find(
    (child): child is Element => child.type === "element" && child.tagName === "figcaption",
  );
  const title = caption ? toString(caption).trim() : "";
  if (title) return `Code: ${title}`;
  // rehype-pretty-code sets this property under its attribute name (plugins/compact-code.server.ts).
  const language = String(pre.properties["data-language"] ?? pre.properties.dataLanguage ?? "");
  return language && !PLAIN.has(language) ? `Code: ${language}` : "Code";
}

/**
 * A code block's <pre> is a focus stop (rehype-pretty-code gives it tabindex 0)
 * so that a keyboard can scroll a long line into view. A stop without a role
 * or a name is announced as nothing at all; a named group says what the
 * reader has reached. A group, not a region: an API page holds a hundred
 * blocks, and regions would bury the page's landmarks under them.
 */
export function rehypeCodeBlockNames() {
  return (tree: Root) => {
    visit(tree, "element", (figure: Element) => {
      if (figure.tagName === "pre") return SKIP;
      if (figure.tagName !== "figure" || !("data-rehype-pretty-code-figure" in figure.properties)) return undefined;
      const pre = figure.children.find((child): child is Element => child.type === "element" && child.tagName === "pre");
      if (pre) {
        pre.properties.role = "group";
        pre.properties.ariaLabel = blockName(figure, pre);
      }
      return SKIP;
    });
  };
}
