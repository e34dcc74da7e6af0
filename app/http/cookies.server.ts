import { createCookie } from "@remix-run/node";
import { Theme } from "remix-themes";
import { THEME_COOKIE, themeFromCookieValue, themeCookieAttributes } from "~/lib/theme-cookie";
import type { AnnouncementConfig } from "~/site.config";
import { noteCookieRead } from "./input-check.server";

const ONE_YEAR = 60 * 60 * 24 * 365;

/** A cookie's raw value in a Cookie header, or undefined. */
export function cookieValue(cookieHeader: string | null | undefined, name: string): string | undefined {
  noteCookieRead(name);
  for (const part of (cookieHeader ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator !== -1 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/**
 * The reader's chosen theme: the theme cookie holds `light` or `dark` as it
 * is, unsigned (docs/decisions/013-theme-cookie.md); anything else in it, or
 * no cookie, is light.
 */
export function readTheme(request: Request): Theme {
  return themeFromCookieValue(cookieValue(request.headers.get("Cookie"), THEME_COOKIE)) ?? Theme.LIGHT;
}

/** Set-Cookie value storing `theme`; Secure when the reader came over HTTPS. The browser writes the same cookie itself. */
export function themeCookie(theme: Theme, secure: boolean): string {
  return `${THEME_COOKIE}=${theme}; ${themeCookieAttributes(secure)}`;
}

const dismissedAnnouncement = createCookie("announcement-dismissed", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: ONE_YEAR,
});

const ANNOUNCEMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isAnnouncementId(value: unknown): value is string {
  return typeof value === "string" && ANNOUNCEMENT_ID.test(value);
}

/** Whether the bar shows: it does until the reader dismisses this id (and shows again for a new id). */
export async function announcementVisible(request: Request, announcement: AnnouncementConfig): Promise<boolean> {
  const dismissed: unknown = await dismissedAnnouncement.parse(request.headers.get("Cookie"));
  return dismissed !== announcement.id;
}

export function dismissAnnouncementCookie(id: string, secure: boolean): Promise<string> {
  return dismissedAnnouncement.serialize(id, { secure });
}
