import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";
import { Lru } from "~/lib/lru";
import { declaresInputs, mergeInputs, type RouteInputs } from "~/route-inputs";

/** Remix's route manifest as the server build exports it: each route's place and its module. */
export type ServerRoutes = ServerBuild["routes"];

/** The parts of a manifest entry this module reads; a test can hand in just these. */
export type ManifestRoute = Pick<ServerRoutes[string], "id" | "parentId" | "path" | "index" | "caseSensitive"> & {
  module: { handle?: unknown; action?: unknown };
};

/** How many paths' matches are kept (a path and its match: well under 1 KB each). */
const MATCHES_KEPT = 2000;

/** A route as Remix's matcher takes it. */
type RouteObject = Parameters<typeof matchRoutes>[0][number];

/** A path's first segment, leading slashes aside ("" for none). */
function firstSegment(path: string): string {
  const start = path.search(/[^/]/);
  if (start === -1) return "";
  const end = path.indexOf("/", start);
  return path.slice(start, end === -1 ? undefined : end);
}

/**
 * The first segment a route's path asks for, lower-cased; null when it may
 * match any first segment (no path of its own, a parameter, an optional
 * segment or a splat).
 */
function staticFirstSegment(path: string | undefined): string | null {
  const first = firstSegment(path ?? "");
  return first === "" || first.startsWith(":") || first.includes("*") || first.endsWith("?")
    ? null
    : first.toLowerCase();
}

/**
 * The tree cut down, for each first segment a route names, to the top
 * routes' children that can match a path starting with it: Remix's matcher
 * flattens, ranks and compiles every route it is given on each call, and most
 * of them cannot match. Those left keep their order, so ranking and ties
 * come out as over the whole tree. Only a tree with one top route of no path
 * (the root) is cut; null otherwise.
 */
function treesByFirstSegment(tree: RouteObject[]): { named: Map<string, RouteObject[]>; other: RouteObject[] } | null {
  const [root] = tree;
  if (tree.length !== 1 || !root || root.index || (root.path ?? "") !== "") return null;
  const children = root.children ?? [];
  const keys = new Set(children.map((child) => staticFirstSegment(child.path)).filter((key) => key !== null));
  const cut = (key: string | null) => [
    {
      ...root,
      children: children.filter((child) => {
        const first = staticFirstSegment(child.path);
        return first === null || first === key;
      }),
    },
  ];
  return { named: new Map([...keys].map((key) => [key, cut(key)])), other: cut(null) };
}

/** The full inputs of the routes an address matches, root first. */
export type AddressInputs = Required<RouteInputs>;

/**
 * The app's routes and what each declares it reads (its `handle.inputs`,
 * app/route-inputs.ts), learned from Remix's own route manifest, and matched
 * with Remix's own matcher (`matchRoutes`), so that nothing here keeps a copy
 * of either. Until it has learned the manifest, it knows nothing: the page
 * cache then neither stores nor answers (a cost in speed, never a wrong page).
 */
export class RouteManifest {
  private tree: RouteObject[] | null = null;
  private cutTrees: ReturnType<typeof treesByFirstSegment> = null;
  private inputs = new Map<string, RouteInputs>();
  /** Each route's path pattern ("api/:first"), by id; none for a route without one (the root). */
  private paths = new Map<string, string>();
  private undeclared: string[] = [];
  /** Routes whose module has an action, the only ones a form may post to. */
  private withAction = new Set<string>();
  private catchAll: string | null = null;
  // matchRoutes flattens and ranks every route it is given on each call; the page cache matches each
  // request's path once or twice, so recent paths keep their match. Bounded: any path can be asked for.
  private recent = new Lru<string, string[] | null>(MATCHES_KEPT);
  private merged = new Map<string, AddressInputs | null>();

  get learned(): boolean {
    return this.tree !== null;
  }

  /** Route ids whose module declares no inputs (tests/unit/route-inputs.test.ts keeps this empty). */
  get routesWithoutInputs(): readonly string[] {
    return this.undeclared;
  }

