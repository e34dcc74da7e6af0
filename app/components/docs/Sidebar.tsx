import { PrefetchPageLinks, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useClientLinks } from "~/lib/client-links";
import { usePrefetchIntent } from "~/lib/prefetch-intent";
import type { SidebarItem } from "~/docs/sidebar";
import { revealCurrentEntry, SIDEBAR_POSITION_SCRIPT } from "~/lib/sidebar-position";

/**
 * Plain anchors, marked current by the one location the sidebar reads; the
 * sidebar as a whole makes them navigate in the app and prefetch on intent.
 * A <NavLink> per entry resolved its path, read the location and set up its
 * own prefetch on every render: about a hundred entries in a large version,
 * a tenth of a docs page's first render
 * (docs/decisions/049-a-large-version-renders-its-first-view.md).
 */
function Items({ items, depth, pathname }: { items: SidebarItem[]; depth: number; pathname: string }) {
  return (
    <ul className={depth > 0 ? "ml-3 border-l border-slate-200 pl-2 dark:border-slate-800" : ""}>
      {items.map((item) =>
        item.type === "link" ? (
          <li key={item.url}>
            <a href={item.url} className="sidebar-link" aria-current={item.url === pathname ? "page" : undefined}>
              {item.label}
            </a>
          </li>
        ) : item.type === "folded" ? (
          // A category the current page is not in, in a large version: a link to its first page, where it opens.
          <li key={item.label} className="mt-2">
            <a href={item.url} className="sidebar-category">
              {item.label}
              <span className="text-xs font-normal text-slate-600 dark:text-slate-400">
                {item.pages} {item.pages === 1 ? "page" : "pages"}
              </span>
            </a>
          </li>
        ) : (
          <li key={item.label} className="mt-2">
            {/* Each category opens and closes on its own: none collapses another. */}
            <details open>
              <summary className="sidebar-category">
                {item.label}
                <span
                  aria-hidden="true"
                  className="text-slate-500 transition-transform dark:text-slate-400 [details[open]>summary>&]:rotate-90"
                >
                  ›
                </span>
              </summary>
              <Items items={item.items} depth={depth + 1} pathname={pathname} />
            </details>
          </li>
        ),
      )}
    </ul>
  );
}

/**
 * The docs sidebar: every docs page by category, the current one marked
 * aria-current="page" and in view on arrival (an inline script, before the
 * first paint). It stays mounted across client-side navigation, so it keeps
 * its scroll position; only a page whose entry is out of view scrolls it.
 */
export function Sidebar({ navigation, label = "Docs" }: { navigation: SidebarItem[]; label?: string }) {
  const ref = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const arrived = useRef(true);
  useClientLinks(ref);
  const { intent, handlers } = usePrefetchIntent();
  useEffect(() => {
    // On arrival the inline script has done it (and the reader may have scrolled since).
    if (arrived.current) {
      arrived.current = false;
      return;
    }
    revealCurrentEntry(ref.current);
  }, [pathname]);
  return (
    <>
      <nav ref={ref} aria-label={label} {...handlers}>
        <Items items={navigation} depth={0} pathname={pathname} />
      </nav>
      {intent ? <PrefetchPageLinks page={intent} /> : null}
      {/* Its text differs between the server and browser builds (minified): the server's is what runs. */}
      <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SIDEBAR_POSITION_SCRIPT }} />
    </>
  );
}
