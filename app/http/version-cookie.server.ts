import { getSiteConfig } from "~/config.server";
import { getSiteContent } from "~/content/store.server";
import { versionOfUrl, type DocsVersion } from "~/content/versions";
import { chosenVersion, rememberVersion, VERSION_COOKIE } from "~/lib/version-cookie";
import { cookieValue } from "./cookies.server";

function docsVersions(): DocsVersion[] {
  try {
    return getSiteContent().versions.map((entry) => entry.version);
  } catch {
    // Without content there is no page of any version to remember.
    return [];
  }
}

/** The version the reader chose earlier (the cookie), unless it is the current release or unknown. */
export function readChosenVersion(request: Request): string | null {
  return chosenVersion(cookieValue(request.headers.get("Cookie"), VERSION_COOKIE), docsVersions())?.id ?? null;
}

/**
 * The Set-Cookie a page answer carries so that the version it belongs to is
 * remembered without JavaScript: only on a page (HTML, 200) whose address is
 * inside a version, and only when the cookie the reader sent says otherwise.
 * Added to each answer as it leaves, never kept with a stored page, so a page
 * stored for one reader never replays a cookie meant for another.
 */
export function versionCookieFor(
  target: string,
  answer: { status: number; contentType: string | undefined },
  header: (name: string) => string | null | undefined,
): string | null {
  if (answer.status !== 200 && answer.status !== 304) return null;
  if (!answer.contentType?.startsWith("text/html")) return null;
  let pathname: string;
  try {
    pathname = new URL(target, "http://key.invalid").pathname;
  } catch {
    return null;
  }
  const page = versionOfUrl(docsVersions(), pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);
  if (!page) return null;
  const secure =
    getSiteConfig().siteUrl?.startsWith("https:") || header("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
  return rememberVersion(page, cookieValue(header("cookie"), VERSION_COOKIE), Boolean(secure));
}
