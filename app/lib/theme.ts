// The browser half of remix-themes. Its package index also re-exports the
// server helpers, which drags @remix-run/server-runtime, a multipart parser
// and cookie parsers (about 13 KB gzipped) into every page's JavaScript; this
// module imports only the provider. Server code imports "remix-themes" itself.
export { isTheme, Theme, ThemeProvider, useTheme } from "remix-themes/build/theme-provider.js";
