import type { Element, ElementContent, Root } from "hast";
import { toHtml } from "hast-util-to-html";
import { visit } from "unist-util-visit";
import { PRETTY_CODE_OPTIONS } from "~/content/build/highlighter.server";
import { rehypeCodeBlockNames } from "~/content/build/plugins/code-block-names.server";
import { rehypeCodeCopy } from "~/content/build/plugins/code-copy.server";
import { rehypeCompactCode } from "~/content/build/plugins/compact-code.server";

/**
 * Code of the API reference (samples, JSON examples) highlighted at build
 * time by the same rehype-pretty-code, themes, copy button and compaction as
 * the guides' code blocks, so the same CSS and copy script serve both.
 */
// One transformer for every block: it keeps its Shiki highlighter between calls. Made at the first
// block, so that a build with every API reference in its cache never loads the highlighter.
let prettyCode: Promise<(tree: Root) => Promise<void>> | undefined;
const transformer = async () => {
  const { default: rehypePrettyCode } = await import("rehype-pretty-code");
  return rehypePrettyCode(PRETTY_CODE_OPTIONS) as (
    tree: Root,
  ) => Promise<void>;
};

export async function highlightCode(code: string, language: string): Promise<string> {
  const codeElement: Element = {
    type: "element",
    tagName: "code",
    properties: { className: [`language-${language}`] },
    children: [{ type: "text", value: code }],
  };
  const tree: Root = {
    type: "root",
    children: [{ type: "element", tagName: "pre", properties: {}, children: [codeElement] }],
  };
  // The plugins' attachers return their transformers; no unified processor is needed to run them.
  prettyCode ??= transformer();
  await (
    await prettyCode
  )(tree);
  rehypeCodeCopy()(tree);
  rehypeCodeBlockNames()(tree);
  rehypeCompactCode()(tree);
  visit(tree, "element", (node: Element) => {
    if (node.tagName === "code") plainLines(node);
  });
  return toHtml(tree).replace(TOKEN_STYLE, (_match, light: string, dark: string) => `class="k${light}${dark}"`);
}

/*
 * The reference's blocks have no line numbers or marked lines, so they need no
 * element per line, and a token in the block's own colour needs no element
 * either. Rehype-pretty-code gives both, and on a tag page they were about a
 * quarter of the page's elements (a fifth of /api/explore's 9,400), each one
 * styled and laid out, lines as grid items, on every load: the main cost of
 * the page's blocking time (docs/decisions/037-api-page-rendering.md). Lines
 * become plain text between newlines, and the block carries the theme's
 * foreground as its class; app.css lays it out as one flow of text.
 */
const FOREGROUND_STYLE = "--l:#0E1116;--d:#F0F3F6";
const FOREGROUND_CLASS = "k0E1116F0F3F6";

function isForegroundToken(node: ElementContent): node is Element {
  if (node.type !== "element" || node.tagName !== "span") return false;
  // Plain text (the JSON examples) comes as tokens with no colour at all.
  return node.properties.style === FOREGROUND_STYLE || Object.keys(node.properties).length === 0;
}

// rehype-pretty-code writes some properties under their attribute name (plugins/compact-code.server.ts).
const isLine = (node: Element) => node.properties.dataLine !== undefined || node.properties["data-line"] !== undefined;

function lineContent(line: ElementContent): ElementContent[] {
  if (line.type !== "element" || !isLine(line)) return [line];
  // An empty line holds one space so its grid row keeps its height; as plain text it needs none.
  const only = line.children.length === 1 ? line.children[0] : undefined;
  if (only?.type === "text" && only.value === " ") return [];
  return line.children.flatMap((token) => (isForegroundToken(token) ? token.children : [token]));
}

function plainLines(code: Element) {
  code.children = code.children.flatMap(lineContent);
  delete code.properties.style; // display: grid, for the line elements
  code.properties.className = [FOREGROUND_CLASS];
  code.properties.dataPlainLines = "";
}

/*
 * A token's two colours as a class instead of a style attribute: a tag page
 * holds hundreds of highlighted lines, and 38 bytes of style per token put
 * its repeats beyond gzip's 32 KB window (a page went past the 40 KB budget).
 * tokenStyles() writes the rules for the classes a page uses.
 */
const TOKEN_STYLE = /style="--l:#([0-9A-Fa-f]{6});--d:#([0-9A-Fa-f]{6})"/g;
const TOKEN_CLASS = /class="k([0-9A-Fa-f]{6})([0-9A-Fa-f]{6})"/g;

/** A <style> with the colours of every token class in `html`, to put before it; empty when it has none. */
export function tokenStyles(html: string): string {
  const rules = new Set<string>();
  for (const [, light, dark] of html.matchAll(TOKEN_CLASS)) rules.add(`.k${light}${dark}{--l:#${light};--d:#${dark}}`);
  return rules.size ? `<style>${[...rules].sort().join("")}</style>` : "";
}
