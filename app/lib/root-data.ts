import { useRouteLoaderData } from "@remix-run/react";
import type { SiteVersion } from "~/docs/route-data";
import type { Theme } from "~/lib/theme";
import { brandColors, defaultSiteConfig, type SiteConfig } from "~/site.config";

/**
 * The configuration as every page's data carries it. The colours are fixed in
 * code (site.config.ts), so the browser takes them from its bundle rather
 * than from the data of every page (about 110 bytes gzipped of each page's HTML).
 */
export type PageConfig = Omit<SiteConfig, "colors">;

export function pageConfig({ colors: _fixedInCode, ...config }: SiteConfig): PageConfig {
  return config;
}

/** What the root loader sends to every page. */
export interface RootData {
  config: PageConfig;
  theme: Theme;
  announcementVisible: boolean;
  /** Public origin readers use, for canonical and social URLs. */
  origin: string;
  /** Analytics configured and the visitor is not a crawler. */
  trackPageViews: boolean;
  /** The docs versions, for the version menu and the navbar; null if the content could not be read. */
  versions: SiteVersion[] | null;
  /** The version the reader chose earlier (app/lib/version-cookie.ts), followed on pages of no version; null for the current release. */
  chosenVersion: string | null;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}

export function useSiteConfig(): SiteConfig {
  const config = useRootData()?.config;
  // No root data only when the root loader itself failed: the defaults are the same on server and client.
  return config ? { ...config, colors: brandColors } : defaultSiteConfig;
}
