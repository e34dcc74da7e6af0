import type { ActionFunctionArgs, HeadersFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Main } from "~/components/layout/Main";
import { getSiteConfig } from "~/config.server";
import { dismissAnnouncementCookie, isAnnouncementId } from "~/http/cookies.server";
import { readSettingsForm, settingsSaved } from "~/http/forms.server";
import { isHttps } from "~/http/origin.server";

/**
 * Remembers that the reader closed the announcement with this id, so the
 * server stops rendering it. Only the current, closeable announcement can be
 * dismissed; any other value is a 400 and changes nothing.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readSettingsForm(request);
  const config = getSiteConfig();
  const { announcement } = config;
  if (!announcement.closeable || !isAnnouncementId(form.id) || form.id !== announcement.id) {
    throw new Response("Unknown announcement", { status: 400 });
  }
  const cookie = await dismissAnnouncementCookie(form.id, isHttps(request, config));
  return settingsSaved(request, form, cookie, { dismissed: form.id });
}

export function loader() {
  throw new Response("Use POST", { status: 405, headers: { Allow: "POST" } });
}

export const headers: HeadersFunction = ({ actionHeaders, errorHeaders }) => errorHeaders ?? actionHeaders;

export default function AnnouncementDismissed() {
  return (
    <Main className="mx-auto w-full max-w-3xl px-4 py-20">
      <h1 className="text-3xl font-bold">Announcement closed</h1>
      <p className="mt-4">
        <Link className="text-brand-strong underline dark:text-brand" to="/">Back to the home page</Link>
      </p>
    </Main>
  );
}
