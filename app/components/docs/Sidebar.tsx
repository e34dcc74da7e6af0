import { NavLink } from "@remix-run/react";
import type { NavItem } from "~/content/types";

function Items({ items, depth }: { items: NavItem[]; depth: number }) {
  return (
    <ul className={depth > 0 ? "ml-3 border-l border-slate-200 pl-2 dark:border-slate-800" : ""}>
      {items.map((item) =>
        item.type === "link" ? (
          <li key={item.url}>
            <NavLink
              to={item.url}
              end
              prefetch="intent"
              className="sidebar-link"
            >
              {item.label}
            </NavLink>
          </li>
        ) : (
          <li key={item.label} className="mt-2">
            {/* Each category opens and closes on its own: none collapses another. */}
            <details open>
              <summary className="sidebar-category">
                {item.label}
                <span aria-hidden="true" className="text-slate-500 transition-transform dark:text-slate-400 [details[open]>summary>&]:rotate-90">
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

/** The docs sidebar: every docs page by category, the current one marked aria-current="page". */
export function Sidebar({ navigation, label = "Docs" }: { navigation: NavItem[]; label?: string }) {
  return (
    <nav aria-label={label}>
      <Items items={navigation} depth={0} />
    </nav>
  );
}
