import { announcementText, defaultSiteConfig, type SiteConfig } from "./site.config";

type Env = Record<string, string | undefined>;

function text(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  const normalised = value?.trim().toLowerCase();
  if (!normalised) return fallback;
  if (["1", "true", "yes", "on"].includes(normalised)) return true;
  if (["0", "false", "no", "off"].includes(normalised)) return false;
  throw new Error(`expected true or false, got "${value}"`);
}

function httpUrl(name: string, value: string | undefined): string | null {
  const raw = text(value);
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, "");
}

function basePath(value: string | undefined): string {
  const raw = text(value) ?? "/";
  const withSlashes = `/${raw.replace(/^\/+|\/+$/g, "")}/`.replace(/^\/\/$/, "/");
  if (!/^\/[A-Za-z0-9._~\-/]*$/.test(withSlashes)) throw new Error(`SITE_BASE_PATH is not a path: "${raw}"`);
  return withSlashes;
}

/** Builds the configuration from environment variables over the defaults; throws a clear error on a bad value. */
export function readSiteConfig(env: Env): SiteConfig {
  const defaults = defaultSiteConfig;
  const brand = text(env.SITE_BRAND) ?? defaults.brand;
  const repositoryUrl = httpUrl("SITE_REPOSITORY_URL", env.SITE_REPOSITORY_URL) ?? defaults.repositoryUrl;
  let closeable: boolean;
  try {
    closeable = flag(env.SITE_ANNOUNCEMENT_CLOSEABLE, defaults.announcement.closeable);
  } catch (error) {
    throw new Error(`SITE_ANNOUNCEMENT_CLOSEABLE: ${(error as Error).message}`);
  }
  const analyticsId = text(env.SITE_ANALYTICS_ID);
  if (analyticsId && !/^[A-Z]{1,4}-[A-Z0-9-]{4,20}$/.test(analyticsId)) {
    throw new Error(`SITE_ANALYTICS_ID does not look like a gtag id (G-XXXXXXX): "${analyticsId}"`);
  }
  return {
    ...defaults,
    brand,
    repositoryUrl,
    editUrlBase: httpUrl("SITE_EDIT_URL_BASE", env.SITE_EDIT_URL_BASE) ?? `${repositoryUrl}/edit/master/docs`,
    siteUrl: httpUrl("SITE_URL", env.SITE_URL),
    basePath: basePath(env.SITE_BASE_PATH),
    announcement: {
      ...defaults.announcement,
      id: text(env.SITE_ANNOUNCEMENT_ID) ?? defaults.announcement.id,
      text: announcementText(brand),
      closeable,
    },
    fontsStylesheetUrl: httpUrl("SITE_FONTS_STYLESHEET_URL", env.SITE_FONTS_STYLESHEET_URL),
    analyticsId,
    apiServerUrl: httpUrl("SITE_API_SERVER_URL", env.SITE_API_SERVER_URL) ?? defaults.apiServerUrl,
  };
}

let config: SiteConfig | undefined;

/** The site configuration for this process, read from the environment once. */
export function getSiteConfig(): SiteConfig {
  config ??= readSiteConfig(process.env);
  return config;
}
