import { randomBytes } from "node:crypto";
import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import { createThemeSessionResolver, Theme } from "remix-themes";
import type { AnnouncementConfig } from "~/site.config";

const ONE_YEAR = 60 * 60 * 24 * 365;

function sessionSecret(): string {
  const configured = process.env.SITE_SESSION_SECRET?.trim();
  if (configured) return configured;
  console.warn(
    "[smriti-site] SITE_SESSION_SECRET is not set: using a random secret for this process. " +
      "Theme choices will not survive a restart and differ between replicas; set it to a long random string.",
  );
  return randomBytes(32).toString("hex");
}

const themeStorage = createCookieSessionStorage({
  cookie: {
    name: "theme",
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    maxAge: ONE_YEAR,
    secrets: [sessionSecret()],
  },
});

const resolveThemeSession = createThemeSessionResolver(themeStorage);

/** The reader's chosen theme; light when none was chosen or the cookie was tampered with. */
export async function readTheme(request: Request): Promise<Theme> {
  const session = await resolveThemeSession(request);
  return session.getTheme() ?? Theme.LIGHT;
}

/** Set-Cookie value storing `theme`; Secure when the reader came over HTTPS. */
export async function themeCookie(request: Request, theme: Theme, secure: boolean): Promise<string> {
  const session = await themeStorage.getSession(request.headers.get("Cookie"));
  session.set("theme", theme);
  return themeStorage.commitSession(session, { secure });
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