  learn(routes: Readonly<Record<string, ManifestRoute | undefined>>): void {
    const entries = Object.values(routes).filter((route): route is ManifestRoute => route !== undefined);
    this.inputs = new Map();
    this.paths = new Map(entries.flatMap((route) => (route.path ? [[route.id, route.path] as const] : [])));
    this.undeclared = [];
    this.withAction = new Set(entries.filter((route) => route.module.action).map((route) => route.id));
    this.recent = new Lru(MATCHES_KEPT);
    this.merged = new Map();
    for (const route of entries) {
      const handle = route.module.handle;
      if (declaresInputs(handle)) this.inputs.set(route.id, handle.inputs);
      else this.undeclared.push(route.id);
    }
    const children = (parentId: string | undefined): RouteObject[] =>
      entries
        .filter((route) => route.parentId === parentId)
        .map((route) =>
          route.index
            ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
            : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: children(route.id) },
        );
    this.tree = children(undefined);
    this.cutTrees = treesByFirstSegment(this.tree);
    const root = entries.find((route) => route.parentId === undefined);
    this.catchAll = entries.find((route) => route.parentId === root?.id && route.path === "*")?.id ?? null;
  }

  /** The ids of the routes Remix would match for `pathname`, root first; null before learning or when none match. */
  match(pathname: string): string[] | null {
    if (!this.tree) return null;
    const kept = this.recent.get(pathname);
    if (kept !== undefined) return kept;
    const chain = matchRoutes(this.treeFor(pathname), pathname)?.map((match) => match.route.id!) ?? null;
    this.recent.set(pathname, chain);
    return chain;
  }

  /** The routes that can match `pathname`: those for its first segment, or all when it is percent-encoded (Remix decodes it). */
  private treeFor(pathname: string): RouteObject[] {
    const first = firstSegment(pathname);
    if (!this.cutTrees || first.includes("%")) return this.tree!;
    return this.cutTrees.named.get(first.toLowerCase()) ?? this.cutTrees.other;
  }

  /**
   * `pathname` with each segment that a matched route names (not one of its
   * parameters) spelt as the route spells it; null when it already is, or
   * nothing but the catch-all matches. Remix matches routes whatever the case
   * ("/API/albums" is the API page), so without this every spelling would be
   * a page of its own, rendered and stored apart.
   */
  spelledAsRoutes(pathname: string): string | null {
    if (!/[A-Z]/.test(pathname)) return null;
    const patterns = (this.match(pathname) ?? []).flatMap((id) => this.paths.get(id)?.split("/") ?? []);
    // An optional segment ("lang?") may be absent: the path's segments no longer line up with the patterns.
    if (patterns.some((pattern) => pattern.endsWith("?"))) return null;
    const segments = pathname.split("/");
    let changed = false;
    for (const [n, pattern] of patterns.entries()) {
      if (pattern === "*") break;
      const segment = segments[n + 1];
      if (pattern.startsWith(":") || segment === undefined || segment === pattern) continue;
      segments[n + 1] = pattern;
      changed = true;
    }
    return changed ? segments.join("/") : null;
  }

  /**
   * The methods `pathname` answers, as an Allow header names them: every
   * address is read with GET and HEAD, and the one whose deepest route has an
   * action (a settings form) takes POST too; null before learning or when no
   * route matches.
   */
  allowedMethods(pathname: string): string | null {
    const leaf = this.match(pathname)?.at(-1);
    if (leaf === undefined) return null;
    return this.withAction.has(leaf) ? "GET, HEAD, POST" : "GET, HEAD";
  }

  /** Whether a match is the root's catch-all (the not-found page, and pages Remix does not route by name). */
  isCatchAll(chain: readonly string[]): boolean {
    return chain.length === 2 && chain[1] === this.catchAll;
  }

  /**
   * Everything the answer at `pathname` may depend on: the declarations of
   * every route it matches. Null when that is not known (the manifest not
   * learned yet, no match, or a matched route that declares nothing): the
   * caller must then not share the answer.
   */
  inputsAt(pathname: string): AddressInputs | null {
    const chain = this.match(pathname);
    if (!chain) return null;
    const key = chain.join("\n");
    let merged = this.merged.get(key);
    if (merged === undefined) {
      const declared = chain.map((id) => this.inputs.get(id));
      merged = declared.some((inputs) => inputs === undefined) ? null : mergeInputs(declared as RouteInputs[]);
      this.merged.set(key, merged); // one entry per chain of routes: as many as there are routes
    }
    return merged;
  }

  /** The declarations of one route and the routes above it, root first: what its loader may read. */
  inputsOfRoute(routeId: string, routes: Readonly<Record<string, ManifestRoute | undefined>>): AddressInputs {
    const chain: RouteInputs[] = [];
    for (let route = routes[routeId]; route; route = route.parentId ? routes[route.parentId] : undefined)
      chain.unshift(this.inputs.get(route.id) ?? {});
    return mergeInputs(chain);
  }
}

/** The running app's routes (app/http/server-build.server.ts hands them over at start). */
export const routeManifest = new RouteManifest();
