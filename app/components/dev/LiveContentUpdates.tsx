import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useKeepScrollOnRevalidation } from "./use-keep-scroll-on-revalidation";

/** Served by `npm run dev`'s app server (scripts/dev/app-server.mjs), nowhere else. */
const CONTENT_EVENTS = "/__live-content";

/**
 * Development only: re-runs the page's loaders whenever the content changes
 * (a file under content/ saved), so the page, its sidebar, table of contents
 * and error page follow the files without a reload, keeping the scroll
 * position (rendered after <ScrollRestoration>, which would otherwise scroll
 * back to where the reader was when the update began). The first message
 * after (re)connecting also revalidates: a change saved between the page's
 * rendering and the connection is not missed.
 */
export function LiveContentUpdates() {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useKeepScrollOnRevalidation(revalidator.state);
  useEffect(() => {
    const events = new EventSource(CONTENT_EVENTS);
    events.onopen = () => {
      document.body.dataset.liveContent = "connected";
    };
    events.onmessage = () => revalidate.current();
    return () => events.close();
  }, []);
  return null;
}
