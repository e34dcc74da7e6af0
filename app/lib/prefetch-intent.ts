import { useEffect, useRef, useState, type FocusEvent, type MouseEvent } from "react";

/** How long the pointer or focus rests on a link before its page is prefetched: Remix's own delay for prefetch="intent". */
const INTENT_DELAY_MS = 100;

/**
 * Prefetch on intent for a whole list of plain links, as <Link
 * prefetch="intent"> does for one: the page of the link the pointer or focus
 * has rested on (its path, for <PrefetchPageLinks>), or null. The handlers go
 * on the element around the links; events bubble up to it from each one.
 */
export function usePrefetchIntent() {
  const [intent, setIntent] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const rest = (event: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>) => {
    const link = (event.target as HTMLElement).closest<HTMLAnchorElement>("a[href]");
    const url = link ? new URL(link.href, window.location.href) : null;
    const page = url && url.origin === window.location.origin ? url.pathname : null;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setIntent(page), INTENT_DELAY_MS);
  };
  const leave = () => {
    window.clearTimeout(timer.current);
    setIntent(null);
  };
  return { intent, handlers: { onMouseOver: rest, onFocus: rest, onMouseLeave: leave, onBlur: leave } };
}
