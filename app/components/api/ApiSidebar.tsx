import { Link } from "@remix-run/react";
import { useRef } from "react";
import type { ApiNavTag } from "~/api-reference/build/navigation";
import { useClientLinks } from "~/lib/client-links";
import { useCallBeingRead } from "./call-being-read";

/** Method names as a short coloured label, so the calls of a tag read as a column of verbs. */
const METHOD_COLOUR: Record<string, string> = {
  GET: "text-emerald-700 dark:text-emerald-400",
  POST: "text-sky-700 dark:text-sky-400",
  PUT: "text-amber-800 dark:text-amber-400",
  PATCH: "text-amber-800 dark:text-amber-400",
  DELETE: "text-red-700 dark:text-red-400",
};

const CALL_LINK =
  "sidebar-link flex gap-1.5 aria-[current=location]:bg-sky-50 aria-[current=location]:font-semibold aria-[current=location]:text-brand-strong dark:aria-[current=location]:bg-sky-950 dark:aria-[current=location]:text-brand";

/**
 * The API reference's navigation: the overview, every tag and its calls, as
 * the docs sidebar lists pages (components/docs/Sidebar.tsx). The server
 * marks the current page (aria-current="page"), so it is right without
 * JavaScript; with it, the call being read is marked too
 * (aria-current="location"). Like the docs sidebar it sits beside the page
 * from 996 px and inside the open phone menu below that (app.css, "Mobile
 * menu", through the docs-sidebar class).
 *
 * The overview and the tags are <Link>s, prefetched on intent. The calls, about
 * sixty, are plain anchors that the navigation as a whole opens in the app, as
 * the docs sidebar's are: a <Link> each resolved its path and set up its
 * prefetch on every render, a share of every API page's first view
 * (docs/decisions/049-a-large-version-renders-its-first-view.md). `data-discover`
 * has Remix learn their routes when the page loads, as a <Link>'s does.
 */
export function ApiSidebar({
  navigation,
  overviewUrl,
  pageUrl,
}: {
  navigation: ApiNavTag[];
  overviewUrl: string;
  pageUrl: string;
}) {
  const current = navigation.find((tag) => tag.url === pageUrl);
  const reading = useCallBeingRead(pageUrl, current?.calls.map((call) => call.anchor) ?? []);
  const nav = useRef<HTMLElement>(null);
  useClientLinks(nav);
  return (
    <div className="docs-sidebar hidden w-64 shrink-0 border-r border-slate-200 lg:block dark:border-slate-800">
      <div className="sticky top-16 max-h-[calc(100vh-4rem)] overflow-y-auto py-6 pr-3">
        <nav ref={nav} aria-label="API reference">
          <ul>
            <li>
              <Link
                to={overviewUrl}
                prefetch="intent"
                className="sidebar-link font-bold"
                aria-current={pageUrl === overviewUrl ? "page" : undefined}
              >
                Overview
              </Link>
            </li>
            {navigation.map((tag) => (
              <li key={tag.url} className="mt-2">
                <Link
                  to={tag.url}
                  prefetch="intent"
                  className="sidebar-link font-bold"
                  aria-current={tag === current ? "page" : undefined}
                >
                  {tag.label}
                </Link>
                <ul className="ml-3 border-l border-slate-200 pl-2 dark:border-slate-800">
                  {tag.calls.map((call) => (
                    <li key={call.anchor}>
                      <a
                        href={`${tag.url}#${call.anchor}`}
                        className={CALL_LINK}
                        data-discover
                        aria-current={tag === current && call.anchor === reading ? "location" : undefined}
                      >
                        <span
                          className={`w-11 shrink-0 font-mono text-xs font-bold leading-5 ${METHOD_COLOUR[call.method] ?? ""}`}
                        >
                          {call.method}
                        </span>{" "}
                        <span className="min-w-0 break-words">{call.label}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
