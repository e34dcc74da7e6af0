import { useEffect, useRef, useState, type ReactNode } from "react";
import { Theme, useTheme } from "~/lib/theme";
import { useSiteConfig } from "~/lib/root-data";
import { labelExplorerControls } from "./explorer-accessibility";

type ExplorerStatus = "closed" | "loading" | "open" | "failed";

const STATUS_TEXT: Record<ExplorerStatus, string> = {
  closed: "The explorer shows every operation of the API, runs in your browser with JavaScript and sends requests to the API server you choose. This page works without it.",
  loading: "Loading the interactive explorer…",
  open: "The interactive explorer is open below. Close this to go back to this page's plain text.",
  failed: "The interactive explorer could not load. This page's plain text stays below.",
};

/**
 * "Try it": the interactive API explorer (RapiDoc), on every page of the API
 * reference, loaded on the reader's request, never with the page. It always
 * shows the whole spec. RapiDoc costs seconds of main-thread work on a phone,
 * and the server-rendered overview and tag pages already answer what most
 * readers came for, so the page paints and stays responsive without it
 * (docs/decisions/015-api-explorer-on-request.md). The control is a <details>,
 * so a click before the page's scripts have started is not lost: opening it
 * asks for the explorer as soon as they run. Once RapiDoc has shown the spec,
 * the plain list (children) steps aside; closing the control brings it back. The explorer follows the site theme, takes its colours from the
 * site configuration, sends "try it" requests to SITE_API_SERVER_URL, and
 * keeps the address bar on the operation being read (#get-/v1/albums).
 */
export function ApiExplorer({ specUrl, specServers, children }: { specUrl: string; specServers: string[]; children: ReactNode }) {
  const [theme] = useTheme();
  const { colors, apiServerUrl } = useSiteConfig();
  const [wanted, setWanted] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);
  const toggle = useRef<HTMLDetailsElement>(null);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const details = toggle.current;
    if (!details) return;
    const sync = () => setWanted(details.open);
    sync(); // opened before the scripts ran
    details.addEventListener("toggle", sync);
    return () => details.removeEventListener("toggle", sync);
  }, []);

  useEffect(() => {
    if (!wanted || loaded) return;
    let cancelled = false;
    import("rapidoc")
      .then(() => !cancelled && setLoaded(true))
      .catch((error: unknown) => {
        console.error("The API explorer could not load; the operation list stays.", error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [wanted, loaded]);

  const shown = wanted && loaded;
  useEffect(() => {
    const element = ref.current;
    if (!shown || !element) return;
    let stopLabelling = () => {};
    const onSpecLoaded = () => {
      stopLabelling = labelExplorerControls(element);
      setReady(true);
      // The reader asked for it: bring it into view (RapiDoc itself scrolls to the operation in the address).
      element.scrollIntoView();
    };
    element.addEventListener("spec-loaded", onSpecLoaded);
    return () => {
      element.removeEventListener("spec-loaded", onSpecLoaded);
      stopLabelling();
      setReady(false);
    };
  }, [shown]);

  const status: ExplorerStatus = !wanted ? "closed" : failed ? "failed" : loaded ? "open" : "loading";
  const dark = theme === Theme.DARK;
  return (
    <>
      <div className="mx-auto max-w-5xl px-4">
        <details ref={toggle} className="api-explorer-toggle mt-6 rounded-lg border border-slate-200 px-4 py-3 dark:border-slate-800" data-api-explorer-toggle>
          <summary className="disclosure font-bold text-brand-strong dark:text-brand">Try it: open the interactive explorer</summary>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" role="status">
            {STATUS_TEXT[status]}
          </p>
        </details>
      </div>
      <div className="mx-auto max-w-5xl px-4 pb-10" data-explorer-ready={ready ? "" : undefined}>
        {children}
      </div>
      {shown ? (
        <rapi-doc
          ref={ref}
          id="api-explorer"
          class="block h-[calc(100vh-4rem)] border-t border-slate-200 dark:border-slate-800"
          spec-url={specUrl}
          allow-spec-url-load="false"
          allow-spec-file-load="false"
          load-fonts="false"
          regular-font='"DM Sans", system-ui, sans-serif'
          mono-font='"Fira Code", ui-monospace, monospace'
          render-style="read"
          layout="row"
          show-header="false"
          show-info="false"
          allow-authentication="true"
          persist-auth="false"
          allow-try="true"
          allow-server-selection="true"
          // Added to the spec's servers only when it is not one of them already.
          server-url={specServers.includes(apiServerUrl) ? undefined : apiServerUrl}
          default-api-server={apiServerUrl}
          route-prefix="#"
          update-route="true"
          theme={dark ? "dark" : "light"}
          bg-color={dark ? colors.darkBackground : colors.lightBackground}
          text-color={dark ? colors.darkText : colors.lightText}
          nav-bg-color={dark ? colors.darkSurface : colors.lightSurface}
          nav-text-color={dark ? colors.darkText : colors.lightText}
          primary-color={dark ? colors.primary : colors.primaryStrong}
          nav-accent-color={dark ? colors.primary : colors.primaryStrong}
        />
      ) : null}
    </>
  );
}
