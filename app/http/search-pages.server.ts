import { Lru } from "~/lib/lru";
import { pageAddress } from "~/lib/page-address";
import type { RootData } from "~/lib/root-data";
import { pageQuestion } from "~/route-loaders/search.server";
import { askSearch } from "~/search/answers.server";
import { titledSearch } from "~/search/result-pages";
import { cleanQuery } from "~/search/text";
import { threadJsonOf, type Asking } from "~/search/thread.server";
import type { SearchAnswer } from "~/search/types";
import { pageCache, requestKey, storable, storeBytes, type HeaderReader } from "./cached-response.server";
import { scriptJson } from "./hydration.server";
import { identityBody } from "./compression.server";
import { logOnce } from "./log-once.server";
import type { CachedPage } from "./page-cache.server";
import { routeManifest } from "./route-manifest.server";
import { cutFrame, escapeHtml, fillFrame, FRAME_QUERY, type Frame, type TextFill } from "./search-frame.server";
import { searchMainHtml } from "./search-main-html.server";
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
/** Added when its search ran in the search thread (app/search/thread.server.ts). */
const IN_THREAD = 'search-thread;desc="searched in a thread of its own"';

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

/**
 * The address of the page a results page's frame is cut from: the same with
 * FRAME_QUERY searched, on the first page. The page of results shows only in
 * the places a search fills in, so every page of a state shares one frame.
 */
function framedAddress(url: string | URL): URL {
  const framed = new URL(url);
  framed.searchParams.set("q", FRAME_QUERY);
  framed.searchParams.delete("page");
  return framed;
}

/** A results page with a query, in a state the page cache can name; null for anything else. */
function searchTarget(target: string, header: HeaderReader): SearchTarget | null {
  const url = new URL(target, BASE);
  if (routeManifest.match(url.pathname)?.at(-1) !== SEARCH_ROUTE) return null;
  const inputs = routeManifest.inputsAt(url.pathname);
  if (!inputs || cleanQuery(url.searchParams.get("q")).text === "") return null;
  const framed = framedAddress(url);
  const frameKey = requestKey("GET", framed.pathname + framed.search, header);
  return frameKey ? { url, frameKey, address: pageAddress(url.pathname, url.search, inputs.query) } : null;
}

/**
 * A renderer that writes with `fast` and checks it against `reference` on
 * the first `first` calls and then one in `every`: after a difference it
 * reports it and renders with `reference` from then on.
 */
export function checkedRenderer<Args extends unknown[]>(
  fast: (...args: Args) => string,
  reference: (...args: Args) => string,
  sample: { first: number; every: number },
  onDifference: (fast: string, reference: string) => void,
): (...args: Args) => string {
  let calls = 0;
  let trusted = true;
  return (...args) => {
    if (!trusted) return reference(...args);
    const written = fast(...args);
    calls += 1;
    if (calls > sample.first && calls % sample.every !== 0) return written;
    const rendered = reference(...args);
    if (rendered === written) return written;
    trusted = false;
    onDifference(written, rendered);
    return rendered;
  };
}

/** Where two renderings of the same page part first differ, with some of each around it. */
function firstDifference(a: string, b: string): string {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at += 1;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 40), at + 80));
  return `at ${at}: ${around(a)} against React's ${around(b)}`;
}

// The results' <main> written as text (search-main-html.server.ts), a few times
// cheaper than React's render of it, checked against React on a sample.
const searchMain = checkedRenderer(
  (answer: SearchAnswer, rootData: RootData, _address: string) => searchMainHtml(answer, rootData.config.brand),
  renderSearchMain,
  { first: 16, every: 256 },
  (written, rendered) =>
    logOnce(
      "search main",
      "the results markup written as text differed from React's; results are rendered by React from now on",
      new Error(firstDifference(written, rendered)),
    ),
);

/** What fills `answer`'s page but its data, already written for each place. */
function slotsFor(answer: SearchAnswer, rootData: RootData, address: string): Omit<TextFill, "data"> {
  return {
    main: searchMain(answer, rootData, address),
    address: escapeHtml(address),
    title: escapeHtml(titledSearch(answer)),
  };
}

/** A results page to make: once its state's frame and its answer are there, fill it in. */
export interface SearchPageFill {
  /** The state's frame: the stored one, or the one being made; null when it could not be made. */
  frame: Promise<StoredFrame | null>;
  /** Asks for this search's answer (askSearch: null when busy, undefined when `wanted` says the asker has gone). */
  answer: (wanted: () => boolean) => Asking;
  /** The page, with `answer` filled into `frame`, stored under the request's key. */
  fill: (frame: StoredFrame, answer: SearchAnswer) => CachedPage;
}

/**
 * How to make the results page for a GET or HEAD of `target`: fill in the
 * frame of its state and store it under `key` like a rendered page. When the
 * state has no frame yet, it is made now from `request` (the request as Fetch
 * sees it), once, however many searches arrive meanwhile: they all wait for it
 * rather than each being rendered whole. Null when `target` is not a results
 * page with a query. The caller fills the page through the render queue.
 */
