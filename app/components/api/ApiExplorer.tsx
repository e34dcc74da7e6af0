import { useEffect, useRef, useState } from "react";
import { Theme, useTheme } from "~/lib/theme";
import { useSiteConfig } from "~/lib/root-data";
import { labelExplorerControls } from "./explorer-accessibility";

/**
 * The interactive API explorer (RapiDoc), for one version's spec (`specUrl`,
 * a download of our own origin: "/openapi.json", "/next/openapi.json"). Its code is fetched only here, in
 * the browser, after the page has rendered; until it has shown the spec, the
 * server-rendered operation list stays in place (and it stays for readers
 * without JavaScript). It follows the site theme, takes its colours from the
 * site configuration, sends "try it" requests to SITE_API_SERVER_URL, and keeps
 * the address bar on the operation being read (#get-/v1/albums).
 */
export function ApiExplorer({ specUrl, specServers, onReady }: { specUrl: string; specServers: string[]; onReady: () => void }) {
  const [theme] = useTheme();
  const { colors, apiServerUrl } = useSiteConfig();
  const [loaded, setLoaded] = useState(false);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    let cancelled = false;
    import("rapidoc")
      .then(() => !cancelled && setLoaded(true))
      .catch((error: unknown) => console.error("The API explorer could not load; the operation list stays.", error));
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!loaded || !element) return;
    let stopLabelling = () => {};
    const ready = () => {
      stopLabelling = labelExplorerControls(element);
      onReady();
      if (window.location.hash) element.scrollIntoView();
    };
    element.addEventListener("spec-loaded", ready);
    return () => {
      element.removeEventListener("spec-loaded", ready);
      stopLabelling();
    };
  }, [loaded, onReady]);

  if (!loaded) return null;
  const dark = theme === Theme.DARK;
  return (
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
  );
}
