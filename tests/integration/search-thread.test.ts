import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, test } from "node:test";
import { buildSiteContent } from "../../app/content/build/build.server";
import { writeSiteContent } from "../../app/content/build/store-file.server";
import { currentVersion } from "../../app/content/site-versions";
import { openSiteContent, type SiteIndex } from "../../app/content/store.server";
import type { SiteContent } from "../../app/content/types";
import { scriptJson } from "../../app/http/hydration.server";
import type { SiteSearch } from "../../app/search/engine.server";
import { DIALOG_LIMITS, PAGE_LIMITS } from "../../app/search/limits";
import { answerOf, type SearchQuestion } from "../../app/search/questions";
import { searchVersionsOf } from "../../app/search/site-search.server";
import { siteSearchOf } from "../../app/search/store.server";
import {
  SearchThread,
  THREAD_LIMITS,
  threadJsonOf,
  type SearchElsewhere,
  type ThreadSetup,
  type Turn,
} from "../../app/search/thread.server";
import type { SearchAnswer } from "../../app/search/types";
import { buildNodeBundle } from "../../scripts/lib/node-bundles.mjs";

// The search thread (app/search/thread.server.ts) as a production server runs
// it: the thread's program as the build bundles it, reading a pack through the
// descriptor this process opened.

const root = join(import.meta.dirname, "../..");

const question = (query: string, more: Partial<SearchQuestion> = {}): SearchQuestion => ({
  query,
  version: null,
  first: null,
  limits: PAGE_LIMITS,
  ...more,
});

const QUESTIONS: SearchQuestion[] = [
  question("docker compose"),
  question("instalation"),
  question("albums", { version: "all", first: "next" }),
  question("server", { limits: { ...PAGE_LIMITS, from: 20 } }),
  question("POST /v1/albums"),
  question("backup", { version: "next", limits: DIALOG_LIMITS }),
  question("zzqqxx nothing"),
  question(""),
];

