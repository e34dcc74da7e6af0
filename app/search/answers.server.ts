import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { readSearchThread } from "~/config.server";
import { currentVersion } from "~/content/site-versions";
import { getSiteContent, sharedPack } from "~/content/store.server";
import { logOnce } from "~/http/log-once.server";
import { renderQueue } from "~/http/render-queue.server";
import { answerOf, type SearchQuestion } from "./questions";
import { getSiteSearch } from "./store.server";
import { SearchThread, THREAD_LIMITS, type Asking } from "./thread.server";
import { searchVersionsOf } from "./site-search.server";

/** The search thread's program, beside the server build (build/index.js) that this module is bundled into. */
const THREAD_SCRIPT = new URL("./search-thread.mjs", import.meta.url);

/** Undefined until a production server first searches with its pack open; null where searches stay on this thread. */
let thread: SearchThread | null | undefined;

/**
 * On this thread, in its turn with the renders and on a later turn of the
 * loop (decision 055); none for an asker gone by then.
 */
function onThisThread(question: SearchQuestion, wanted: () => boolean): Asking {
  return renderQueue.later(() => (wanted() ? answerOf(getSiteSearch(), question) : undefined));
}

/**
 * The search thread of a production server, started at its first search.
 * Null in development (whose content changes under the server), with
 * SITE_SEARCH_THREAD=0, and where the build has no thread program: searches
 * then run on this thread.
 */
function searchThread(): SearchThread | null {
  if (thread !== undefined) return thread;
  // A bad value stopped the start already (app/startup.server.ts).
  if (!readSearchThread(process.env)) {
    console.log("[smriti-site] searches run on the main thread (SITE_SEARCH_THREAD=0)");
    return (thread = null);
  }
  const pack = sharedPack();
  // Development, or no readable pack yet (asked again at the next search, as the content is).
  if (!pack) return null;
  if (!existsSync(fileURLToPath(THREAD_SCRIPT))) {
    logOnce(
      fileURLToPath(THREAD_SCRIPT),
      'the search thread\'s program is missing, so searches run on the main thread: run "npm run build"',
    );
    return (thread = null);
  }
  const content = getSiteContent();
  const setup = { pack, versions: searchVersionsOf(content), current: currentVersion(content).version.id };
  return (thread = new SearchThread(
    THREAD_SCRIPT,
    setup,
    onThisThread,
    (message, error) => logOnce("search thread", message, error),
    THREAD_LIMITS,
    (work) => renderQueue.later(work),
  ));
}

/**
 * The answer to `question`: from the search thread in production, else on
 * this thread. Null when the server is too busy to take it; undefined when
 * `wanted` says, at its turn, that its asker has gone.
 *
 * Either way it resolves in a turn of its own in the render queue, so what
 * the asker then does with it on this thread (fill a page, write JSON) runs
 * there too, a few at a time.
 */
export function askSearch(question: SearchQuestion, wanted: () => boolean): Asking {
  const found = searchThread();
  return found ? found.ask(question, wanted) : onThisThread(question, wanted);
}
