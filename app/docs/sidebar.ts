import { flattenNavigation } from "~/content/navigation.server";
import type { NavCategory, NavItem, NavLink } from "~/content/types";

/** A category the sidebar shows as one link to its first page: the current page is not in it. */
export interface FoldedCategory {
  type: "folded";
  label: string;
  /** Its first page. */
  url: string;
  /** How many pages it holds, its subcategories' included. */
  pages: number;
}

export interface SidebarCategory extends Omit<NavCategory, "items"> {
  items: SidebarItem[];
}

export type SidebarItem = NavLink | SidebarCategory | FoldedCategory;

/**
 * Up to this many pages in a version, the sidebar lists them all (today's
 * guides: about 35). Past it, every page carried every link: at 1,000 pages a
 * version, 315 KB of HTML and its hydration data per page, 300 ms to render
 * (docs/decisions/045-sidebar-of-a-large-version.md).
 */
export const WHOLE_SIDEBAR_PAGES = 200;

/** Each category's folded form, made once: every page outside it shows the same. */
const foldedForms = new WeakMap<NavCategory, FoldedCategory | null>();

function folded(category: NavCategory): FoldedCategory | null {
  let form = foldedForms.get(category);
  if (form === undefined) {
    const inside = flattenNavigation(category.items);
    form = inside.length ? { type: "folded", label: category.label, url: inside[0]!.url, pages: inside.length } : null;
    foldedForms.set(category, form);
  }
  return form;
}

/**
 * The sidebar of the page `slug` in a version's `navigation`: the whole tree
 * for a version of up to WHOLE_SIDEBAR_PAGES pages; past that, the categories
 * on the page's path open and every other one folded into a link to its first
 * page, where it opens in turn. Every page stays two clicks away, without
 * JavaScript. Only the open path is made per page; the rest is shared.
 */
export function sidebarFor(navigation: NavItem[], slug: string): SidebarItem[] {
  if (flattenNavigation(navigation).length <= WHOLE_SIDEBAR_PAGES) return navigation;
  const fold = (items: NavItem[]): SidebarItem[] =>
    items.flatMap((item): SidebarItem[] => {
      if (item.type === "link") return [item];
      const form = folded(item);
      if (!form) return [];
      if (flattenNavigation(item.items).some((link) => link.slug === slug))
        return [{ ...item, items: fold(item.items) }];
      return [form];
    });
  return fold(navigation);
}
