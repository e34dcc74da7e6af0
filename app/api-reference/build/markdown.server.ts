import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";
import { codeSegments, LONG_VALUE } from "~/lib/code-breaks";

/**
 * Code in running text: a block's is inside <pre> and keeps its lines as
 * written. A long one gets break points, as in the guides
 * (app/content/build/plugins/code-breaks.server.ts): a path such as
 * /v1/explore/yearsAgo/{monthDate}/mediaItems does not fit a phone's line.
 * Its text is escaped HTML, whose entities hold none of the break characters.
 */
const INLINE_CODE = /(?<!<pre>)<code>([^<]+)<\/code>/g;

/** The spec's descriptions (CommonMark + GFM) as HTML. Raw HTML in the spec is escaped, not passed through. */
export function markdownToHtml(text: string): string {
  return micromark(text, { extensions: [gfm()], htmlExtensions: [gfmHtml()] }).replace(INLINE_CODE, (code, value: string) =>
    value.length < LONG_VALUE ? code : `<code>${codeSegments(value).join("<wbr>")}</code>`,
  );
}

/** The same descriptions as one line of text: links as their words, no emphasis or code marks. */
export function markdownAsText(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\*\*|__|`/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
