import { useNavigate } from "@remix-run/react";
import { useEffect, type RefObject } from "react";

/**
 * Links inside HTML that React did not draw (a page's rendered Markdown, the
 * server-rendered footer) are plain anchors. Once scripts run, a click on one
 * that leads to another page of this site navigates inside the app, as a
 * <Link> would; files, other sites, new tabs and same-page anchors are left
 * to the browser.
 */
export function useClientLinks(ref: RefObject<HTMLElement>) {
  const navigate = useNavigate();
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const onClick = (event: MouseEvent) => {
      const link = (event.target as HTMLElement).closest<HTMLAnchorElement>("a[href]");
      if (
        !link ||
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || link.target || link.hasAttribute("download")) return;
      if (url.pathname === window.location.pathname && url.hash) return; // same-page anchor: let the browser scroll
      if (/\.(md|txt|xml|json|yaml)$/.test(url.pathname)) return; // files, not pages
      event.preventDefault();
      navigate(url.pathname + url.search + url.hash);
    };
    root.addEventListener("click", onClick);
    return () => root.removeEventListener("click", onClick);
  }, [ref, navigate]);
}
