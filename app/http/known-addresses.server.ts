import { readdirSync } from "node:fs";
import { join } from "node:path";
import { getSiteContent, pageKind } from "~/content/store.server";
import { docsRedirect } from "~/docs/route-data.server";

/** The parts of Remix's route manifest that say which addresses a route answers. */
export interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
}

/** A route's path as segments: literal names, ":param" (one segment) and a final "*" (any rest). */
type RoutePattern = string[];

/** Answered by Remix itself before any route: the route discovery of lazily loaded routes. */
const REMIX_OWN_PATTERNS: RoutePattern[] = [["__manifest"]];

function matches(pattern: RoutePattern, segments: string[]): boolean {
  const splat = pattern.at(-1) === "*";
  const fixed = splat ? pattern.slice(0, -1) : pattern;
  if (splat ? segments.length < fixed.length : segments.length !== fixed.length) return false;
  return fixed.every((part, index) => part.startsWith(":") || part === segments[index]);
}

/**
 * Whether an address can only be the not-found page, so that every such
 * address shares one stored 404 per state (theme, announcement, host) instead
 * of one render per path. That is the case when no route but the root
 * catch-all matches it, it is not a compiled content page, and no file in
 * public/ could answer it.
 *
 * The route table comes from the manifest Remix hands the first rendered
 * request (app/entry.server.tsx); until then nothing is classed as not found.
 * A wrong guess costs speed, never a wrong page: a 404 is stored under the
 * shared key only when the app really answered 404 (app/http/document.server.ts).
 */
export class KnownAddresses {
  private patterns: RoutePattern[] | null = null;
  private publicNames: Set<string> | null = null;

  constructor(private readonly publicDir: string) {}

  get learned(): boolean {
    return this.patterns !== null;
  }

  /** Reads the addresses the app's routes answer, as patterns of path segments. */
  learnRoutes(routes: Record<string, RouteEntry | undefined>): void {
    if (this.patterns) return;
    const fullPath = (route: RouteEntry): string => {
      const parent = route.parentId ? routes[route.parentId] : undefined;
      const own = route.path ?? "";
      const above = parent ? fullPath(parent) : "";
      return [above, own].filter(Boolean).join("/");
    };
    const patterns: RoutePattern[] = [...REMIX_OWN_PATTERNS];
    for (const route of Object.values(routes)) {
      if (!route || (route.path === undefined && !route.index)) continue;
      const segments = fullPath(route).toLowerCase().split("/").filter(Boolean);
      if (segments.length === 1 && segments[0] === "*") continue; // the catch-all: the not-found page itself
      // From an optional segment on, a route could answer anything below what precedes it.
      const optional = segments.findIndex((part) => part.includes("("));
      patterns.push(optional === -1 ? segments : [...segments.slice(0, optional), "*"]);
    }
    this.patterns = patterns;
  }

  /** True only when the address can be nothing but the not-found page. */
  isNotFound(pathname: string): boolean {
    if (!this.patterns) return false;
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
    const segments = path.toLowerCase().split("/").filter(Boolean);
    try {
      const isPage =
        pageKind(path) !== undefined || (path.endsWith(".md") && pageKind(path.slice(0, -3)) !== undefined);
      if (isPage) return false;
      if (path === "/api.md") return false; // the API overview's Markdown form (app/http/document.server.ts)
      // An old address of a page answers 301 (front matter redirect_from), never the shared 404.
      const { redirects } = getSiteContent();
      const bare = path.replace(/\.md$/, "");
      if (redirects?.[bare]) return false;
      // The docs route answers only the build's pages and redirects: the build knows every page, so anything
      // else under /docs/ is the not-found page, however many different addresses readers (or crawlers) try.
      if (segments[0] === "docs" && segments.length > 1) return docsRedirect(bare) === null;
    } catch {
      return false; // no content to look in: leave the address to the app
    }
    if (this.patterns.some((pattern) => matches(pattern, segments))) return false;
    return !this.publicNamesNow().has(decodeSegment(path.split("/")[1] ?? ""));
  }

  /** Top-level names in public/, listed once: remix-serve's static files answer before the app. */
  private publicNamesNow(): Set<string> {
    if (!this.publicNames) {
      try {
        this.publicNames = new Set(readdirSync(this.publicDir));
      } catch {
        this.publicNames = new Set();
      }
    }
    return this.publicNames;
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Where remix-serve serves public/ from: relative to the working directory. */
export const knownAddresses = new KnownAddresses(join(process.cwd(), "public"));
