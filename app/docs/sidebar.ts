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

function links(items: NavItem[]): NavLink[] {
  return items.flatMap((item) => (item.type === "link" ? [item] : links(item.items)));
}

/**
 * The sidebar of the page `slug` in a version's `navigation`: the whole tree
 * for a version of up to WHOLE_SIDEBAR_PAGES pages; past that, the categories
 * on the page's path open and every other one folded into a link to its first
 * page, where it opens in turn. Every page stays two clicks away, without
 * JavaScript.
 */
export function sidebarFor(navigation: NavItem[], slug: string): SidebarItem[] {
  if (links(navigation).length <= WHOLE_SIDEBAR_PAGES) return navigation;
  const fold = (items: NavItem[]): SidebarItem[] =>
    items.flatMap((item): SidebarItem[] => {
      if (item.type === "link") return [item];
      const inside = links(item.items);
      if (inside.length === 0) return [];
      if (inside.some((link) => link.slug === slug)) return [{ ...item, items: fold(item.items) }];
      return [{ type: "folded", label: item.label, url: inside[0]!.url, pages: inside.length }];
    });
  return fold(navigation);
}
