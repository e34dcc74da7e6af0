// Docusaurus-compatible syntax that MDX 3 cannot parse, rewritten before MDX
// sees the text. Every rewrite keeps the number of lines, so MDX error
// positions still point at the author's line. Fenced code is never touched.

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
// "## Title {#custom-id}": MDX would read {#custom-id} as an expression.
export const HEADING_ID = /^(#{1,6}[ \t].*?)[ \t]*\{#([A-Za-z][\w-]*)\}[ \t]*$/;
// ":::tip Title" (Docusaurus) becomes ":::tip[Title]" (remark-directive).
const ADMONITION_TITLE = /^(\s*:::[a-z]+)[ \t]+([^[{\s].*?)\s*$/;
// "import Tabs from '@theme/Tabs';" (Docusaurus): the site provides these components itself.
const THEME_IMPORT = /^import\s[^;]*?\sfrom\s*["']@theme\/(?:Tabs|TabItem|CodeBlock)["'];?\s*$/;

/** Removes HTML comments outside inline code, keeping their line breaks. */
function stripComments(line: string, state: { inComment: boolean }): string {
  let out = "";
  let i = 0;
  let codeTicks = 0; // length of the open inline-code backtick run, 0 when outside
  while (i < line.length) {
    if (state.inComment) {
      const end = line.indexOf("-->", i);
      if (end === -1) return out;
      state.inComment = false;
      i = end + 3;
      continue;
    }
    if (line[i] === "`") {
      let run = 0;
      while (line[i + run] === "`") run += 1;
      if (codeTicks === 0) codeTicks = run;
      else if (run === codeTicks) codeTicks = 0;
      out += line.slice(i, i + run);
      i += run;
      continue;
    }
    if (codeTicks === 0 && line.startsWith("<!--", i)) {
      state.inComment = true;
      i += 4;
      continue;
    }
    out += line[i];
    i += 1;
  }
  return out;
}

/**
 * Applies `transform` to every line outside fenced code, after removing HTML
 * comments (a line that held only a comment becomes empty). Line count is kept.
 */
export function transformProse(source: string, transform: (line: string) => string): string {
  const comment = { inComment: false };
  let fence: { char: string; length: number } | null = null;

  return source
    .split("\n")
    .map((line) => {
      if (fence) {
        const close = line.match(FENCE_OPEN);
        if (close?.[1] && close[1][0] === fence.char && close[1].length >= fence.length) {
          fence = null;
        }
        return line;
      }
      const wasInComment = comment.inComment;
      const open = wasInComment ? null : line.match(FENCE_OPEN);
      if (open?.[1]) {
        fence = { char: open[1][0] ?? "`", length: open[1].length };
        return line;
      }
      const out = stripComments(line, comment);
      if (out.trim() === "" && (wasInComment || out !== line)) return "";
      return transform(out);
    })
    .join("\n");
}

export function preprocessMdx(source: string): string {
  return transformProse(source, (line) =>
    THEME_IMPORT.test(line) ? "" : line.replace(HEADING_ID, "$1 \\{#$2\\}").replace(ADMONITION_TITLE, "$1[$2]"),
  );
}

/** The id an author set with `{#id}` on a heading's text, and the text without it. */
export function splitHeadingId(text: string): { text: string; id: string } | null {
  const match = text.match(/^(.*?)\s*\{#([A-Za-z][\w-]*)\}\s*$/s);
  if (!match?.[2]) return null;
  return { text: match[1] ?? "", id: match[2] };
}
