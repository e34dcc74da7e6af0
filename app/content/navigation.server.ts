import type { NavItem } from "./types";

/** content/navigation.json: the only thing that decides the docs sidebar. */
export interface NavigationFile {
  docs: NavigationFileItem[];
}
export type NavigationFileItem = string | { label: string; items: NavigationFileItem[] };

export class NavigationError extends Error {
  constructor(readonly problems: string[]) {
    super(`navigation problems:\n  ${problems.join("\n  ")}`);
    this.name = "NavigationError";
  }
}

export interface NavigationPage {
  slug: string;
  url: string;
  title: string;
  sidebarLabel?: string;
}

/**
 * Builds the sidebar tree from the navigation file. Every docs page must be
 * listed exactly once and every entry must name a page; the build stops
 * otherwise, naming each problem.
 */
export function buildNavigation(file: NavigationFile, pages: NavigationPage[]): NavItem[] {
  const bySlug = new Map(pages.map((page) => [page.slug, page]));
  const seen = new Set<string>();
  const problems: string[] = [];

  const walk = (items: NavigationFileItem[], trail: string): NavItem[] =>
    items.flatMap((item): NavItem[] => {
      if (typeof item === "string") {
        const page = bySlug.get(item);
        if (!page) {
          problems.push(`${trail}: "${item}" names no page (content/docs/${item}.mdx)`);
          return [];
        }
        if (seen.has(item)) problems.push(`${trail}: "${item}" is listed twice`);
        seen.add(item);
        return [{ type: "link", slug: item, label: page.sidebarLabel ?? page.title, url: page.url }];
      }
      if (!item.label || !Array.isArray(item.items)) {
        problems.push(`${trail}: a category needs "label" and "items"`);
        return [];
      }
      return [{ type: "category", label: item.label, items: walk(item.items, `${trail} > ${item.label}`) }];
    });

  const tree = walk(file.docs ?? [], "content/navigation.json");
  for (const page of pages) {
    if (!seen.has(page.slug)) problems.push(`content/docs/${page.slug}.mdx is not listed in content/navigation.json`);
  }
  if (problems.length) throw new NavigationError(problems);
  return tree;
}

/** The docs pages in sidebar order, for previous/next links. */
export function flattenNavigation(items: NavItem[]): Extract<NavItem, { type: "link" }>[] {
  return items.flatMap((item) => (item.type === "link" ? [item] : flattenNavigation(item.items)));
}

/** Category labels from the top of the sidebar down to the page, for breadcrumbs. */
export function categoryTrail(items: NavItem[], slug: string): string[] | null {
  for (const item of items) {
    if (item.type === "link") {
      if (item.slug === slug) return [];
      continue;
    }
    const below = categoryTrail(item.items, slug);
    if (below) return [item.label, ...below];
  }
  return null;
}
