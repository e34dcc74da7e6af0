import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { DISMISS_ANNOUNCEMENT_ACTION, Main, pageMeta, rootFromMatches, useRootData, useSiteConfig } from "~/page-kit";
import type { RouteHandle } from "~/route-inputs";

export const handle: RouteHandle = { inputs: {} };

export { action } from "~/route-loaders/announcement-setting.server";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Announcement",
    description: "The site's announcement and whether it is shown to you.",
    path: "/settings/announcement",
    root: rootFromMatches(matches),
    extra: [{ name: "robots", content: "noindex" }],
  });

/** The announcement as a page of its own, with the same close control as the bar. */
export default function AnnouncementSettings() {
  const { announcement } = useSiteConfig();
  const visible = useRootData()?.announcementVisible ?? true;
  return (
    <Main className="mx-auto w-full max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Announcement</h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        {announcement.text}{" "}
        <Link className="text-brand-strong underline dark:text-brand" to={announcement.linkUrl}>
          {announcement.linkText}
        </Link>
      </p>
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        {visible
          ? "The announcement bar is shown at the top of every page."
          : "You have closed the announcement bar on this device."}
      </p>
      {visible && announcement.closeable ? (
        <form method="post" action={DISMISS_ANNOUNCEMENT_ACTION} className="mt-6">
          <input type="hidden" name="id" value={announcement.id} />
          <input type="hidden" name="redirectTo" value={DISMISS_ANNOUNCEMENT_ACTION} />
          <button
            type="submit"
            className="rounded-md border border-slate-300 px-4 py-2 font-bold dark:border-slate-700"
          >
            Hide the announcement
          </button>
        </form>
      ) : null}
    </Main>
  );
}
