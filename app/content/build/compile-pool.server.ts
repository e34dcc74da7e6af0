import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { CompiledBody } from "./compile.server";
import { ContentError } from "../content-error.server";
import { pageCompiler, type CompileContext, type CompileJob } from "./page-compiler.server";

// Cold builds compile pages in worker threads, one per core (issue 25: a cold
// build of 10,000 pages on both cores of a small machine). A page's compile is
// JavaScript on one thread (MDX, Shiki, React's render); each worker costs its
// start (loading tsx, mdx-bundler and the highlighter, and warming them up:
// about 4 s of CPU here), so builds with few pages to compile, and a dev
// server's single saved page, compile in the build's own thread. Wherever a
// page compiles, several are in hand at once (COMPILE_LANES, decision 053).
// docs/decisions/042-build-threads.md has the figures.

/**
 * A compiled page and how long its compile took: from its start to its end,
 * not the wait for a thread or a lane. Pages compiled alongside it in the
 * build's thread share that time.
 */
export interface Compiled {
  body: CompiledBody;
  ms: number;
}

/**
 * Pages a thread compiles at once, the build's own or a worker. A page's
 * compile waits for esbuild's service, a process of its own, for about a fifth
 * of its time: with three pages in hand the thread runs one page's MDX while
 * esbuild bundles another's. In the build's thread a cold build of 10,000
 * pages took 208 s instead of 246 s, for 8 % less CPU; four lanes were no
 * faster than three (docs/decisions/053-pages-compiled-side-by-side.md).
 */
export const COMPILE_LANES = 3;

export interface PageCompilation {
  compile(job: CompileJob): Promise<Compiled>;
  /** Stops every worker; the build calls it whether it succeeded or not. */
  close(): Promise<void>;
}

/**
 * Below this many pages to compile per worker, a worker's start and warm-up
 * cost more than it saves: with two workers (one page each at a time then),
 * 58 pages built 22 % slower and 300 pages 44 % slower (decision 042).
 */
export const PAGES_PER_WORKER = 500;

/** The variable that sets how many threads compile (1: the build's own thread only). */
export const THREADS_VARIABLE = "SITE_BUILD_THREADS";

/**
 * How many threads compile `misses` pages: the number asked for, else one per
 * core, as long as each gets enough pages to pay for its start. 1 means the
 * build's own thread. On this 2-core machine, with `build:content`'s 64 MB
 * young generation, two workers (three pages each in hand) built 1,000 pages
 * in 35 to 37 s and 10,000 in 273 s, against 41 to 43 s and 371 s in the
 * build's thread (decision 042).
 */
export function compileThreads(misses: number, requested?: number, cores = availableParallelism()): number {
  const threads = requested ?? Math.min(cores, Math.floor(misses / PAGES_PER_WORKER));
  const useful = Math.min(threads, misses);
  return useful >= 2 ? useful : 1;
}

/** The number of threads SITE_BUILD_THREADS asks for, if it is set. */
export function requestedThreads(env: Record<string, string | undefined> = process.env): number | undefined {
  const value = env[THREADS_VARIABLE]?.trim();
  if (!value) return undefined;
  const threads = Number(value);
  if (!Number.isInteger(threads) || threads < 1) throw new Error(`${THREADS_VARIABLE} must be a whole number of threads, 1 or more (it is "${value}")`);
  return threads;
}

/** Jobs run by `lanes` at once, the others waiting in the order given. */
export interface Lanes<J, R> {
  run(job: J): Promise<R>;
  /** Refuses the jobs not started yet, and any job given after; those running finish. */
  close(): void;
}

export function lanes<J, R>(run: (job: J) => Promise<R>, count: number): Lanes<J, R> {
  type Waiting = { job: J; resolve: (result: R) => void; reject: (error: unknown) => void };
  // A build queues every page at once: the list is read from `head` on rather than shifted.
  let waiting: (Waiting | null)[] = [];
  let head = 0;
  let running = 0;
  let closed = false;
  const refusal = () => new Error("content: the compilation was closed before this page was compiled");
  const startNext = () => {
    while (running < count && head < waiting.length) {
      const { job, resolve, reject } = waiting[head]!;
      waiting[head] = null;
      head += 1;
      running += 1;
      void run(job)
        .then(resolve, reject)
        .finally(() => {
          running -= 1;
          startNext();
        });
    }
  };
  return {
    run(job) {
      if (closed) return Promise.reject(refusal());
      return new Promise<R>((resolve, reject) => {
        waiting.push({ job, resolve, reject });
        startNext();
      });
    },
    close() {
      closed = true;
      const refused = waiting.slice(head);
      waiting = [];
      head = 0;
      for (const entry of refused) entry!.reject(refusal());
    },
  };
}

/** Pages compiled in this thread, `count` at a time (COMPILE_LANES); with one lane each page's time is its own. */
export function inProcessCompilation(context: CompileContext, count = COMPILE_LANES): PageCompilation {
  const compile = pageCompiler(context);
  const queue = lanes(async (job: CompileJob): Promise<Compiled> => {
    const started = performance.now();
    const body = await compile(job);
    return { body, ms: performance.now() - started };
  }, count);
  return {
    compile: (job) => queue.run(job),
    close: async () => queue.close(),
  };
}

