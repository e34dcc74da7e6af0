import { readSiteConfig, type SiteConfig } from "./site.config";

let config: SiteConfig | undefined;

/** The site configuration for this process, read from the environment once. */
export function getSiteConfig(): SiteConfig {
  config ??= readSiteConfig(process.env);
  return config;
}
