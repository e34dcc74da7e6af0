import type { MouseEvent } from "react";
import type { ContentRouteData } from "~/docs/route-data";
import { announce } from "~/lib/announce";

// Made once: toLocaleDateString with options builds a new formatter on each call, about 0.4 ms of a
// docs page's 12 ms render on the server.
const DATE_FORMAT = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

function formatDate(isoDate: string): string {
  return DATE_FORMAT.format(new Date(`${isoDate}T00:00:00Z`));
}

/** With JavaScript the Markdown link copies the page; without, it opens the Markdown. */
async function copyMarkdown(event: MouseEvent<HTMLAnchorElement>) {
  if (!navigator.clipboard || event.metaKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  const href = event.currentTarget.href;
  try {
    const response = await fetch(href, { headers: { Accept: "text/markdown" } });
    if (!response.ok) throw new Error(String(response.status));
    await navigator.clipboard.writeText(await response.text());
    announce("Page copied as Markdown");
  } catch {
    window.location.assign(href);
  }
}

/** "Edit this page", "View as Markdown" and the last-updated date at the end of a page. */
export function PageMeta({ data }: { data: ContentRouteData }) {
  return (
    <div className="mt-12 flex flex-wrap items-center justify-between gap-4 border-t border-slate-200 pt-6 text-sm dark:border-slate-800">
      <div className="flex flex-wrap gap-4">
        <a href={data.editUrl} className="font-medium text-brand-strong hover:underline dark:text-brand">
          Edit this page
        </a>
        <a
          href={data.markdownUrl}
          className="font-medium text-brand-strong hover:underline dark:text-brand"
          onClick={copyMarkdown}
        >
          Copy page as Markdown
        </a>
      </div>
      {data.lastUpdated ? (
        <p className="text-slate-600 dark:text-slate-400">
          Last updated on <time dateTime={data.lastUpdated}>{formatDate(data.lastUpdated)}</time>
        </p>
      ) : null}
    </div>
  );
}
