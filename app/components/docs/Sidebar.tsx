import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useClientLinks } from "~/lib/client-links";
import type { SidebarItem } from "~/docs/sidebar";
import { revealCurrentEntry, SIDEBAR_POSITION_SCRIPT } from "~/lib/sidebar-position";

/**
 * Plain anchors, marked current by the location each list reads once, that
 * the sidebar as a whole opens in the app. A <NavLink> per entry resolved its
 * path, read the location and set up its own prefetch on every render: about a
 * hundred entries in a large version, a tenth of a docs page's first render
 * (docs/decisions/049-a-large-version-renders-its-first-view.md).
 * `data-discover` has Remix learn each page entry's route when the page loads,
 * as a <Link>'s does: a tab opened before a deploy still opens them in the app.
 * A folded category (large versions only) goes without, for the JavaScript
 * budget: in such a tab it loads its page whole.
 */
function Items({ items, depth }: { items: SidebarItem[]; depth: number }) {
  const { pathname } = useLocation();
  return (
    <ul className={depth ? "ml-3 border-l border-slate-200 pl-2 dark:border-slate-800" : ""}>
      {items.map((item) =>
        item.type === "link" ? (
          <li key={item.url}>
            <a
              href={item.url}
              className="sidebar-link"
              data-discover
              aria-current={item.url === pathname ? "page" : undefined}
            >
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
              <Items items={item.items} depth={depth + 1} />
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
      <nav ref={ref} aria-label={label}>
        <Items items={navigation} depth={0} />
      </nav>
      {/* Its text differs between the server and browser builds (minified): the server's is what runs. */}
      <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SIDEBAR_POSITION_SCRIPT }} />
    </>
  );
}
