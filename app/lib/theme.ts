// The browser half of remix-themes. Its package index also re-exports the
// server helpers, which drags @remix-run/server-runtime, a multipart parser
// and cookie parsers (about 13 KB gzipped) into every page's JavaScript; this
// module imports only the provider.
import { useCallback } from "react";
import { Theme, useTheme as useProviderTheme } from "remix-themes/build/theme-provider.js";
import { THEME_COOKIE, themeCookieAttributes } from "./theme-cookie";

export { isTheme, Theme, ThemeProvider } from "remix-themes/build/theme-provider.js";

/**
 * The theme and its setter. Setting it writes the cookie at once, before
 * remix-themes switches the page and posts the choice in the background: a
 * reload that comes before that post has answered still finds the choice.
 */
export function useTheme(): [Theme | null, (theme: Theme) => void] {
  const [theme, setProviderTheme] = useProviderTheme();
  const setTheme = useCallback(
    (next: Theme) => {
      document.cookie = `${THEME_COOKIE}=${next}; ${themeCookieAttributes(window.location.protocol === "https:")}`;
      setProviderTheme(next);
    },
    [setProviderTheme],
  );
  return [theme, setTheme];
}