/** What a compile worker answers for one job (app/content/compile-worker.server.ts). */
export type WorkerAnswer =
  | { id: number; ok: true; body: CompiledBody; ms: number }
  | { id: number; ok: false; error: SentError };

/** An error as it crosses threads: a content mistake keeps its place, anything else its message and stack. */
export type SentError =
  | { kind: "content"; file: string; line: number; column: number; reason: string }
  | { kind: "other"; message: string; stack?: string };

export function sendError(error: unknown): SentError {
  if (error instanceof ContentError) return { kind: "content", file: error.file, line: error.line, column: error.column, reason: error.reason };
  if (error instanceof Error) return { kind: "other", message: error.message, stack: error.stack };
  return { kind: "other", message: String(error) };
}

function receivedError(sent: SentError): Error {
  if (sent.kind === "content") return new ContentError(sent.file, sent.line, sent.column, sent.reason);
  const error = new Error(sent.message);
  if (sent.stack) error.stack = sent.stack;
  return error;
}

export const COMPILE_WORKER = new URL("./compile-worker.mjs", import.meta.url);

interface Pending {
  id: number;
  job: CompileJob;
  resolve: (compiled: Compiled) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  /** The jobs it is compiling, by id: at most `lanes` at a time. */
  busy: Map<number, Pending>;
}

/**
 * Pages compiled by `size` worker threads, each holding up to `lanes` pages
 * and given the next when it finishes one; a page goes to the worker holding
 * fewest. A worker that dies (an uncaught error, an exit, running out of
 * memory) fails the build: every page not compiled yet is rejected with an
 * error that names the pages it held, and the other workers stop.
 */
export class CompilePool implements PageCompilation {
  private readonly threads: Thread[];
  private readonly waiting: Pending[] = [];
  private nextId = 0;
  private failure: Error | null = null;
  private closed = false;

  constructor(
    context: CompileContext,
    size: number,
    script: URL = COMPILE_WORKER,
    private readonly lanes = COMPILE_LANES,
  ) {
    this.threads = Array.from({ length: size }, () => {
      // No inherited flags: the worker script loads TypeScript itself.
      const thread: Thread = { worker: new Worker(script, { workerData: context, execArgv: [] }), busy: new Map() };
      thread.worker.on("message", (answer: WorkerAnswer) => this.answered(thread, answer));
      thread.worker.on("error", (error) => this.died(thread, `failed: ${error.message}`));
      thread.worker.on("messageerror", (error) => this.died(thread, `sent an answer that could not be read (${error.message})`));
      thread.worker.on("exit", (code) => this.died(thread, `exited with code ${code}`));
      return thread;
    });
  }

  compile(job: CompileJob): Promise<Compiled> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: (this.nextId += 1), job, resolve, reject });
      const leastBusy = this.threads.reduce((best, thread) => (thread.busy.size < best.busy.size ? thread : best));
      if (leastBusy.busy.size < this.lanes) this.next(leastBusy);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.map((thread) => thread.worker.terminate()));
  }

  private next(thread: Thread): void {
    const pending = this.waiting.shift();
    if (!pending) return;
    thread.busy.set(pending.id, pending);
    thread.worker.postMessage({ id: pending.id, job: pending.job });
  }

  private answered(thread: Thread, answer: WorkerAnswer): void {
    const pending = thread.busy.get(answer.id);
    if (!pending) return;
    thread.busy.delete(answer.id);
    if (answer.ok) pending.resolve({ body: answer.body, ms: answer.ms });
    else pending.reject(receivedError(answer.error));
    this.next(thread);
  }

  private died(thread: Thread, how: string): void {
    if (this.closed || this.failure) return;
    // It dies for one of the pages it holds, which one it cannot say: all are named.
    const held = [...thread.busy.values()].map((pending) => pending.job.sourcePath);
    const doing = held.length ? `while compiling ${held.join(", ")}` : "before it was given a page";
    this.failure = new Error(`content: a compile worker ${how} ${doing}; the build stopped (${THREADS_VARIABLE}=1 compiles in one thread)`);
    const failed = [...this.threads.flatMap((t) => [...t.busy.values()]), ...this.waiting.splice(0)];
    for (const t of this.threads) t.busy.clear();
    for (const pending of failed) pending.reject(this.failure);
    void this.close();
  }
}

/** The compilation for `misses` pages: a pool when it pays, else this thread, `laneCount` pages at a time. */
export function compilationFor(
  context: CompileContext,
  misses: number,
  requested?: number,
  script?: URL,
  laneCount = COMPILE_LANES,
): PageCompilation {
  const threads = compileThreads(misses, requested ?? requestedThreads());
  return threads > 1 ? new CompilePool(context, threads, script, laneCount) : inProcessCompilation(context, laneCount);
}
