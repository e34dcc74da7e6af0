import type { Element, Root } from "hast";
import { SKIP, visit } from "unist-util-visit";

/**
 * A copy button on every code block. It ships hidden: the client script shows
 * it and copies the block's text, so without JavaScript there is no dead button.
 */
export function rehypeCodeCopy() {
  return (tree: Root) => {
    visit(tree, "element", (node: Element) => {
      // rehype-pretty-code sets this property under its attribute name, not the camelCase hast name
      // Nothing to find inside a block's code, which is a span per token.
      if (node.tagName === "pre") return SKIP;
      if (node.tagName !== "figure" || !("data-rehype-pretty-code-figure" in node.properties)) return undefined;
      node.properties.className = ["code-block"];
      node.children.push({
        type: "element",
        tagName: "button",
        properties: { type: "button", className: ["copy-code"], dataCopyCode: true, hidden: true, ariaLabel: "Copy code to clipboard" },
        children: [{ type: "text", value: "Copy" }],
      });
      return SKIP;
    });
  };
}
