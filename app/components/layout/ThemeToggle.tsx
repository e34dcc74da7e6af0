import { useReturnAddress } from "~/lib/return-address";
import { Theme, useTheme } from "~/lib/theme";
import { MoonIcon, SunIcon } from "~/components/icons";

export const SET_THEME_ACTION = "/settings/theme";

/**
 * Switches between light and dark. Without JavaScript it is a form post that
 * redirects back to this page (its address without the query parameters it
 * does not read, so one stored page serves every query); with JavaScript the
 * cookie is written and the page switches at once.
 */
export function ThemeToggle() {
  const [theme, setTheme] = useTheme();
  const returnAddress = useReturnAddress();
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
      <input type="hidden" name="redirectTo" value={returnAddress} />
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