export function searchPageFill(
  key: string,
  method: string,
  target: string,
  header: HeaderReader,
  request: () => Request,
): SearchPageFill | null {
  if (method !== "GET" && method !== "HEAD") return null;
  const found = searchTarget(target, header);
  if (!found) return null;
  return {
    frame: frameOf(found, request),
    answer: (wanted) => askSearch(pageQuestion(found.url), wanted),
    fill: (stored, answer) => {
      // The thread's bytes when it searched: the same JSON, not written a second time.
      const fromThread = threadJsonOf(answer);
      const { body, csp } = fillFrame(stored.frame, {
        ...slotsFor(answer, stored.rootData, found.address),
        data: fromThread ?? scriptJson(answer),
      });
      const page = storeBytes({
        status: 200,
        body,
        headers: {
          ...stored.headers,
          "Content-Security-Policy": csp,
          "Server-Timing": fromThread ? `${FILLED}, ${IN_THREAD}` : FILLED,
        },
      });
      if (storable(key, page.status)) pageCache.set(key, page, { results: true });
      return page;
    },
  };
}

/**
 * What a rendered results page's hydration script holds: the root loader's
 * data, and the search's answer the page was rendered with (the frame is cut
 * with that one, not with a second search for the same query).
 */
function hydrationDataOf(html: string): { rootData: RootData; answer: SearchAnswer } {
  const start = html.indexOf("window.__remixContext = ");
  const end = html.indexOf(";</script>", start);
  if (start === -1 || end === -1) throw new Error("no hydration data in the page");
  const context = JSON.parse(html.slice(start + "window.__remixContext = ".length, end)) as {
    state: { loaderData: Record<string, unknown> };
  };
  const { root, [SEARCH_ROUTE]: answer } = context.state.loaderData;
  if (!root || !answer) throw new Error("the page's hydration data has no root or search data");
  return { rootData: root as RootData, answer: answer as SearchAnswer };
}

/** Renders this state's FRAME_QUERY page through Remix, as any request, and cuts its frame. */
async function produceFrame(request: Request, found: SearchTarget): Promise<void> {
  const handler = await selfRequestHandler();
  if (!handler) return;
  const framed = framedAddress(request.url);
  const headers = new Headers(request.headers);
  // The stored page is what is wanted, not an encoded or a 304 answer.
  headers.delete("accept-encoding");
  headers.delete("if-none-match");
  await (await handler(new Request(framed, { headers }))).arrayBuffer();
  const page = pageCache.get(found.frameKey);
  if (page?.status !== 200) throw new Error("the frame's page was not stored");
  const html = new TextDecoder().decode(identityBody(page));
  const stored = Object.fromEntries(page.headers);
  const { rootData, answer } = hydrationDataOf(html);
  const frameUrl = new URL(framed.pathname + framed.search, BASE);
  const address = pageAddress(
    frameUrl.pathname,
    frameUrl.search,
    routeManifest.inputsAt(frameUrl.pathname)?.query ?? [],
  );
  const frame = cutFrame(html, stored["Content-Security-Policy"] ?? "", {
    ...slotsFor(answer, rootData, address),
    data: scriptJson(answer),
  });
  if (typeof frame === "string") throw new Error(frame);
  frames.set(found.frameKey, { frame, headers: stored, rootData }, html.length);
}

/**
 * The frame of `found`'s state: the stored one, or one made now through Remix
 * from `request` (shared by every search that asks meanwhile). A frame that
 * cannot be made is logged once and gives null: the search is then rendered
 * whole, and the state's next search tries again.
 */
function frameOf(found: SearchTarget, request: () => Request): Promise<StoredFrame | null> {
  const stored = frames.get(found.frameKey);
  if (stored) return Promise.resolve(stored);
  const key = found.frameKey;
  let pending = inProduction.get(key);
  if (!pending) {
    pending = Promise.resolve()
      .then(() => produceFrame(request(), found))
      .catch((error: unknown) =>
        logOnce("search frame", "a results page frame could not be made; searches are rendered whole", error),
      )
      .finally(() => inProduction.delete(key));
    inProduction.set(key, pending);
  }
  return pending.then(() => frames.get(key) ?? null);
}

/**
 * The results page `request` asks for, made as the front cache makes it: its
 * state's frame first, then this search filled in. For the warm-up at start,
 * which readies the frame code, the fill and the frame of its own state. Null
 * when `request` is not a results page with a query, or its frame could not
 * be made.
 */
export async function filledSearchPage(request: Request): Promise<CachedPage | null> {
  const { pathname, search: query } = new URL(request.url);
  const target = pathname + query;
  const header: HeaderReader = (name) => request.headers.get(name);
  const key = requestKey(request.method, target, header);
  const search = key === null ? null : searchPageFill(key, request.method, target, header, () => request);
  if (!search) return null;
  const [frame, answer] = await Promise.all([search.frame, search.answer(() => true)]);
  return frame && answer ? search.fill(frame, answer) : null;
}
