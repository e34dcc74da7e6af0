import type { ActionFunctionArgs, HeadersFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { isTheme } from "~/lib/theme";
import { Main } from "~/components/layout/Main";
import { getSiteConfig } from "~/config.server";
import { themeCookie } from "~/http/cookies.server";
import { readSettingsForm, settingsSaved } from "~/http/forms.server";
import { isHttps } from "~/http/origin.server";

/**
 * Stores the reader's theme in the signed theme cookie. A form post (no
 * JavaScript) is redirected back to the page it came from; remix-themes'
 * background request gets a small answer. A value other than light or dark is
 * refused with 400 and the cookie is left alone.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readSettingsForm(request);
  if (!isTheme(form.theme)) throw new Response("Unknown theme", { status: 400 });
  const cookie = await themeCookie(request, form.theme, isHttps(request, getSiteConfig()));
  return settingsSaved(request, form, cookie, { theme: form.theme });
}

export function loader() {
  throw new Response("Use POST", { status: 405, headers: { Allow: "POST" } });
}

export const headers: HeadersFunction = ({ actionHeaders, errorHeaders }) => errorHeaders ?? actionHeaders;

export default function ThemeSaved() {
  return (
    <Main className="mx-auto w-full max-w-3xl px-4 py-20">
      <h1 className="text-3xl font-bold">Theme saved</h1>
      <p className="mt-4">
        <Link className="text-brand-strong underline dark:text-brand" to="/">Back to the home page</Link>
      </p>
    </Main>
  );
}
