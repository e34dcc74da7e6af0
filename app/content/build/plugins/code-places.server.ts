import type { Root } from "mdast";
import { visit } from "unist-util-visit";

/** A piece of a page that runs when the page renders: an expression, an import or export, or a component. */
export interface CodePlace {
  /** The expression's or statement's source; a component's name. */
  text: string;
  line: number;
  column: number;
}

const EXPRESSIONS = new Set(["mdxFlowExpression", "mdxTextExpression", "mdxjsEsm"]);
const JSX_ELEMENTS = new Set(["mdxJsxFlowElement", "mdxJsxTextElement"]);

interface JsxAttribute {
  type: string;
  value?: unknown;
  position?: { start: { line: number; column: number } };
}

/** The code of an attribute written with braces (`{...props}`, `items={list}`); null for a plain value. */
function attributeCode(attribute: JsxAttribute): string | null {
  if (attribute.type === "mdxJsxExpressionAttribute") return typeof attribute.value === "string" ? attribute.value : null;
  const value = attribute.value as { value?: unknown } | string | null | undefined;
  return typeof value === "object" && value !== null && typeof value.value === "string" ? value.value : null;
}

/**
 * Collects, in source order, every place of a page whose code runs when the
 * page is rendered, so that a failure then (a misspelt variable in `{…}`) can
 * be named by its line: the compiled page keeps no positions of its own.
 */
export function remarkCodePlaces(options: { places: CodePlace[] }) {
  return (tree: Root) => {
    visit(tree, (node) => {
      const start = node.position?.start;
      if (!start) return;
      const at = { line: start.line, column: start.column };
      if (EXPRESSIONS.has(node.type)) {
        options.places.push({ text: (node as { value: string }).value, ...at });
        return;
      }
      if (!JSX_ELEMENTS.has(node.type)) return;
      const name = (node as { name?: string | null }).name ?? "";
      // A component runs code; an HTML element (lower case) does not, but its attributes may.
      if (/^[A-Z]/.test(name)) options.places.push({ text: name, ...at });
      for (const attribute of (node as { attributes?: JsxAttribute[] }).attributes ?? []) {
        const code = attributeCode(attribute);
        const own = attribute.position?.start;
        if (code !== null) options.places.push({ text: code, ...(own ? { line: own.line, column: own.column } : at) });
      }
    });
  };
}
