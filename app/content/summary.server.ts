/** The length search engines show of a meta description. */
export const DESCRIPTION_LENGTH = 160;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: " " };

/**
 * A page's meta description when its front matter has none: the text of its
 * first paragraph, at most 160 characters (cut at a word, with an ellipsis),
 * the length search engines show. Null when the page has no paragraph.
 */
export function summaryFromHtml(html: string): string | null {
  const paragraph = /<p(?:\s[^>]*)?>([\s\S]*?)<\/p>/.exec(html)?.[1];
  if (!paragraph) return null;
  const text = paragraph
    .replace(/<[^>]+>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
  return text ? fitDescription(text) : null;
}

/** One line of text as a meta description: whole when it fits, else cut at a word, with an ellipsis. */
export function fitDescription(text: string): string {
  if (text.length <= DESCRIPTION_LENGTH) return text;
  const cut = text.slice(0, DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 80 ? cut.lastIndexOf(" ") : cut.length).replace(/[\s,;:.]+$/, "")}…`;
}
