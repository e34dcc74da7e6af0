import { useRef } from "react";
import { useClientLinks } from "~/lib/client-links";
import { useCopyCodeButtons } from "~/lib/copy-code";
import { serverRenderedHtml } from "~/lib/server-html";
import { useTabGroups } from "~/lib/tab-groups";

/** Typography for rendered Markdown; pages that style their own markup (the landing page) leave it off. */
const PROSE =
  "doc-content prose prose-slate max-w-none dark:prose-invert prose-a:text-brand-strong prose-a:underline-offset-2 dark:prose-a:text-brand prose-code:before:content-none prose-code:after:content-none prose-pre:bg-transparent prose-pre:p-0 prose-headings:scroll-mt-24";

/**
 * The page's HTML, rendered at build time. JavaScript adds what static HTML
 * cannot do: copy buttons on code blocks, tab groups kept in step, and client-side navigation for links
 * to other pages of the site. While the first page hydrates its body is not in
 * the data (html is null): it is taken from the DOM.
 */
export function DocContent({ url, html, prose = true }: { url: string; html: string | null; prose?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const body = html ?? serverRenderedHtml("data-content-url", url);
  useCopyCodeButtons(ref, body);
  useClientLinks(ref);
  useTabGroups(ref, body);

  return (
    <div
      ref={ref}
      data-content-url={url}
      className={prose ? PROSE : undefined}
      dangerouslySetInnerHTML={{ __html: body }}
    />
  );
}
