import type { Code, Root } from "mdast";
import { bundledLanguages } from "shiki";
import { visit } from "unist-util-visit";
import type { Warn } from "./warn";

const PLAIN = new Set(["text", "txt", "plaintext", "plain"]);

export function isKnownLanguage(lang: string): boolean {
  return PLAIN.has(lang) || Object.hasOwn(bundledLanguages, lang);
}

/**
 * A fence with a language Shiki does not know is shown as plain text, and the
 * build says so (a warning, never a failure).
 */
export function remarkCodeLanguages(options: { warn: Warn }) {
  return (tree: Root) => {
    visit(tree, "code", (node: Code) => {
      const lang = node.lang?.toLowerCase();
      if (!lang) {
        node.lang = "text";
        return;
      }
      if (!isKnownLanguage(lang)) {
        options.warn(`unknown code language "${node.lang}": shown as plain text`, node);
        node.lang = "text";
      }
    });
  };
}
