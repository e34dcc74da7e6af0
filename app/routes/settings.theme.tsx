import type { MetaFunction } from "@remix-run/node";
import { Main, pageMeta, rootFromMatches, SET_THEME_ACTION, Theme, useTheme } from "~/page-kit";
import type { RouteHandle } from "~/route-inputs";

export const handle: RouteHandle = { inputs: {} };

export { action } from "~/route-loaders/theme-setting.server";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Theme",
    description: "Choose the light or the dark theme for this site.",
    path: "/settings/theme",
    root: rootFromMatches(matches),
    extra: [{ name: "robots", content: "noindex" }],
  });

/** The theme setting as a page of its own: the same choice as the navbar toggle. */
export default function ThemeSettings() {
  const [theme] = useTheme();
  return (
    <Main className="mx-auto w-full max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Theme</h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        This site is shown in the <strong>{theme === Theme.DARK ? "dark" : "light"}</strong> theme. Your choice is kept
        in a cookie on this device.
      </p>
      <div className="mt-6 flex gap-3">
        {[Theme.LIGHT, Theme.DARK].map((choice) => (
          <form key={choice} method="post" action={SET_THEME_ACTION}>
            <input type="hidden" name="theme" value={choice} />
            <input type="hidden" name="redirectTo" value={SET_THEME_ACTION} />
            <button
              type="submit"
              aria-pressed={theme === choice}
              className="rounded-md border border-slate-300 px-4 py-2 font-bold aria-pressed:border-brand-strong aria-pressed:text-brand-strong dark:border-slate-700 dark:aria-pressed:border-brand dark:aria-pressed:text-brand"
            >
              {choice === Theme.DARK ? "Dark" : "Light"}
            </button>
          </form>
        ))}
      </div>
    </Main>
  );
}
