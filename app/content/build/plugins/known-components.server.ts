import type { Root } from "mdast";
import { visit } from "unist-util-visit";

export interface UnknownComponent {
  name: string;
  line: number;
  column: number;
}

const JSX_ELEMENTS = new Set(["mdxJsxFlowElement", "mdxJsxTextElement"]);

/**
 * Collects every JSX component a page uses that the site does not provide
 * (app/content/mdx-components.tsx), with its position. Without this, MDX
 * fails only when the page renders, naming neither the file nor the line.
 * Lower-case names are HTML elements and always allowed.
 */
export function remarkKnownComponents(options: { known: Set<string>; unknown: UnknownComponent[] }) {
  return (tree: Root) => {
    visit(tree, (node) => {
      if (!JSX_ELEMENTS.has(node.type)) return;
      const name = (node as { name?: string | null }).name;
      if (!name || !/^[A-Z]/.test(name) || options.known.has(name)) return;
      options.unknown.push({ name, line: node.position?.start.line ?? 0, column: node.position?.start.column ?? 0 });
    });
  };
}
