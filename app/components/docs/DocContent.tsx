import { useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { announce } from "~/lib/announce";

const COPIED_FOR_MS = 2000;

/** rehype-pretty-code fills an empty line with one bare space so the grid row keeps its height. */
function lineText(line: HTMLElement): string {
  const only = line.childNodes.length === 1 ? line.firstChild : null;
  if (only?.nodeType === Node.TEXT_NODE && only.textContent === " ") return "";
  return line.textContent ?? "";
}

function codeOf(button: HTMLElement): string {
  const code = button.closest("figure")?.querySelector("pre code");
  if (!code) return "";
  // One entry per source line; line numbers are CSS counters and are not copied.
  const lines = [...code.querySelectorAll<HTMLElement>("[data-line]")];
  return lines.length ? lines.map(lineText).join("\n") : code.textContent ?? "";
}

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
export function DocContent({ url, html }: { url: string; html: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  const body = html ?? serverRenderedHtml(url);
  const navigate = useNavigate();

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    for (const button of root.querySelectorAll<HTMLButtonElement>("button[data-copy-code]")) button.hidden = false;

    const onClick = async (event: MouseEvent) => {
      const target = event.target as HTMLElement;
      const button = target.closest<HTMLButtonElement>("button[data-copy-code]");
      if (button) {
        try {
          await navigator.clipboard.writeText(codeOf(button));
          button.textContent = "Copied";
          announce("Copied to clipboard");
        } catch {
          button.textContent = "Copy failed";
          announce("Could not copy: select the code and copy it by hand");
        }
        window.setTimeout(() => (button.textContent = "Copy"), COPIED_FOR_MS);
        return;
      }
      const link = target.closest<HTMLAnchorElement>("a[href]");
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
      className="doc-content prose prose-slate max-w-none dark:prose-invert prose-a:text-brand-strong prose-a:underline-offset-2 dark:prose-a:text-brand prose-code:before:content-none prose-code:after:content-none prose-pre:bg-transparent prose-pre:p-0 prose-headings:scroll-mt-24"
      dangerouslySetInnerHTML={{ __html: body }}
    />
  );
}
