import type { ActionFunctionArgs } from "@remix-run/node";
import { getSiteConfig } from "~/config.server";
import { dismissAnnouncementCookie, isAnnouncementId } from "~/http/cookies.server";
import { readSettingsForm, settingsSaved } from "~/http/forms.server";
import { isHttps } from "~/http/origin.server";
import { requirePost } from "~/http/settings-route.server";
import { load } from "~/lib/load.server";

/**
 * Remembers that the reader closed the announcement with this id, so the
 * server stops rendering it. Only the current, closeable announcement can be
 * dismissed; any other value is a 400 and changes nothing.
 */
export async function action({ request }: ActionFunctionArgs) {
  return load(async () => {
    requirePost(request);
    const form = await readSettingsForm(request);
    const config = getSiteConfig();
    const { announcement } = config;
    if (!announcement.closeable || !isAnnouncementId(form.id) || form.id !== announcement.id) {
      throw new Response("Unknown announcement", { status: 400 });
    }
    const cookie = await dismissAnnouncementCookie(form.id, isHttps(request, config));
    return settingsSaved(request, form, cookie, { dismissed: form.id });
  });
}
