import { isIP } from "node:net";
import { isAnnouncementId } from "./http/cookies.server";
import { DRAIN_VARIABLE, drainMilliseconds, MAX_DRAIN_MS } from "./http/guard-contract";
import { announcementText, defaultSiteConfig, type SiteConfig } from "./site.config";

type Env = Record<string, string | undefined>;

/**
 * A setting the server cannot start with. Its message is one line naming the
 * variable, the value it was given and what is expected, which is what the
 * start check prints before it exits (app/startup.server.ts).
 */
export class ConfigurationError extends Error {
  override name = "ConfigurationError";
  constructor(
    readonly variable: string,
    readonly value: string,
    readonly expected: string,
  ) {
    super(`${variable}=${JSON.stringify(value)} is not valid: expected ${expected}`);
  }
}

function text(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  const normalised = value?.trim().toLowerCase();
  if (!normalised) return fallback;
  if (["1", "true", "yes", "on"].includes(normalised)) return true;
  if (["0", "false", "no", "off"].includes(normalised)) return false;
  throw new ConfigurationError(name, value ?? "", "true or false");
}

/**
 * What a URL setting may hold after its scheme and host. The site appends
 * paths to each ("/docs/…" to SITE_URL, "/releases" to the repository): a
 * path in SITE_URL, or a query or fragment in any but the fonts stylesheet,
 * would end up in the middle of every link made from it; a user and password
 * would be shown to every reader.
 */
type UrlParts = "origin" | "path" | "path and query";

const URL_EXPECTED: Record<UrlParts, string> = {
  origin: "the public origin only, scheme and host (no path, query or fragment), such as https://docs.example.org",
  path: "an absolute http(s) URL without query or fragment, such as https://github.com/prabhuomkar/smriti",
  "path and query": "an absolute http(s) URL without fragment, such as https://fonts.example.org/css?family=DM+Sans",
};

function httpUrl(name: string, value: string | undefined, parts: UrlParts): string | null {
  const raw = text(value);
  if (!raw) return null;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // reported below
  }
  if (
    !url ||
    (url.protocol !== "http:" && url.protocol !== "https:") ||
    url.username ||
    url.password ||
    url.href.includes("#") ||
    (parts !== "path and query" && url.href.includes("?")) ||
    (parts === "origin" && url.pathname !== "/")
  ) {
    throw new ConfigurationError(name, raw, URL_EXPECTED[parts]);
  }
  // As the URL parser writes it: "https:docs.example.org" and "HTTPS://Docs.Example.org:443/" are both
  // https://docs.example.org, where the text as given would have made links that lead nowhere.
  if (parts === "origin") return url.origin;
  return url.href.includes("?") ? url.href : url.href.replace(/\/+$/, "");
}

/**
 * SITE_BASE_PATH can only say "/": every route, link and script address is
 * written from the root (the scripts' /build/ is fixed when the app is
 * built), so no setting could move the site under a path. Another value
 * once started a site that still linked to /docs/… and /build/…, broken
 * behind a proxy that published it under that path; it is refused instead.
 */
function checkRootBasePath(value: string | undefined): void {
  const raw = text(value);
  if (raw !== null && raw.replace(/\/+/g, "/") !== "/")
    throw new ConfigurationError(
      "SITE_BASE_PATH",
      raw,
      "/ or unset: the site is served at the root of its host name; publish it on a host name of its own",
    );
}

