import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { getSiteContent, SITE_CONTENT_FILE } from "~/content/store.server";
import { answerFrom, negotiateEncoding, pageCache, requestKey } from "./cached-response.server";
import { needsForm } from "./compression.server";
import { FRONT_CACHE, type FrontCache } from "./guard-contract";
import { logOnce } from "./log-once.server";
import { precompressedAssets } from "./precompressed-assets.server";
import type { CachedPage } from "./page-cache.server";
import { busyAnswer } from "./render-queue.server";
import { redirectToRouteSpelling } from "./route-spelling.server";
import { searchPageFill, type SearchPageFill } from "./search-pages.server";

/**
 * The page cache and the precompressed build assets, seen from the request
 * guard (server/guard/), which runs before Express and Remix.
 * Through this one function, registered on a global symbol when the server
 * build loads, the guard answers a request whose answer is already stored,
 * without routing, loaders, rendering or compression: the cost of a page or a
 * script becomes that of a lookup. See docs/decisions/006-page-cache.md.
 * An address that spells a route another way ("/API") is sent to the route's
 * spelling first, so that it is stored once (docs/decisions/012-page-keys-and-compression.md).
 *
 * Nothing here may throw into the guard: a failure is logged once and the
 * request goes on to remix-serve, which answers it the slow way (or with the
 * site's 404 page when the file is gone). See docs/decisions/011-failure-containment.md.
 */

function header(request: IncomingMessage) {
  return (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  };
}

// Where remix-serve serves public/ from: relative to the working directory.
const answerAsset = precompressedAssets(join(process.cwd(), "public"));

/** `page`, as stored, written out as the answer to `request`. */
function writePage(request: IncomingMessage, response: ServerResponse, page: CachedPage, key: string): void {
  const { status, headers, body } = answerFrom(page, request.method ?? "GET", header(request), key, request.url ?? "");
  for (const [name, value] of headers) response.setHeader(name, value);
  response.writeHead(status);
  response.end(body ?? undefined);
}

/** The same line remix-serve's logger ("tiny" format) writes for requests it serves. */
function logAnswer(request: IncomingMessage, response: ServerResponse, started: number): void {
  process.stdout.write(
    `${request.method} ${request.url} ${response.statusCode} ${response.getHeader("content-length") ?? "-"} - ${(performance.now() - started).toFixed(3)} ms\n`,
  );
}

/**
 * `request` as the Fetch API sees it, made as remix-serve's adapter makes it
 * (its path on its Host; its headers as Node joined them, so that a repeated
 * Cookie header reads the same), for the page the server makes of itself on
 * its behalf: a search's frame, stored under the key this request names.
 */
function fetchRequest(request: IncomingMessage): Request {
  const { pathname, search } = new URL(request.url ?? "/", "http://target.invalid");
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers))
    for (const each of Array.isArray(value) ? value : value ? [value] : []) headers.append(name, each);
  return new Request(new URL(pathname + search, `http://${request.headers.host ?? "localhost"}`), { headers });
}

/**
 * A search filled into its state's frame (made first if the state has none):
 * the search asked for while the frame is found, the fill in the answer's
 * turn in the render queue (askSearch); the client's answer is written then.
 * A client gone by then costs no search; past the search's or the queue's
 * bound the answer is a 503. With no frame, or if the search or the fill
 * fails, the request goes on to the app (`passOn`), as a miss would.
 */
async function answerSearchLater(
  request: IncomingMessage,
  response: ServerResponse,
  search: SearchPageFill,
  key: string,
  passOn: () => void,
  started: number,
): Promise<void> {
  const wanted = () => !response.destroyed;
  let page: CachedPage | null | undefined;
  try {
    const [frame, answer] = await Promise.all([search.frame, search.answer(wanted)]);
    if (frame === null) return passOn();
    page = answer && (wanted() ? search.fill(frame, answer) : undefined);
  } catch (error) {
    logOnce(request.url ?? "", "filling a search into its frame failed; the request goes on to the app", error);
    if (response.headersSent) response.destroy();
    else passOn();
    return;
  }
  if (page === undefined) return;
  if (page === null) {
    const busy = busyAnswer();
    response.writeHead(busy.status, busy.headers);
    response.end(busy.body);
  } else writePage(request, response, page, key);
  logAnswer(request, response, started);
}

/** Answers `request` from memory, now or (a search) later, and returns true; false on a miss. */
function answerPage(request: IncomingMessage, response: ServerResponse, passOn: () => void, started: number): boolean {
  const read = header(request);
  const method = request.method ?? "GET";
  const target = request.url ?? "";
  const key = requestKey(method, target, read);
  if (!key) return false;
  const page = pageCache.get(key);
  if (page) {
    // A large body without the form this client needs goes on to the app, which makes that form off the event loop.
    if (needsForm(page, negotiateEncoding(read("accept-encoding")))) return false;
    writePage(request, response, page, key);
    logAnswer(request, response, started);
    return true;
  }
  const search = searchPageFill(key, method, target, read, () => fetchRequest(request));
  if (!search) return false;
  answerSearchLater(request, response, search, key, passOn, started).catch((error: unknown) => {
    // Nothing sensible left to send: end the connection, the client retries.
    logOnce(request.url ?? "", "answering a search failed", error);
    response.destroy();
  });
  return true;
}

/** Writes the stored answer for `request` (or takes it to answer later) and returns true, or returns false on a miss. */
function answer(request: IncomingMessage, response: ServerResponse, passOn: () => void): boolean {
  const started = performance.now();
  try {
    if (answerAsset(request, response) || redirectToRouteSpelling(request, response)) {
      logAnswer(request, response, started);
      return true;
    }
    return answerPage(request, response, passOn, started);
  } catch (error) {
    logOnce(request.url ?? "", "answering from memory failed; the request goes on to the app", error);
    if (!response.headersSent) {
      for (const name of response.getHeaderNames()) response.removeHeader(name);
      return false;
    }
    // Too late to answer another way: end the connection, the client retries.
    response.destroy();
    return true;
  }
}

/**
 * Makes stored answers available to the request guard; in production only
 * (content is fixed there). The compiled content is opened now, at start,
 * and its file descriptor kept, so that a deploy that replaces or removes the
 * file later does not leave this process without it.
 */
export function registerFrontCache(): void {
  if (process.env.NODE_ENV !== "production") return;
  try {
    const { buildId } = getSiteContent();
    console.log(
      `[smriti-site] compiled content ${buildId} opened from ${SITE_CONTENT_FILE}; kept open, so replacing or removing the file changes nothing here`,
    );
  } catch (error) {
    // One line: the message names the file and the command that makes it (app/content/store.server.ts).
    console.error(
      `[smriti-site] the compiled content could not be read at start; /healthz answers 503 until it can: ${
        error instanceof Error ? error.message : String(error)
      }`,
    );
  }
  (globalThis as Record<symbol, FrontCache>)[FRONT_CACHE] = { answer };
}
