import { currentVersion } from "~/content/site-versions";
import { findPage, getSiteContent } from "~/content/store.server";
import { logOnce } from "./log-once.server";
import { filledSearchPage } from "./search-pages.server";
import { selfRequestHandler } from "./server-build.server";

// A new process renders its first pages several times slower than the
// thousandth: V8 has not compiled React's server renderer or our page code
// yet, and the current release's search index is not loaded. Measured at
// 10,000 pages, the first three docs pages a fresh server rendered took 30
// to 70 ms, the rest 10 to 25. So before /healthz says ready, the server
// renders one page of each kind for itself; a load balancer that waits for
// /healthz (the container's HEALTHCHECK, the rolling deploy) sends readers
// only a warm server. See docs/decisions/048-pages-kept-compressed-and-documents-read-one-by-one.md.

/** The warm-up never holds readiness back longer than this: a slow disk must not keep a replica out. */
const WARM_UP_LIMIT_MS = 5000;
/** Its own host: what it renders is stored under keys no reader's request makes. */
const HOST = "warm-up.invalid";

let state: "not started" | "running" | "done" = "not started";

/** One address of each kind of page Remix renders: the landing page, the current release's docs, the API reference, a miss. */
function addresses(): { pages: string[]; search: string } {
  const content = getSiteContent();
  const current = currentVersion(content);
  const word = /\p{L}{3,}/u.exec(findPage(current.entry)?.title ?? "")?.[0] ?? "install";
  return {
    pages: ["/", current.entry, "/api", "/docs/warm-up/missing"],
    search: `/search?q=${encodeURIComponent(word)}`,
  };
}

async function renderAll(): Promise<void> {
  const handler = await selfRequestHandler();
  let targets: ReturnType<typeof addresses>;
  try {
    targets = addresses();
  } catch {
    // No content to render: /healthz names the content check.
    return;
  }
  if (!handler) return;
  // As a browser asks: compressed, so the compression code is warm too.
  const request = (address: string) =>
    new Request(`http://${HOST}${address}`, { headers: { Host: HOST, "Accept-Encoding": "br, gzip" } });
  for (const address of targets.pages) await (await handler(request(address))).arrayBuffer();
  // A search as the front cache answers it: its state's frame (a render of the results page), then the fill.
  await filledSearchPage(request(targets.search));
}

/**
 * Renders the first pages in the background, once, in production (content is
 * fixed there; development compiles on demand). A failure is logged once and
 * ends the warm-up: the pages report their own errors.
 */
export function startWarmUp(): void {
  if (process.env.NODE_ENV !== "production" || state !== "not started") return;
  state = "running";
  const limit = new Promise<void>((resolve) => setTimeout(resolve, WARM_UP_LIMIT_MS).unref());
  void Promise.race([
    renderAll().catch((error: unknown) => logOnce("warm-up", "rendering the first pages at start failed", error)),
    limit,
  ]).finally(() => (state = "done"));
}

/** What /healthz reports for the warm-up: "ok" once it is over (or was never needed). */
export function warmUpCheck(): string {
  return state === "running" ? "rendering the first pages" : "ok";
}
