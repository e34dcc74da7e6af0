import { useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useCopyCodeButtons } from "~/lib/copy-code";

const hydratedHtml = new Map<string, string>();

/** The body the server rendered for `url`, read once from the DOM before React takes it over. */
function serverRenderedHtml(url: string): string {
  const cached = hydratedHtml.get(url);
  if (cached !== undefined) return cached;
  const element = typeof document === "undefined" ? null : document.querySelector(`[data-content-url="${CSS.escape(url)}"]`);
  const html = element?.innerHTML ?? "";
  hydratedHtml.set(url, html);
  return html;
}

/**
 * The page's HTML, rendered at build time. JavaScript adds what static HTML
 * cannot do: copy buttons on code blocks, and client-side navigation for links
 * to other pages of the site.
 */
/** Typography for rendered Markdown; pages that style their own markup (the landing page) leave it off. */
const PROSE =
  "doc-content prose prose-slate max-w-none dark:prose-invert prose-a:text-brand-strong prose-a:underline-offset-2 dark:prose-a:text-brand prose-code:before:content-none prose-code:after:content-none prose-pre:bg-transparent prose-pre:p-0 prose-headings:scroll-mt-24";

export function DocContent({ url, html, prose = true }: { url: string; html: string | null; prose?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const body = html ?? serverRenderedHtml(url);
  const navigate = useNavigate();
  useCopyCodeButtons(ref, body);

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const onClick = (event: MouseEvent) => {
      const link = (event.target as HTMLElement).closest<HTMLAnchorElement>("a[href]");
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || link.target || link.hasAttribute("download")) return;
      if (url.pathname === window.location.pathname && url.hash) return; // same-page anchor: let the browser scroll
      if (/\.(md|txt|xml|json|yaml)$/.test(url.pathname)) return; // files, not pages
      event.preventDefault();
      navigate(url.pathname + url.search + url.hash);
    };
    root.addEventListener("click", onClick);
    return () => root.removeEventListener("click", onClick);
  }, [body, navigate]);

  return (
    <div
      ref={ref}
      data-content-url={url}
      className={prose ? PROSE : undefined}
      dangerouslySetInnerHTML={{ __html: body }}
    />
  );
}
