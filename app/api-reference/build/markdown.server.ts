import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";

/** The spec's descriptions (CommonMark + GFM) as HTML. Raw HTML in the spec is escaped, not passed through. */
export function markdownToHtml(text: string): string {
  return micromark(text, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
}

/** The same descriptions as one line of text: links as their words, no emphasis or code marks. */
export function markdownAsText(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\*\*|__|`/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
