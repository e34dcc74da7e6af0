import { useLocation } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef } from "react";

/** A layout effect in the browser; on the server, where it never runs, React warns of one on every render. */
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * Keeps the reader where they are when a revalidation ends.
 *
 * Remix's <ScrollRestoration> (react-router 6.30) handles a revalidation as a
 * navigation to the same location: it saves the scroll position when the
 * revalidation starts and scrolls back to it when it ends (react-router issue
 * #12157; v7 skips revalidations, remix-run/react-router#13671). A reader who
 * scrolled in between is thrown back, for instance to the top when the update
 * the dev server sends as the page connects ends after they scrolled.
 *
 * Where the reader is, is read in the cleanup of a layout effect keyed on the
 * revalidation's state: React runs every layout cleanup of the commit that
 * ends the revalidation before any layout effect of it, so before
 * <ScrollRestoration> scrolls. The effect then puts the reader back; it runs
 * after <ScrollRestoration>'s as long as the caller renders after it.
 */
export function useKeepScrollOnRevalidation(state: "idle" | "loading"): void {
  const { key } = useLocation();
  const reader = useRef<{ key: string; y: number } | null>(null);
  useBrowserLayoutEffect(() => {
    if (state === "loading") {
      return () => {
        reader.current = { key, y: window.scrollY };
      };
    }
    const kept = reader.current;
    reader.current = null;
    // A navigation that took over from the revalidation (a new key) scrolls as navigations do.
    if (kept && kept.key === key && window.scrollY !== kept.y) window.scrollTo(0, kept.y);
  }, [state, key]);
}
