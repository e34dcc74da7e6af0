// The one place that knows the brand, its URLs and colours, the announcement,
// fonts and analytics. Settings that depend on the deployment come from
// environment variables (see README "Configuration"); everything else is fixed
// here. Components read it through useSiteConfig(), fed by the root loader, so
// the browser sees exactly what the server rendered with.

export const brandColors = {
  primary: "#3d9ae8",
  /** Darker shade of the primary for text on light backgrounds (contrast ≥ 4.5:1). */
  primaryStrong: "#1f6fb2",
  darkBackground: "#000000",
  footerBackground: "#071320",
  footerText: "#ffffff",
  lightBackground: "#ffffff",
  lightText: "#0f172a",
  lightSurface: "#f8fafc",
  darkText: "#e2e8f0",
  darkSurface: "#0b1220",
} as const;

export interface AnnouncementConfig {
  /** Dismissal is remembered per id: a new id shows the bar again. */
  id: string;
  text: string;
  linkText: string;
  linkUrl: string;
  closeable: boolean;
}

export interface SiteConfig {
  brand: string;
  tagline: string;
  repositoryUrl: string;
  /** Prefix of "Edit this page" links; the page's source path is appended. */
  editUrlBase: string;
  /** Public origin (https://docs.example.org) for canonical URLs; null: taken from the request. */
  siteUrl: string | null;
  /** The path the site is meant to be served under; a mismatch shows a warning banner. */
  basePath: string;
  locales: { code: string; label: string }[];
  colors: typeof brandColors;
  announcement: AnnouncementConfig;
  /** Remote fonts stylesheet; null serves the self-hosted fonts from our own origin. */
  fontsStylesheetUrl: string | null;
  /** Google Analytics (gtag) id; null loads no tracker. */
  analyticsId: string | null;
  /** Server that the API reference's "try it" sends requests to. */
  apiServerUrl: string;
}

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

/** Builds the configuration from environment variables; throws a clear error on a bad value. */
export function readSiteConfig(env: Env): SiteConfig {
  const brand = text(env.SITE_BRAND) ?? "Smriti";
  const repositoryUrl = httpUrl("SITE_REPOSITORY_URL", env.SITE_REPOSITORY_URL) ?? "https://github.com/prabhuomkar/smriti";
  let closeable: boolean;
  try {
    closeable = flag(env.SITE_ANNOUNCEMENT_CLOSEABLE, true);
  } catch (error) {
    throw new Error(`SITE_ANNOUNCEMENT_CLOSEABLE: ${(error as Error).message}`);
  }
  const analyticsId = text(env.SITE_ANALYTICS_ID);
  if (analyticsId && !/^[A-Z]{1,4}-[A-Z0-9-]{4,20}$/.test(analyticsId)) {
    throw new Error(`SITE_ANALYTICS_ID does not look like a gtag id (G-XXXXXXX): "${analyticsId}"`);
  }
  return {
    brand,
    tagline: "Smarter Home for all your Photos and Videos",
    repositoryUrl,
    editUrlBase: httpUrl("SITE_EDIT_URL_BASE", env.SITE_EDIT_URL_BASE) ?? `${repositoryUrl}/edit/master/docs`,
    siteUrl: httpUrl("SITE_URL", env.SITE_URL),
    basePath: basePath(env.SITE_BASE_PATH),
    locales: [{ code: "en", label: "English" }],
    colors: brandColors,
    announcement: {
      id: text(env.SITE_ANNOUNCEMENT_ID) ?? "wip",
      text: `${brand} is under active development: features and APIs may still change.`,
      linkText: "Help build it",
      linkUrl: "/docs/dev-guide/contribution",
      closeable,
    },
    fontsStylesheetUrl: httpUrl("SITE_FONTS_STYLESHEET_URL", env.SITE_FONTS_STYLESHEET_URL),
    analyticsId,
    apiServerUrl: httpUrl("SITE_API_SERVER_URL", env.SITE_API_SERVER_URL) ?? "http://localhost:5001",
  };
}