/** Builds the configuration from environment variables over the defaults; throws a ConfigurationError on a bad value. */
export function readSiteConfig(env: Env): SiteConfig {
  const defaults = defaultSiteConfig;
  const brand = text(env.SITE_BRAND) ?? defaults.brand;
  const repositoryUrl = httpUrl("SITE_REPOSITORY_URL", env.SITE_REPOSITORY_URL, "path") ?? defaults.repositoryUrl;
  const closeable = flag(
    "SITE_ANNOUNCEMENT_CLOSEABLE",
    env.SITE_ANNOUNCEMENT_CLOSEABLE,
    defaults.announcement.closeable,
  );
  // The id goes into the form that closes the bar and its cookie, which take only these characters:
  // with any other, every reader's "close" was refused with a 400 and the bar could never be closed.
  const announcementId = text(env.SITE_ANNOUNCEMENT_ID) ?? defaults.announcement.id;
  if (!isAnnouncementId(announcementId))
    throw new ConfigurationError(
      "SITE_ANNOUNCEMENT_ID",
      announcementId,
      "1 to 64 letters, digits, - and _, such as release-24-06",
    );
  checkRootBasePath(env.SITE_BASE_PATH);
  const analyticsId = text(env.SITE_ANALYTICS_ID);
  if (analyticsId && !/^[A-Z]{1,4}-[A-Z0-9-]{4,20}$/.test(analyticsId)) {
    throw new ConfigurationError("SITE_ANALYTICS_ID", analyticsId, "a Google Analytics (gtag) id such as G-XXXXXXX");
  }
  return {
    ...defaults,
    brand,
    repositoryUrl,
    editUrlBase: httpUrl("SITE_EDIT_URL_BASE", env.SITE_EDIT_URL_BASE, "path") ?? `${repositoryUrl}/edit/master/docs`,
    siteUrl: httpUrl("SITE_URL", env.SITE_URL, "origin"),
    announcement: {
      ...defaults.announcement,
      id: announcementId,
      text: announcementText(brand),
      closeable,
    },
    fontsStylesheetUrl: httpUrl("SITE_FONTS_STYLESHEET_URL", env.SITE_FONTS_STYLESHEET_URL, "path and query"),
    analyticsId,
    apiServerUrl: httpUrl("SITE_API_SERVER_URL", env.SITE_API_SERVER_URL, "path") ?? defaults.apiServerUrl,
  };
}

// Every page of the site with its two compressed forms takes about 2.2 MB per theme and announcement
// state (9 MB for all four); the rest holds searches and Markdown forms. After a flood of new
// searches filled the cache, 100 connections of mixed traffic held the server at 136 MB of RSS with
// an 8 MB cache and at 159-175 MB with 32 MB; 16 MB keeps it under 150 MB.
const DEFAULT_PAGE_CACHE_MB = 16;

// The cache's memory is outside the V8 heap, so no heap limit stops it: a count of bytes or
// kilobytes given by mistake (16777216 for 16 MB) would let it grow until the system kills the
// process. At this site's 9 MB for 54 pages in all four states, ten thousand pages would take
// about 1.7 GB; past 4 GB is such a mistake.
const MAX_PAGE_CACHE_MB = 4096;

/** Memory for rendered pages and their compressed forms, in megabytes (SITE_PAGE_CACHE_MB). */
export function readPageCacheMegabytes(env: Env): number {
  const raw = text(env.SITE_PAGE_CACHE_MB);
  if (raw === null) return DEFAULT_PAGE_CACHE_MB;
  // Decimal only: Number() would also read "0x10" and "1e3".
  if (!/^\d+(\.\d+)?$/.test(raw) || Number(raw) > MAX_PAGE_CACHE_MB)
    throw new ConfigurationError(
      "SITE_PAGE_CACHE_MB",
      raw,
      `a number of megabytes from 0 to ${MAX_PAGE_CACHE_MB}, such as ${DEFAULT_PAGE_CACHE_MB}`,
    );
  return Number(raw);
}

/**
 * Where the server listens: PORT and HOST, read by remix-serve itself, which would silently listen
 * elsewhere on a bad value: on a port the system picks for a PORT that is blank or 0 (it reads
 * Number("") as 0), on the first free port from 3000 for one that is not a number.
 */
