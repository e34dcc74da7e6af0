import type { HeadersFunction, LinksFunction, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  LiveReload,
  Meta,
  Outlet,
  ScrollRestoration,
  useLocation,
  useRouteError,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { AnnouncementBar } from "~/components/layout/AnnouncementBar";
import { LiveContentUpdates } from "~/components/dev/LiveContentUpdates";
import { DeferredScripts } from "~/components/layout/DeferredScripts";
import { ContentProblemPage, CrashPage, LoadFailurePage } from "~/components/layout/ErrorPages";
import { Analytics, Fonts } from "~/components/layout/Head";
import { Navbar } from "~/components/layout/Navbar";
import { ProgressBar } from "~/components/layout/ProgressBar";
import { ServerRendered } from "~/components/layout/ServerRendered";
import {
  BasePathBanner,
  Footer,
  NotFoundPage as NotFoundPageOnServer,
  StatusPage as StatusPageOnServer,
} from "~/components/layout/server-rendered.server";
import { SearchShortcut } from "~/components/search/SearchShortcut";
import { SkipLink } from "~/components/layout/SkipLink";
import { VersionBanner } from "~/components/layout/VersionBanner";
import { isContentProblemData } from "~/content/problems";
import { LIVE_REGION_ID } from "~/lib/announce";
import { ChosenVersionProvider } from "~/lib/use-versions";
import { loader } from "~/route-loaders/root.server";
import { EVERY_PAGE_INPUTS } from "~/root-inputs.server";
import type { RouteHandle } from "~/route-inputs";
import styles from "~/styles/app.css";
import {
  pageMeta,
  rootFromMatches,
  SET_THEME_ACTION,
  Theme,
  ThemeProvider,
  useRootData,
  useSiteConfig,
  useTheme,
} from "~/page-kit";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export { loader };

/** What every page reads, through this loader and the document around every page. */
export const handle: RouteHandle = { inputs: EVERY_PAGE_INPUTS };

// Errors render at this boundary, so this is where a thrown response's headers
// (e.g. Allow on a 405) reach the document.
export const headers: HeadersFunction = ({ errorHeaders }) => errorHeaders ?? new Headers();

// Root data only changes when the reader changes a setting (a form submission).
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? defaultShouldRevalidate : false;

/** Titles of the error pages the root boundary renders. */
export const meta: MetaFunction = ({ error, matches, location }) => {
  if (!error) return [];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title =
    status === 404
      ? "Page Not Found"
      : process.env.NODE_ENV === "development" && isRouteErrorResponse(error) && isContentProblemData(error.data)
        ? "Content Error"
        : status >= 500
          ? "Something Went Wrong"
          : `Error ${status}`;
  return pageMeta({
    title,
    description: "This page could not be shown.",
    path: location.pathname,
    root: rootFromMatches(matches),
    canonical: false,
    extra: [{ name: "robots", content: "noindex" }],
  });
};

/** Marks the body once React has hydrated: interactive controls are live from then on. */
function useHydratedMarker() {
  useEffect(() => {
    document.body.dataset.hydrated = "true";
  }, []);
}

function Document({ children }: { children: ReactNode }) {
  useHydratedMarker();
  const [theme] = useTheme();
  const config = useSiteConfig();
  const data = useRootData();
  const mode = theme === Theme.DARK ? "dark" : "light";
  return (
    <html lang="en" className={mode}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={mode} />
        <meta name="theme-color" content={mode === "dark" ? config.colors.darkBackground : "#ffffff"} />
        <Meta />
        <Links />
        <Fonts stylesheetUrl={config.fontsStylesheetUrl} />
        <Analytics config={config} enabled={data?.trackPageViews ?? false} />
      </head>
      <body className="flex min-h-screen flex-col">
        <SkipLink />
        <ServerRendered id="base-path-banner" render={() => <BasePathBanner />} />
        <AnnouncementBar />
        <Navbar />
        <VersionBanner />
        <ProgressBar />
        <div className="flex flex-1 flex-col">{children}</div>
        <ServerRendered id="footer" render={() => <Footer />} />
        <div id={LIVE_REGION_ID} role="status" className="sr-only" />
        <SearchShortcut />
        <ScrollRestoration />
        <DeferredScripts />
        {/* Development only (removed from production builds): reload on app changes, revalidate on content changes. */}
        {process.env.NODE_ENV === "development" && (
          <>
            <LiveReload />
            <LiveContentUpdates />
          </>
        )}
      </body>
    </html>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  return (
    <ThemeProvider specifiedTheme={data?.theme ?? Theme.LIGHT} themeAction={SET_THEME_ACTION}>
      <ChosenVersionProvider>
        <Document>{children}</Document>
      </ChosenVersionProvider>
    </ThemeProvider>
  );
}

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

/** Records a page view on first load and on every client-side route change (when analytics is on). */
function usePageViews() {
  const location = useLocation();
  const enabled = useRootData()?.trackPageViews ?? false;
  useEffect(() => {
    if (!enabled) return;
    window.gtag?.("event", "page_view", {
      page_path: location.pathname + location.search,
      page_location: window.location.href,
      page_title: document.title,
    });
  }, [enabled, location.pathname, location.search]);
}

export default function App() {
  usePageViews();
  return <Outlet />;
}

// The server has them at once (server-rendered.server.ts). The browser, where that module's exports
// are undefined, loads them when shown (components/layout/StatusPages.tsx says why); if that code
// cannot be fetched (a new build removed it), the reader gets the load-failure page, which can retry.
const statusPages = () => import("~/components/layout/StatusPages").catch(() => null);
const NotFoundPage =
  (NotFoundPageOnServer as typeof NotFoundPageOnServer | undefined) ??
  lazy(async () => ({ default: (await statusPages())?.NotFoundPage ?? LoadFailurePage }));
const StatusPage =
  (StatusPageOnServer as typeof StatusPageOnServer | undefined) ??
  lazy(async () => ({ default: (await statusPages())?.StatusPage ?? LoadFailurePage }));

function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      return (
        <Suspense fallback={null}>
          <NotFoundPage />
        </Suspense>
      );
    }
    // Only `npm run dev` sends these (production builds stop on content mistakes): left out of production bundles.
    if (process.env.NODE_ENV === "development" && isContentProblemData(error.data)) {
      return <ContentProblemPage problems={error.data.contentProblems} />;
    }
    if (error.status >= 500) return <LoadFailurePage />;
    // error.data is not shown: Remix's own messages name internal route files.
    return (
      <Suspense fallback={null}>
        <StatusPage status={error.status} />
      </Suspense>
    );
  }
  if (isNetworkFailure(error)) return <LoadFailurePage />;
  return <CrashPage />;
}
