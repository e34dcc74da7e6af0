// The one place that knows the brand, its URLs and colours, the announcement,
// fonts and analytics. Settings that depend on the deployment come from
// environment variables (see README "Configuration"), read by config.server.ts
// on top of the defaults below. Components read the configuration through
// useSiteConfig(), fed by the root loader, so the browser sees exactly what the
// server rendered with; the browser's bundle holds only these defaults, for a
// page whose root loader failed.

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

const DEFAULT_BRAND = "Smriti";
const DEFAULT_REPOSITORY_URL = "https://github.com/prabhuomkar/smriti";

/** The announcement's sentence names the brand, so a renamed site says its own name. */
export const announcementText = (brand: string) =>
  `${brand} is under active development: features and APIs may still change.`;

/** The configuration with no environment variable set. */
export const defaultSiteConfig: SiteConfig = {
  brand: DEFAULT_BRAND,
  tagline: "Smarter Home for all your Photos and Videos",
  repositoryUrl: DEFAULT_REPOSITORY_URL,
  editUrlBase: `${DEFAULT_REPOSITORY_URL}/edit/master/docs`,
  siteUrl: null,
  locales: [{ code: "en", label: "English" }],
  colors: brandColors,
  announcement: {
    id: "wip",
    text: announcementText(DEFAULT_BRAND),
    linkText: "Help build it",
    linkUrl: "/docs/dev-guide/contribution",
    closeable: true,
  },
  fontsStylesheetUrl: null,
  analyticsId: null,
  apiServerUrl: "http://localhost:5001",
};
