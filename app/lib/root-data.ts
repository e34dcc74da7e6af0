import { useRouteLoaderData } from "@remix-run/react";
import type { VersionedRouteData } from "~/docs/route-data";
import type { Theme } from "~/lib/theme";
import { readSiteConfig, type SiteConfig } from "~/site.config";

/** What the root loader sends to every page. */
export interface RootData {
  config: SiteConfig;
  theme: Theme;
  announcementVisible: boolean;
  /** Public origin readers use, for canonical and social URLs. */
  origin: string;
  /** Analytics configured and the visitor is not a crawler. */
  trackPageViews: boolean;
  /** The docs versions, for the version menu of pages that belong to none; null if the content could not be read. */
  versions: VersionedRouteData | null;
}

// Only used when the root loader itself failed: the same on server and client.
const fallbackConfig = readSiteConfig({});

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}

export function useSiteConfig(): SiteConfig {
  return useRootData()?.config ?? fallbackConfig;
}