describe("the search thread", () => {
  let dir: string;
  let content: SiteContent;
  let index: SiteIndex;
  let onThisThread: SiteSearch;
  let setup: ThreadSetup;
  let script: URL;
  const threads: SearchThread[] = [];
  const reports: string[] = [];

  /** A thread over the test pack (or `over`), answering elsewhere on this thread if it stops. */
  function startThread(
    over: Partial<ThreadSetup> = {},
    limits = THREAD_LIMITS,
    program = script,
    turn?: Turn,
  ): SearchThread {
    const elsewhere: SearchElsewhere = async (asked, wanted) => (wanted() ? answerOf(onThisThread, asked) : undefined);
    const thread = new SearchThread(
      program,
      { ...setup, ...over },
      elsewhere,
      (message) => reports.push(message),
      limits,
      turn,
    );
    threads.push(thread);
    return thread;
  }

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "search-thread-"));
    const built = await buildSiteContent({ root, contentDir: join(root, "tests/fixtures/content"), cacheDir: null });
    const file = join(dir, "site.pack");
    writeSiteContent(file, built.content);
    const opened = openSiteContent(file);
    ({ content, index } = opened);
    onThisThread = siteSearchOf(content);
    setup = {
      pack: { descriptor: opened.reader.descriptor, file, search: index.search, compounds: index.compounds },
      versions: searchVersionsOf(content),
      current: currentVersion(content).version.id,
    };
    script = pathToFileURL(join(dir, "search-thread.mjs"));
    await buildNodeBundle("search-thread", join(dir, "search-thread.mjs"));
  });
  after(async () => {
    await Promise.all(threads.map((thread) => thread.stop()));
    rmSync(dir, { recursive: true, force: true });
  });

  test("answers every search as the main thread does, and says it searched them", async () => {
    const thread = startThread();
    const answers = await Promise.all(QUESTIONS.map((asked) => thread.ask(asked, () => true)));
    for (const [n, answer] of answers.entries()) {
      const expected = answerOf(onThisThread, QUESTIONS[n]!);
      assert.deepEqual(answer, expected, QUESTIONS[n]!.query ?? "");
      assert.ok(threadJsonOf(answer!));
      // The bytes it came as are the results page's data script, as this thread would write it.
      assert.equal(new TextDecoder().decode(threadJsonOf(answer!)), scriptJson(expected));
    }
    assert.ok(answers.some((answer) => answer!.hits.length > 0));
    assert.equal(threadJsonOf(answerOf(onThisThread, QUESTIONS[0]!)), undefined);
    assert.deepEqual(thread.stats, { asked: 0, waiting: 0 });
  });

  test("a search whose asker left before its turn is never sent; past the bound, a search is refused", async () => {
    const thread = startThread({}, { ...THREAD_LIMITS, inFlight: 1, maxWaiting: 2 });
    let askedWhetherWanted = 0;
    const left = () => {
      askedWhetherWanted += 1;
      return false;
    };
    const first = thread.ask(question("albums"), () => true);
    const gone = thread.ask(question("people"), left);
    const third = thread.ask(question("backup"), () => true);
    // Two wait behind the one sent: the bound.
    assert.deepEqual(thread.stats, { asked: 1, waiting: 2 });
    assert.equal(await thread.ask(question("sharing"), () => true), null);
    // Not asked until the search before it was answered: it was still wanted while it waited.
    assert.equal(askedWhetherWanted, 0);
    assert.deepEqual(await first, answerOf(onThisThread, question("albums")));
    assert.equal(await gone, undefined);
    assert.equal(askedWhetherWanted, 1);
    assert.deepEqual(await third, answerOf(onThisThread, question("backup")));
  });

  test("an answer is read in its asker's turn, and not at all for an asker gone by then", async () => {
    const turns: (() => void)[] = [];
    const turn: Turn = (work) => new Promise((resolve) => turns.push(() => resolve(work())));
    const thread = startThread({}, THREAD_LIMITS, script, turn);
    let here = true;
    const staying = thread.ask(question("albums"), () => true);
    const leaving = thread.ask(question("backup"), () => here);
    while (turns.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    // Both answered by the thread, neither taken up yet: the second asker leaves now.
    here = false;
    for (const run of turns) run();
    assert.deepEqual(await staying, answerOf(onThisThread, question("albums")));
    assert.equal(await leaving, undefined);
  });

  test("a search that fails in the thread fails with its reason; the thread answers the next", async () => {
    const stored = index.search[setup.current]!;
    // A version whose head's checksum does not match its bytes: what a damaged record looks like.
    const [offset, length, crc] = stored.head;
    const damaged = { ...stored, head: [offset, length, (crc + 1) >>> 0] as typeof stored.head };
    const thread = startThread({
      versions: [...setup.versions, { id: "damaged", label: "Damaged", current: false }],
      pack: { ...setup.pack, search: { ...index.search, damaged } },
    });
    await assert.rejects(
      thread.ask(question("albums", { version: "damaged" }), () => true),
      /corrupt record/,
    );
    const answer = await thread.ask(question("albums"), () => true);
    const expected = answerOf(onThisThread, question("albums"));
    assert.deepEqual([answer?.total, answer?.hits], [expected.total, expected.hits]);
    assert.ok(expected.total > 0);
    assert.ok(thread.running);
  });

  test("a thread that stops: what it was asked, and every search after, is answered on this thread", async () => {
    // A program that ends its thread at the first search, as a crash or an outgrown heap would.
    const stops = join(dir, "stops.mjs");
    writeFileSync(
      stops,
      'import { parentPort } from "node:worker_threads";\nparentPort.on("message", () => process.exit(7));\n',
    );
    const thread = startThread({}, THREAD_LIMITS, pathToFileURL(stops));
    const asked = ["albums", "backup", "docker compose"].map((query) => question(query));
    const answers: (SearchAnswer | null | undefined)[] = await Promise.all(
      asked.map((each) => thread.ask(each, () => true)),
    );
    assert.deepEqual(
      answers,
      asked.map((each) => answerOf(onThisThread, each)),
    );
    assert.equal(thread.running, false);
    assert.ok(
      reports.some((report) => report.includes("exit code 7")),
      reports.join("\n"),
    );
    assert.deepEqual(await thread.ask(question("people"), () => true), answerOf(onThisThread, question("people")));
    assert.equal(await thread.ask(question("people"), () => false), undefined);
  });
});
