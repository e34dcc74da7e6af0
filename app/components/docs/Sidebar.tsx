import { NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { SidebarItem } from "~/docs/sidebar";
import { revealCurrentEntry, SIDEBAR_POSITION_SCRIPT } from "~/lib/sidebar-position";

function Items({ items, depth }: { items: SidebarItem[]; depth: number }) {
  return (
    <ul className={depth > 0 ? "ml-3 border-l border-slate-200 pl-2 dark:border-slate-800" : ""}>
      {items.map((item) =>
        item.type === "link" ? (
          <li key={item.url}>
            <NavLink to={item.url} end prefetch="intent" className="sidebar-link">
              {item.label}
            </NavLink>
          </li>
        ) : item.type === "folded" ? (
          // A category the current page is not in, in a large version: a link to its first page, where it opens.
          <li key={item.label} className="mt-2">
            <NavLink to={item.url} prefetch="intent" className="sidebar-category">
              {item.label}
              <span className="text-xs font-normal text-slate-600 dark:text-slate-400">
                {item.pages} {item.pages === 1 ? "page" : "pages"}
              </span>
            </NavLink>
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
