/**
 * The docs version a reader chose, kept in a cookie so that links drawn on
 * the server (the navbar's Docs and API links, the footer, the landing page's
 * calls to action) lead to it on pages of no version. Its value is a version
 * id other than the current release's ("next", an older release); reading the
 * current release clears it, so a reader who never leaves the release has no
 * cookie and a reader of "the release" follows the next one when it ships.
 * Not sensitive: neither signed nor HttpOnly, since the browser writes it too
 * when it moves between versions without loading a document.
 * See docs/decisions/033-remembered-version.md.
 */
export const VERSION_COOKIE = "docs-version";

const ONE_YEAR_S = 60 * 60 * 24 * 365;

/** What a version id can look like ("next", "24.05.08"); anything else in the cookie is ignored. */
const VERSION_ID = /^[a-z0-9][a-z0-9.-]{0,31}$/;

/** The cookie's value when it has the shape of a version id, else "": what the page cache keys on. */
export function versionCookieKey(value: string | undefined): string {
  return value && VERSION_ID.test(value) ? value : "";
}

/** The version the cookie names among `versions`, unless it is the current release (which needs no cookie). */
export function chosenVersion<V extends { id: string; status: string }>(
  value: string | undefined,
  versions: readonly V[],
): V | undefined {
  const key = versionCookieKey(value);
  return key ? versions.find((version) => version.id === key && version.status !== "current") : undefined;
}

/** The cookie storing version `id`, or clearing it (null: the current release), as a Set-Cookie or document.cookie value. */
export function versionCookie(id: string | null, secure: boolean): string {
  return `${VERSION_COOKIE}=${id ?? ""}; Max-Age=${id ? ONE_YEAR_S : 0}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * The cookie as reading a page of version `page` leaves it: storing it, or
 * clearing the cookie when it is the current release; null when the cookie
 * the reader sent already says so.
 */
export function rememberVersion(
  page: { id: string; status: string },
  sent: string | undefined,
  secure: boolean,
): string | null {
  const id = page.status === "current" ? null : page.id;
  return (sent || null) === id ? null : versionCookie(id, secure);
}
