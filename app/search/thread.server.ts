import { Worker } from "node:worker_threads";
import type { SharedPack } from "~/content/store.server";
import type { SearchQuestion } from "./questions";
import type { SearchAnswer, SearchVersion } from "./types";

// Searches answered in a thread of their own. The engine is most of a unique
// search's cost (about 0.9 of 1.5 ms of the main thread at 10,000 pages, with
// the garbage it makes); on the main thread it was the limit on unique
// searches a second, and every page request waited behind it. In a worker
// thread it runs beside the main thread's work on the second core. See
// docs/decisions/061-a-search-thread.md.

/** What the thread starts with: the server's open pack and the versions. */
export interface ThreadSetup {
  pack: SharedPack;
  versions: SearchVersion[];
  current: string;
}

/** A message to the thread. */
export interface Asked {
  id: number;
  question: SearchQuestion;
}

/**
 * The thread's reply: the answer, or why the search failed. The answer comes
 * as its JSON, written for a script (scriptJson) and in UTF-8, its buffer
 * handed over rather than copied. Bytes, not objects, while it waits for its
 * turn on the main thread: the collector there neither traces nor copies
 * them, and the results page's data script is these bytes as they are.
 */
export type Reply = { id: number; json: Uint8Array<ArrayBuffer> } | { id: number; error: string };

/**
 * An answer to come: null when too many searches wait already (the server is
 * busy), undefined when the asker left before its search's turn.
 */
export type Asking = Promise<SearchAnswer | null | undefined>;

/** Answers a search some other way: on the main thread, when the search thread is gone. */
export type SearchElsewhere = (question: SearchQuestion, wanted: () => boolean) => Asking;

/** Runs `work` in its turn on the main thread (the render queue's, in a server); null when there is none to be had (busy). */
export type Turn = <T>(work: () => T) => Promise<T | null>;

interface Pending {
  question: SearchQuestion;
  wanted: () => boolean;
  resolve: (answer: SearchAnswer | null | undefined) => void;
  reject: (error: Error) => void;
}

export interface ThreadLimits {
  /** Searches sent to the thread at once: the next one is there when it finishes one, and no more, so a search whose asker left is dropped before it runs. */
  inFlight: number;
  /** Searches waiting to be sent; past this a search is refused (busy), as the render queue refuses (decision 055). */
  maxWaiting: number;
  /** The thread's heap: its old generation and its young one, in MB. */
  oldMb: number;
  youngMb: number;
}

/** The answers that came from a search thread, with the JSON each came as. */
const sentAs = new WeakMap<SearchAnswer, Uint8Array<ArrayBuffer>>();
const decoder = new TextDecoder();

/**
 * `answer`'s JSON as the search thread sent it (scriptJson's, in UTF-8);
 * undefined for one searched on this thread (a page says which in its Server-Timing).
 */
export function threadJsonOf(answer: SearchAnswer): Uint8Array<ArrayBuffer> | undefined {
  return sentAs.get(answer);
}

function answerFrom(json: Uint8Array<ArrayBuffer>): SearchAnswer {
  const answer = JSON.parse(decoder.decode(json)) as SearchAnswer;
  sentAs.set(answer, json);
  return answer;
}

export const THREAD_LIMITS: ThreadLimits = { inFlight: 32, maxWaiting: 256, oldMb: 96, youngMb: 6 };

/**
 * The search thread, seen from the main thread. If the thread stops (an
 * error, a heap it outgrew), its searches, and every one after, are answered
 * by `elsewhere`; the failure is reported once through `report`.
 */
export class SearchThread {
  private worker: Worker | null;
  private readonly waiting: Pending[] = [];
  private readonly asked = new Map<number, Pending>();
  private lastId = 0;
  private stopping = false;

  constructor(
    script: URL,
    setup: ThreadSetup,
    private readonly elsewhere: SearchElsewhere,
    private readonly report: (message: string, error?: unknown) => void,
    private readonly limits: ThreadLimits = THREAD_LIMITS,
    private readonly turn: Turn = (work) => Promise.resolve(work()),
  ) {
    const worker = new Worker(script, {
      workerData: setup,
      // The server's own flags (its heap size, the request guard it imports) are not the thread's.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: limits.oldMb, maxYoungGenerationSizeMb: limits.youngMb },
    });
    worker.on("message", (reply: Reply) => this.answered(reply));
    worker.on("error", (error) => this.report("the search thread failed; searches run on the main thread", error));
    worker.on("exit", (code) => this.stopped(code));
    // Idle, the thread does not hold the process: a server stops when its own work is done. After the
    // listeners, since adding a "message" listener holds the process again.
    worker.unref();
    this.worker = worker;
  }

  /** Whether the thread still answers (false once it has stopped: searches go elsewhere). */
  get running(): boolean {
    return this.worker !== null;
  }

  /** Searches sent to the thread and waiting to be sent (tests/integration/search-thread.test.ts reads them). */
  get stats(): { asked: number; waiting: number } {
    return { asked: this.asked.size, waiting: this.waiting.length };
  }

  /** `question`'s answer from the thread; `wanted` is asked just before it is sent, to drop a search nobody waits for. */
  ask(question: SearchQuestion, wanted: () => boolean): Asking {
    if (!this.worker) return this.elsewhere(question, wanted);
    if (this.waiting.length >= this.limits.maxWaiting) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      this.waiting.push({ question, wanted, resolve, reject });
      this.send();
    });
  }

  /** Ends the thread; searches asked after go elsewhere. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.worker?.terminate();
  }

  private send(): void {
    while (this.worker && this.asked.size < this.limits.inFlight && this.waiting.length > 0) {
      const next = this.waiting.shift()!;
      if (!next.wanted()) {
        next.resolve(undefined);
        continue;
      }
      const id = (this.lastId += 1);
      // While it has searches to answer, it does: their askers wait for them.
      if (this.asked.size === 0) this.worker.ref();
      this.asked.set(id, next);
      this.worker.postMessage({ id, question: next.question } satisfies Asked);
    }
  }

  private answered(reply: Reply): void {
    const pending = this.asked.get(reply.id);
    if (!pending) return;
    this.asked.delete(reply.id);
    if (this.asked.size === 0) this.worker?.unref();
    if ("json" in reply) {
      const { json } = reply;
      // Read in the asker's turn (and not at all for an asker gone by then): answers arrive in batches, and
      // taken up as they arrived they held up a stored page asked for meanwhile (tests/http/search-queue.spec.ts).
      this.turn(() => (pending.wanted() ? answerFrom(json) : undefined)).then(pending.resolve, pending.reject);
    } else pending.reject(new Error(reply.error));
    this.send();
  }

  /** The thread is gone: what it was asked, and what waited, is answered elsewhere. */
  private stopped(code: number): void {
    this.worker = null;
    const pending = [...this.asked.values(), ...this.waiting];
    this.asked.clear();
    this.waiting.length = 0;
    if (!this.stopping) this.report(`the search thread stopped (exit code ${code}); searches run on the main thread`);
    for (const { question, wanted, resolve, reject } of pending) this.elsewhere(question, wanted).then(resolve, reject);
  }
}
