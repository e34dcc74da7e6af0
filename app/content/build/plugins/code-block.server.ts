import type { Code, Root } from "mdast";
import { toString } from "mdast-util-to-string";
import { SKIP, visit } from "unist-util-visit";

// Docusaurus's <CodeBlock language="bash" title="compose.yaml">{`…`}</CodeBlock>
// becomes an ordinary fenced code block before anything else sees it, so it is
// highlighted, titled, copied and checked like every other one.

interface JsxAttribute {
  type: string;
  name?: string;
  value?: unknown;
}

interface JsxFlowElement {
  type: "mdxJsxFlowElement";
  name: string | null;
  attributes: JsxAttribute[];
  children: { type: string; value?: string }[];
  position?: Code["position"];
}

/** The code as written: a template literal ({`…`}) without its backticks, or the element's text. */
function codeOf(element: JsxFlowElement): string {
  const [only] = element.children;
  if (element.children.length === 1 && only?.type === "mdxFlowExpression" && typeof only.value === "string") {
    const literal = only.value.trim().match(/^`([\s\S]*)`$/);
    if (literal?.[1] !== undefined) return literal[1].replace(/\\`/g, "`").replace(/\\\$\{/g, "${").replace(/^\n/, "").replace(/\n$/, "");
  }
  return toString(element.children as never);
}

export function remarkCodeBlock() {
  return (tree: Root) => {
    visit(tree, (node, index, parent) => {
      if ((node.type as string) !== "mdxJsxFlowElement") return;
      const element = node as unknown as JsxFlowElement;
      if (element.name !== "CodeBlock" || !parent || index === undefined) return;
      const attribute = (name: string) => element.attributes.find((a) => a.type === "mdxJsxAttribute" && a.name === name);
      const text = (name: string) => {
        const value = attribute(name)?.value;
        return typeof value === "string" ? value : null;
      };
      const title = text("title");
      const meta = [title === null ? "" : `title="${title.replace(/"/g, "'")}"`, attribute("showLineNumbers") ? "showLineNumbers" : ""].filter(Boolean).join(" ");
      const code: Code = { type: "code", lang: text("language"), meta: meta || null, value: codeOf(element), position: element.position };
      parent.children[index] = code;
      return SKIP;
    });
  };
}
