import { Lru } from "~/lib/lru";
import { pageAddress } from "~/lib/page-address";
import type { RootData } from "~/lib/root-data";
import { searchPageAnswer } from "~/route-loaders/search.server";
import { cleanQuery } from "~/search/text";
import type { SearchAnswer } from "~/search/types";
import { pageCache, requestKey, storable, storeBytes, type HeaderReader } from "./cached-response.server";
import { scriptJson } from "./hydration.server";
import { identityBody } from "./compression.server";
import { logOnce } from "./log-once.server";
import type { CachedPage } from "./page-cache.server";
import { routeManifest } from "./route-manifest.server";
import { cutFrame, escapeHtml, fillFrame, FRAME_QUERY, type Fill, type Frame } from "./search-frame.server";
import { renderSearchMain } from "./search-main.server";
import { selfRequestHandler } from "./server-build.server";

// A search nobody made before: its page is the frame of its state with its own
// results filled in (app/http/search-frame.server.ts), made in the request
// guard's front cache without Express, Remix's data loading or a render of
// the whole document. See docs/decisions/041-search-page-frame.md.

const SEARCH_ROUTE = "routes/search";
/** Frames kept, by the bytes of the page each was cut from: a few dozen states (theme, scope, host…). */
const FRAME_BYTES = 4 * 1024 * 1024;
const BASE = "http://frame.invalid";
/** Says a page was filled into a frame rather than rendered whole (tests/http/search-frame.spec.ts reads it). */
const FILLED = 'search-frame;desc="results filled into the page frame"';

interface StoredFrame {
  frame: Frame;
  headers: Record<string, string>;
  rootData: RootData;
}

const frames = new Lru<string, StoredFrame>(FRAME_BYTES);
const inProduction = new Map<string, Promise<void>>();

interface SearchTarget {
  url: URL;
  /** The page-cache key of this state's FRAME_QUERY page: the frame's key. */
  frameKey: string;
  /** The page's own address as its settings forms write it (app/lib/return-address.ts). */
  address: string;
}

/** A results page with a query, in a state the page cache can name; null for anything else. */
function searchTarget(target: string, header: HeaderReader): SearchTarget | null {
  const url = new URL(target, BASE);
  if (routeManifest.match(url.pathname)?.at(-1) !== SEARCH_ROUTE) return null;
  const inputs = routeManifest.inputsAt(url.pathname);
  if (!inputs || cleanQuery(url.searchParams.get("q")).text === "") return null;
  const framed = new URL(url);
  framed.searchParams.set("q", FRAME_QUERY);
  const frameKey = requestKey("GET", framed.pathname + framed.search, header);
  return frameKey ? { url, frameKey, address: pageAddress(url.pathname, url.search, inputs.query) } : null;
}

function fillFor(answer: SearchAnswer, rootData: RootData, address: string): Fill {
  return {
    main: renderSearchMain(answer, rootData, address),
    data: scriptJson(answer),
    address: escapeHtml(address),
    query: escapeHtml(answer.query),
  };
}

/**
 * How to make the results page for a GET or HEAD of `target`: fill in the
 * frame of its state and store it under `key` like a rendered page. Null when
 * it is not a results page with a query or its state has no frame yet (Remix
 * renders it, and prepareSearchFrame makes the frame). The caller runs it
 * through the render queue, not where the request arrived.
 */
export function searchPageFill(
  key: string,
  method: string,
  target: string,
  header: HeaderReader,
): (() => CachedPage) | null {
  if (method !== "GET" && method !== "HEAD") return null;
  const found = searchTarget(target, header);
  const stored = found && frames.get(found.frameKey);
  if (!found || !stored) return null;
  return () => {
    const { body, csp } = fillFrame(stored.frame, fillFor(searchPageAnswer(found.url), stored.rootData, found.address));
    const page = storeBytes({
      status: 200,
      body,
      headers: { ...stored.headers, "Content-Security-Policy": csp, "Server-Timing": FILLED },
    });
    if (storable(key, page.status)) pageCache.set(key, page, { results: true });
    return page;
  };
}

/** The root loader's data in a rendered page's hydration script. */
function rootDataOf(html: string): RootData {
  const start = html.indexOf("window.__remixContext = ");
  const end = html.indexOf(";</script>", start);
  if (start === -1 || end === -1) throw new Error("no hydration data in the page");
  const context = JSON.parse(html.slice(start + "window.__remixContext = ".length, end)) as {
    state: { loaderData: { root: RootData } };
  };
  return context.state.loaderData.root;
}

/** Renders this state's FRAME_QUERY page through Remix, as any request, and cuts its frame. */
async function produceFrame(request: Request, found: SearchTarget): Promise<void> {
  const handler = await selfRequestHandler();
  if (!handler) return;
  const framed = new URL(request.url);
  framed.searchParams.set("q", FRAME_QUERY);
  const headers = new Headers(request.headers);
  // The stored page is what is wanted, not an encoded or a 304 answer.
  headers.delete("accept-encoding");
  headers.delete("if-none-match");
  await (await handler(new Request(framed, { headers }))).arrayBuffer();
  const page = pageCache.get(found.frameKey);
  if (page?.status !== 200) throw new Error("the frame's page was not stored");
  const html = new TextDecoder().decode(identityBody(page));
  const stored = Object.fromEntries(page.headers);
  const rootData = rootDataOf(html);
  const frameUrl = new URL(framed.pathname + framed.search, BASE);
  const address = pageAddress(
    frameUrl.pathname,
    frameUrl.search,
    routeManifest.inputsAt(frameUrl.pathname)?.query ?? [],
  );
  const frame = cutFrame(
    html,
    stored["Content-Security-Policy"] ?? "",
    fillFor(searchPageAnswer(frameUrl), rootData, address),
  );
  if (typeof frame === "string") throw new Error(frame);
  frames.set(found.frameKey, { frame, headers: stored, rootData }, html.length);
}

/**
 * After Remix rendered a results page whole: makes sure its state has a frame,
 * so that the next search in it is filled. Only in production (the page cache
 * is off in development); a frame that cannot be made is logged once and the
 * state's pages go on being rendered whole.
 */
export async function prepareSearchFrame(request: Request): Promise<void> {
  if (process.env.NODE_ENV !== "production" || (request.method !== "GET" && request.method !== "HEAD")) return;
  let found: SearchTarget | null;
  try {
    found = searchTarget(request.url, (name) => request.headers.get(name));
  } catch {
    return;
  }
  // The frame's own page is rendered by produceFrame: it does not ask for a frame again.
  if (!found || cleanQuery(found.url.searchParams.get("q")).text === FRAME_QUERY || frames.get(found.frameKey)) return;
  const key = found.frameKey;
  let pending = inProduction.get(key);
  if (!pending) {
    pending = produceFrame(request, found)
      .catch((error: unknown) =>
        logOnce("search frame", "a results page frame could not be made; searches are rendered whole", error),
      )
      .finally(() => inProduction.delete(key));
    inProduction.set(key, pending);
  }
  await pending;
}
