import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Theme, useTheme } from "~/lib/theme";
import { useSiteConfig } from "~/lib/root-data";
import { lastCallRead } from "./call-being-read";
import type { setUpExplorer } from "./explorer-setup";

type ExplorerStatus = "closed" | "loading" | "open" | "failed";

const STATUS_TEXT: Record<ExplorerStatus, string> = {
  closed:
    "The explorer shows every operation of the API, runs in your browser with JavaScript and sends requests to the API server you choose. This page works without it.",
  loading: "Loading the interactive explorer…",
  open: "The interactive explorer is open below. Close this to go back to this page's plain text.",
  failed: "The interactive explorer could not load. This page's plain text stays below.",
};

/**
 * RapiDoc opens at the operation in the address (#get-/v1/albums): put there
 * the call the reader was last on, so the explorer opens where they were
 * reading, not at the top of the spec. The history entry's state is kept
 * (RapiDoc itself replaces the address the same way while it scrolls).
 */
function openAtCallBeingRead() {
  const call = lastCallRead();
  if (call) window.history.replaceState(window.history.state, "", `#${call}`);
}

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
 * keeps the address bar on the operation being read (#get-/v1/albums). It
 * opens at the call the reader was on, wears the site's fonts and colours
 * (explorer-theme.ts) and keeps the server and token the reader set for the
 * visit (explorer-session.ts), those two loaded with RapiDoc (explorer-setup.ts).
 */
export function ApiExplorer({
  scriptUrl,
  specUrl,
  specServers,
  children,
}: {
  /** RapiDoc's own file, outside the app build (scripts/lib/vendor-scripts.mjs); null when the build has none. */
  scriptUrl: string | null;
  specUrl: string;
  specServers: string[];
  children: ReactNode;
}) {
  const [theme] = useTheme();
  const { colors, apiServerUrl } = useSiteConfig();
  const [wanted, setWanted] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);
  const toggle = useRef<HTMLDetailsElement>(null);
  const ref = useRef<HTMLElement>(null);
  const setUp = useRef<typeof setUpExplorer | null>(null);

  useEffect(() => {
    const details = toggle.current;
    if (!details) return;
    const sync = () => {
      if (details.open) openAtCallBeingRead();
      setWanted(details.open);
    };
    sync(); // opened before the scripts ran
    details.addEventListener("toggle", sync);
    return () => details.removeEventListener("toggle", sync);
  }, []);

  useEffect(() => {
    if (!wanted || loaded) return;
    let cancelled = false;
    // RapiDoc registers <rapi-doc> when its file runs; it exports nothing.
    const rapidoc = scriptUrl
      ? import(/* a URL, not bundled */ scriptUrl)
      : Promise.reject(new Error("no RapiDoc file"));
    Promise.all([rapidoc, import("./explorer-setup")])
      .then(([, setup]) => {
        setUp.current = setup.setUpExplorer;
        if (!cancelled) setLoaded(true);
      })
      .catch((error: unknown) => {
        console.error("The API explorer could not load; the operation list stays.", error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [wanted, loaded, scriptUrl]);

  const shown = wanted && loaded;
  useEffect(() => {
    const element = ref.current;
    if (!shown || !element) return;
    let stopSetUp = () => {};
    const onSpecLoaded = () => {
      stopSetUp = setUp.current?.(element) ?? stopSetUp;
      setReady(true);
      // The reader asked for it: bring it into view (RapiDoc itself scrolls to the operation in the address).
      element.scrollIntoView();
    };
    element.addEventListener("spec-loaded", onSpecLoaded);
    return () => {
      element.removeEventListener("spec-loaded", onSpecLoaded);
      stopSetUp();
      setReady(false);
    };
  }, [shown]);

  // A link to a call followed while the explorer is open (the API navigation)
  // changes the address without the "hashchange" RapiDoc listens to: move it there.
  const { hash } = useLocation();
  const followedHash = useRef(hash);
  useEffect(() => {
    if (hash === followedHash.current) return;
    followedHash.current = hash;
    const element = ref.current as (HTMLElement & { scrollToPath?: (id: string) => void }) | null;
    if (!ready || !element || hash.length < 2) return;
    try {
      element.scrollToPath?.(decodeURIComponent(hash.slice(1)));
    } catch {
      // a malformed escape names no call
    }
  }, [hash, ready]);

  const status: ExplorerStatus = !wanted ? "closed" : failed ? "failed" : loaded ? "open" : "loading";
  const dark = theme === Theme.DARK;
  return (
    <>
      <div className="mx-auto max-w-5xl px-4">
        <details
          ref={toggle}
          className="api-explorer-toggle mt-6 rounded-lg border border-slate-200 px-4 py-3 dark:border-slate-800"
          data-api-explorer-toggle
        >
          <summary className="disclosure font-bold text-brand-strong dark:text-brand">
            Try it: open the interactive explorer
          </summary>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" role="status">
            {STATUS_TEXT[status]}
          </p>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            Smriti sends no CORS headers, so your browser can call an API server only on this site's own origin, or
            behind a proxy that adds them:{" "}
            <a
              className="font-medium text-brand-strong underline dark:text-brand"
              href="/docs/user-guide/deployment#cors"
            >
              an nginx example
            </a>
            .
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
          // The page's own API navigation (ApiSidebar) takes the reader to a call, here too.
          show-side-nav="false"
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
