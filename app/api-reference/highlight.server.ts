import type { Element, Root } from "hast";
import { toHtml } from "hast-util-to-html";
import rehypePrettyCode from "rehype-pretty-code";
import { CODE_THEMES } from "~/content/compile.server";
import { rehypeCodeCopy } from "~/content/plugins/code-copy.server";
import { rehypeCompactCode } from "~/content/plugins/compact-code.server";

/**
 * Code of the API reference (samples, JSON examples) highlighted at build
 * time by the same rehype-pretty-code, themes, copy button and compaction as
 * the guides' code blocks, so the same CSS and copy script serve both.
 */
// One transformer for every block: it keeps its Shiki highlighter between calls.
const prettyCode = rehypePrettyCode({ theme: CODE_THEMES, keepBackground: false, defaultLang: { block: "text" } });

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
  await (prettyCode as (tree: Root) => Promise<void>)(tree);
  rehypeCodeCopy()(tree);
  rehypeCompactCode()(tree);
  return toHtml(tree).replace(TOKEN_STYLE, (_match, light: string, dark: string) => `class="k${light}${dark}"`);
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
