import { readdirSync } from "node:fs";
import { join } from "node:path";
import { apiAddress } from "~/api-reference/page-data.server";
import { getSiteContent, pageKind } from "~/content/store.server";
import { docsRedirect, pageInOtherCase } from "~/docs/route-data.server";
import { RouteManifest, routeManifest, type ManifestRoute } from "./route-manifest.server";

/** A manifest entry as KnownAddresses reads it: its place among the routes (its module is optional here). */
export type RouteEntry = Omit<ManifestRoute, "module"> & Partial<Pick<ManifestRoute, "module">>;

/** Answered by Remix itself before any route, and not in its manifest: the route discovery of lazily loaded routes. */
const REMIX_OWN_ADDRESSES = new Set(["/__manifest"]);

/**
 * Whether an address can only be the not-found page, so that every such
 * address shares one stored 404 per state (theme, announcement, host) instead
 * of one render per path. That is the case when no route but the root
 * catch-all matches it, it is not a compiled content page, and no file in
 * public/ could answer it.
 *
 * The routes are Remix's own manifest, matched by Remix's own matcher
 * (app/http/route-manifest.server.ts); until it is learned nothing is classed
 * as not found. A wrong guess costs speed, never a wrong page: a 404 is stored
 * under the shared key only when the app really answered 404
 * (app/http/document.server.ts).
 */
export class KnownAddresses {
  private publicNames: Set<string> | null = null;

  constructor(
    private readonly publicDir: string,
    private readonly routes: RouteManifest = new RouteManifest(),
  ) {}

  get learned(): boolean {
    return this.routes.learned;
  }

  /** Learns the routes (the running app's manifest is learned at start: app/http/server-build.server.ts). */
  learnRoutes(routes: Record<string, RouteEntry | undefined>): void {
    this.routes.learn(
      Object.fromEntries(Object.entries(routes).map(([id, route]) => [id, route && { module: {}, ...route }])),
    );
  }

  /** Whether an app route other than the root catch-all (the not-found page itself) answers `path`. */
  private routeAnswers(path: string): boolean {
    if (REMIX_OWN_ADDRESSES.has(path.toLowerCase())) return true;
    const chain = this.routes.match(path);
    return chain !== null && !this.routes.isCatchAll(chain);
  }

  /** True only when the address can be nothing but the not-found page. */
  isNotFound(pathname: string): boolean {
    if (!this.routes.learned) return false;
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
    const segments = path.toLowerCase().split("/").filter(Boolean);
    try {
      const isPage =
        pageKind(path) !== undefined || (path.endsWith(".md") && pageKind(path.slice(0, -3)) !== undefined);
      if (isPage) return false;
      // An old address of a page answers 301 (front matter redirect_from), never the shared 404; so does a
      // page's or an old address's in other capitals ("/MARKDOWN-PAGE").
      const { redirects } = getSiteContent();
      const bare = path.replace(/\.md$/, "");
      if (redirects?.[bare] || pageInOtherCase(bare) !== null) return false;
      // The docs route answers only the build's pages and redirects: the build knows every page, so anything
      // else under /docs/ is the not-found page, however many different addresses readers (or crawlers) try.
      if (segments[0] === "docs" && segments.length > 1) return docsRedirect(bare) === null;
      // The same for the API routes (/api/<version or tag>, /api/<version>/<tag>): the store knows every
      // version's reference and its tags, and a random address there cost a whole render each.
      if (segments[0] === "api" && (segments.length === 2 || segments.length === 3)) {
        const [first, second] = bare.split("/").filter(Boolean).slice(1).map(decodeSegment);
        return apiAddress(first, second) === null;
      }
    } catch {
      return false; // no content to look in: leave the address to the app
    }
    if (this.routeAnswers(path)) return false;
    // The Markdown form of an app route's page (the API reference's, app/http/document.server.ts).
    if (path.endsWith(".md") && this.routeAnswers(path.slice(0, -3))) return false;
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
export const knownAddresses = new KnownAddresses(join(process.cwd(), "public"), routeManifest);
