import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

/**
 * Links into the one-page reference the API used to be (/api#get-/v1/albums,
 * and RapiDoc's own addresses) name an operation that now has its full
 * description on its tag's page. The overview keeps that id on the operation's
 * index line, so without JavaScript the link lands next to the way there; once
 * the page runs, it goes there itself, replacing the history entry so Back
 * does not bounce. Only on arrival: later changes of the address are the
 * explorer's own (it keeps the operation being read in it).
 */
export function useOperationDeepLink(onOverview: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!onOverview || window.location.hash.length < 2) return;
    let id: string;
    try {
      id = decodeURIComponent(window.location.hash.slice(1));
    } catch {
      return; // a malformed escape names nothing
    }
    const entry = document.getElementById(id);
    const target = entry?.parentElement?.classList.contains("api-index") ? entry.querySelector("a")?.getAttribute("href") : null;
    if (target) navigate(target, { replace: true });
  }, [onOverview]); // not on navigate: on arrival only, see above
}