export function readListenAddress(env: Env): { port: number | null; host: string | null } {
  let port: number | null = null;
  if (env.PORT !== undefined) {
    const rawPort = env.PORT.trim();
    port = Number(rawPort);
    if (!/^\d+$/.test(rawPort) || port < 1 || port > 65535)
      throw new ConfigurationError("PORT", env.PORT, "a TCP port number from 1 to 65535, or PORT unset");
  }
  // An empty HOST is unset for remix-serve too (every interface); one of spaces is a host name it looks up.
  const host = env.HOST === "" ? null : (env.HOST ?? null);
  // A colon belongs only in an IPv6 address: "localhost:3000" is a port given in HOST.
  if (host !== null && (!/^[^\s/]+$/.test(host) || (host.includes(":") && isIP(host) !== 6)))
    throw new ConfigurationError(
      "HOST",
      host,
      "a host name or IP address such as 127.0.0.1 (the port goes in PORT), or HOST unset",
    );
  return { port, host };
}

/** How long a replica keeps serving after SIGTERM (SITE_DRAIN_MS), read by the request guard. */
export function readDrainMilliseconds(env: Env): number {
  const milliseconds = drainMilliseconds(env[DRAIN_VARIABLE]);
  if (milliseconds === null)
    throw new ConfigurationError(
      DRAIN_VARIABLE,
      env[DRAIN_VARIABLE]!.trim(),
      `a whole number of milliseconds from 0 to ${MAX_DRAIN_MS} (ten minutes), such as 5000`,
    );
  return milliseconds;
}

/**
 * NODE_ENV as the app reads it: "production" (remix-serve's default when unset, and what the image
 * and `npm run serve` set) or "development" (`npm run dev`). Any other value ("staging", "") ran the
 * production build without the answers from memory and with every loader's reads checked, at 40 %
 * of the throughput, and said nothing.
 */
export function readMode(env: Env): "production" | "development" {
  const mode = env.NODE_ENV ?? "production";
  if (mode !== "production" && mode !== "development")
    throw new ConfigurationError("NODE_ENV", mode, "production (development is what npm run dev sets)");
  return mode;
}

/**
 * SITE_CHECK_INPUTS is read as "1" or not by app/http/input-check.server.ts, when modules load:
 * "true" or "yes" left the checks off without a word, so only 1 and 0 are accepted.
 */
function readCheckInputs(env: Env): boolean {
  const value = env.SITE_CHECK_INPUTS;
  if (value !== undefined && value !== "" && value !== "0" && value !== "1")
    throw new ConfigurationError("SITE_CHECK_INPUTS", value, "1 (check every loader's reads) or 0, or unset");
  return value === "1";
}

/**
 * Whether a production server searches in a thread of its own (SITE_SEARCH_THREAD, on unless
 * 0): about 40 % more searches a second at 10,000 pages, for 10 to 25 MB of RSS (a second V8 heap;
 * docs/decisions/061-a-search-thread.md). 0 keeps searches on the main thread, for a box where
 * that memory counts more. Only 1 and 0, as SITE_CHECK_INPUTS.
 */
export function readSearchThread(env: Env): boolean {
  const value = env.SITE_SEARCH_THREAD;
  if (value !== undefined && value !== "" && value !== "0" && value !== "1")
    throw new ConfigurationError(
      "SITE_SEARCH_THREAD",
      value,
      "1 (searches in a thread of their own, the default) or 0 (on the main thread), or unset",
    );
  return value !== "0";
}

/** Every setting the server reads, parsed and checked together: the first bad one is thrown. */
export function readServerSettings(env: Env) {
  return {
    site: readSiteConfig(env),
    listen: readListenAddress(env),
    pageCacheMegabytes: readPageCacheMegabytes(env),
    drainMilliseconds: readDrainMilliseconds(env),
    mode: readMode(env),
    checkInputs: readCheckInputs(env),
    searchThread: readSearchThread(env),
  };
}

let config: SiteConfig | undefined;

/** The site configuration for this process, read from the environment once. */
export function getSiteConfig(): SiteConfig {
  config ??= readSiteConfig(process.env);
  return config;
}
