import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

/** The ids RapiDoc gives operations: the lower-case method, a hyphen, the path. */
const OPERATION_ID = /^(get|post|put|patch|delete)-\//;

/**
 * Links into the one-page reference the API used to be (/api#get-/v1/albums)
 * name an operation that now has its full description on its tag's page. The
 * overview keeps that id on the operation's index line, so without JavaScript
 * the link lands next to the way there; once the page runs, it goes there
 * itself. The explorer keeps the operation being read in the address, whatever
 * its tag, so a tag's page reloaded with another tag's operation sends the
 * reader through the overview to the right page. Each step replaces the
 * history entry, so Back does not bounce. Only on arrival: later changes of
 * the address are the explorer's own.
 */
export function useOperationDeepLink(overviewUrl: string, onOverview: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    const hash = window.location.hash;
    if (hash.length < 2) return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return; // a malformed escape names nothing
    }
    const entry = document.getElementById(id);
    if (onOverview) {
      const target = entry?.parentElement?.classList.contains("api-index")
        ? entry.querySelector("a")?.getAttribute("href")
        : null;
      if (target) navigate(target, { replace: true });
    } else if (!entry && OPERATION_ID.test(id)) {
      navigate(`${overviewUrl}${hash}`, { replace: true });
    }
  }, [overviewUrl, onOverview]); // not on navigate: on arrival only, see above
}
