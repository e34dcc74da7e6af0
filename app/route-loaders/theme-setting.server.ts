import type { ActionFunctionArgs } from "@remix-run/node";
import { getSiteConfig } from "~/config.server";
import { themeCookie } from "~/http/cookies.server";
import { readSettingsForm, settingsSaved } from "~/http/forms.server";
import { isHttps } from "~/http/origin.server";
import { requirePost } from "~/http/settings-route.server";
import { load } from "~/lib/load.server";
import { isTheme } from "~/lib/theme";

/**
 * Stores the reader's theme in the theme cookie (`light` or `dark`, unsigned). The navbar toggle
 * posts here: without JavaScript as a form that is redirected back to its page,
 * with JavaScript as remix-themes' background request. A value other than light
 * or dark is refused with 400 and the cookie is left alone.
 */
export async function action({ request }: ActionFunctionArgs) {
  return load(async () => {
    requirePost(request);
    const form = await readSettingsForm(request);
    if (!isTheme(form.theme)) throw new Response("Unknown theme", { status: 400 });
    const cookie = themeCookie(form.theme, isHttps(request, getSiteConfig()));
    return settingsSaved(request, form, cookie, { theme: form.theme });
  });
}
