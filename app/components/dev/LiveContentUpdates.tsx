import { useLocation, useNavigate, useRevalidator, useRouteError } from "@remix-run/react";
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
 *
 * An error page (a page not found, a content mistake) is left by opening the
 * same address again instead. React Router's error boundary drops its error
 * only when it has rendered the revalidation loading and then idle (its issue
 * 11597): on a busy machine React renders both states at once, and a page
 * created or fixed after the error stayed an error page although its loader
 * answered. A new location always resets the boundary.
 */
export function LiveContentUpdates() {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  // Set while this is rendered inside the root's error page.
  const shownError = useRouteError();
  const update = useRef(() => {});
  update.current =
    shownError === undefined
      ? revalidator.revalidate
      : () => navigate(`${pathname}${search}${hash}`, { replace: true, preventScrollReset: true });
  useKeepScrollOnRevalidation(revalidator.state);
  useEffect(() => {
    const events = new EventSource(CONTENT_EVENTS);
    events.onopen = () => {
      document.body.dataset.liveContent = "connected";
    };
    events.onmessage = () => update.current();
    return () => events.close();
  }, []);
  return null;
}
