import { existsSync, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { readAuthorFile } from "./author-file.server";
import { ContentError } from "./content-error.server";
import type { NavItem, NavLink } from "./types";

// The docs sidebar comes from the folder tree, as in Docusaurus: every folder
// is a category (named by its `_category_.json`), and pages and folders are
// ordered by `sidebar_position`, then by name. Adding, renaming or reordering a
// page therefore changes one file: the page (or its folder's category file).

/** A folder's `_category_.json`. */
export interface CategoryMeta {
  label?: string;
  position?: number;
}

/** Category metadata by folder, relative to the docs tree ("user-guide/features"). */
export type CategoryFiles = Map<string, CategoryMeta>;

export const CATEGORY_FILE = "_category_.json";
const CATEGORY_KEYS = new Set(["label", "position"]);

/** Line and column of a character offset, 1-based. */
function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

function parseCategory(raw: string, file: string): CategoryMeta {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch (error) {
    const offset = Number((error as Error).message.match(/position (\d+)/)?.[1] ?? 0);
    const { line, column } = position(raw, offset);
    throw new ContentError(file, line, column, `invalid JSON: ${(error as Error).message}`);
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) {
    throw new ContentError(file, 1, 1, `expected an object such as { "label": "Guides", "position": 2 }`);
  }
  const record = data as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !CATEGORY_KEYS.has(key));
  const at = (key: string) => position(raw, Math.max(0, raw.indexOf(`"${key}"`)));
  if (unknown.length) {
    const { line, column } = at(unknown[0]!);
    throw new ContentError(file, line, column, `unknown key "${unknown[0]}" (allowed: label, position)`);
  }
  if (record.label !== undefined && (typeof record.label !== "string" || !record.label.trim())) {
    const { line, column } = at("label");
    throw new ContentError(file, line, column, `"label" must be non-empty text`);
  }
  if (record.position !== undefined && (typeof record.position !== "number" || !Number.isFinite(record.position))) {
    const { line, column } = at("position");
    throw new ContentError(file, line, column, `"position" must be a number`);
  }
  return { label: (record.label as string | undefined)?.trim(), position: record.position as number | undefined };
}

/**
 * Reads every `_category_.json` below `docsDir`; `root` makes the paths in
 * errors repository-relative. With `onError` (development), a wrong file is
 * reported there and its folder keeps the label made from its name.
 */
export function readCategoryFiles(root: string, docsDir: string, onError?: (error: ContentError) => void): CategoryFiles {
  const categories: CategoryFiles = new Map();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.name === CATEGORY_FILE) {
        const file = join(dir, entry.name);
        const folder = relative(docsDir, dir).split(sep).join("/");
        try {
          categories.set(folder, parseCategory(readAuthorFile(file), relative(root, file).split(sep).join("/")));
        } catch (error) {
          if (!onError || !(error instanceof ContentError)) throw error;
          onError(error);
        }
      }
    }
  };
  if (existsSync(docsDir)) walk(docsDir);
  return categories;
}

export interface NavigationPage {
  /** Path below the docs tree without extension: "user-guide/features/albums". */
  slug: string;
  url: string;
  title: string;
  sidebarLabel?: string;
  sidebarPosition?: number;
}

/** "dev-guide" → "Dev guide": the label of a folder without a category file. */
function labelFromFolder(name: string): string {
  const words = name.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

interface Entry {
  name: string;
  position: number | undefined;
  item: NavItem;
}

/** Positioned entries first, by position; then the rest; ties by name. */
function bySidebarOrder(a: Entry, b: Entry): number {
  const pa = a.position ?? Number.POSITIVE_INFINITY;
  const pb = b.position ?? Number.POSITIVE_INFINITY;
  if (pa !== pb) return pa < pb ? -1 : 1;
  return a.name.localeCompare(b.name);
}

/**
 * Builds the sidebar tree of one docs tree from its pages and category files.
 * Folders without pages below them do not appear.
 */
export function buildNavigation(pages: NavigationPage[], categories: CategoryFiles): NavItem[] {
  const build = (folder: string): NavItem[] => {
    const prefix = folder ? `${folder}/` : "";
    const entries: Entry[] = [];
    const subfolders = new Set<string>();
    for (const page of pages) {
      if (!page.slug.startsWith(prefix)) continue;
      const rest = page.slug.slice(prefix.length);
      const slash = rest.indexOf("/");
      if (slash >= 0) {
        subfolders.add(rest.slice(0, slash));
        continue;
      }
      entries.push({
        name: rest,
        position: page.sidebarPosition,
        item: { type: "link", slug: page.slug, label: page.sidebarLabel ?? page.title, url: page.url },
      });
    }
    for (const name of subfolders) {
      const path = `${prefix}${name}`;
      const meta = categories.get(path) ?? {};
      entries.push({
        name,
        position: meta.position,
        item: { type: "category", label: meta.label ?? labelFromFolder(name), items: build(path) },
      });
    }
    return entries.sort(bySidebarOrder).map((entry) => entry.item);
  };
  return build("");
}

const flattened = new WeakMap<NavItem[], NavLink[]>();

/**
 * The docs pages in sidebar order, for previous/next links and the sidebar's
 * folded categories: made once per tree and category (a version's navigation
 * is loaded once and never changed), since every page of a 1,000-page version
 * asks. The array is shared: callers must not change it.
 */
export function flattenNavigation(items: NavItem[]): NavLink[] {
  let links = flattened.get(items);
  if (!links) {
    links = items.flatMap((item) => (item.type === "link" ? [item] : flattenNavigation(item.items)));
    flattened.set(items, links);
  }
  return links;
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
