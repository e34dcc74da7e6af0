import { Theme } from "remix-themes/build/theme-provider.js";

/**
 * The theme cookie, written by the server (the settings form) and by the
 * browser (the toggle, at the moment of the click, so a reload right after
 * it already carries the choice). Its value is `light` or `dark` and nothing
 * else: not sensitive, so neither signed nor HttpOnly, and the same on every
 * replica and after every restart. See docs/decisions/013-theme-cookie.md.
 */
export const THEME_COOKIE = "theme";

const ONE_YEAR_S = 60 * 60 * 24 * 365;

/** The theme a cookie value names; undefined for anything but exactly `light` or `dark`. */
export function themeFromCookieValue(value: string | undefined): Theme | undefined {
  return value === Theme.DARK || value === Theme.LIGHT ? value : undefined;
}

/** The attributes after `theme=<value>` in a Set-Cookie header or in document.cookie. */
export function themeCookieAttributes(secure: boolean): string {
  return `Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
