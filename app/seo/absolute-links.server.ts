import { transformProse } from "~/content/preprocess.server";

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const INLINE_CODE = /(`+)[\s\S]*?\1/g;
// [text](target "title") and ![alt](target)
const INLINE_LINK = /(\]\()(<[^>]*>|[^)\s]+)/g;
// [label]: target  (a footnote, "[^1]: text", is not a link definition)
const DEFINITION = /^( {0,3}\[(?!\^)[^\]]+\]:[ \t]*)(<[^>]*>|\S+)/;

function absolute(target: string, base: string): string {
  const bare = target.startsWith("<") && target.endsWith(">") ? target.slice(1, -1) : target;
  if (SCHEME.test(bare) || bare.startsWith("//")) return target;
  try {
    return new URL(bare, base).href;
  } catch {
    return target;
  }
}

/** Rewrites the link targets of one line, leaving inline code as written. */
function rewriteLine(line: string, base: string): string {
  let out = "";
  let last = 0;
  const rewrite = (text: string) =>
    text
      .replace(DEFINITION, (_, lead: string, target: string) => lead + absolute(target, base))
      .replace(INLINE_LINK, (_, lead: string, target: string) => lead + absolute(target, base));
  for (const code of line.matchAll(INLINE_CODE)) {
    out += rewrite(line.slice(last, code.index)) + code[0];
    last = code.index + code[0].length;
  }
  return out + rewrite(line.slice(last));
}

/**
 * Makes every link and image target of a page's Markdown absolute, relative to
 * the page's public URL, so the text still points to the right place when it
 * is read outside the page (one file with every page, a chat window). Code is
 * left exactly as written.
 */
export function absoluteLinks(markdown: string, pageUrl: string): string {
  return transformProse(markdown, (line) => rewriteLine(line, pageUrl));
}
