import { useLocation } from "@remix-run/react";
import { Theme, useTheme } from "~/lib/theme";
import { MoonIcon, SunIcon } from "~/components/icons";

export const SET_THEME_ACTION = "/settings/theme";

/**
 * Switches between light and dark. Without JavaScript it is a form post that
 * redirects back here; with JavaScript remix-themes switches at once and
 * stores the choice in the same cookie.
 */
export function ThemeToggle() {
  const [theme, setTheme] = useTheme();
  const location = useLocation();
  const next = theme === Theme.DARK ? Theme.LIGHT : Theme.DARK;
  const label = next === Theme.DARK ? "Switch to dark mode" : "Switch to light mode";

  return (
    <form
      method="post"
      action={SET_THEME_ACTION}
      onSubmit={(event) => {
        event.preventDefault();
        setTheme(next);
      }}
    >
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search + location.hash} />
      <button
        type="submit"
        className="rounded-md p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        aria-label={label}
        title={label}
      >
        {theme === Theme.DARK ? <SunIcon /> : <MoonIcon />}
      </button>
    </form>
  );
}
