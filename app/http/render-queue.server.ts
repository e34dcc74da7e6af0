/**
 * Bounds how many pages render at once, and runs searches in line with them.
 * A render is mostly synchronous work on the one event loop; fifty of them
 * started together run back to back and every request waiting behind them,
 * even one the request guard could answer from memory in microseconds, waits
 * for all of them. With two at a time the loop turns between renders and
 * stored pages keep a low p99 while misses queue. The queue itself is
 * bounded: past it a request gets 503 at once rather than hold memory for a
 * render that would come too late.
 */
export class RenderQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  /**
   * Runs `work` when a slot is free; null, without running it, when the queue is full. The slot is
   * held for one more turn of the loop after `work` is done: a render finished in the turn it began
   * in (a document rendered to a string), and a burst of new connections at 10,000 pages left some
   * of its first requests unread for 3 to 6 s while others were answered (decision 063).
   */
  async run<T>(work: () => Promise<T>): Promise<T | null> {
    if (this.running < this.concurrency) this.running += 1;
    else if (!(await this.waitInLine())) return null;
    try {
      const result = await work();
      await new Promise<void>((resolve) => setImmediate(resolve));
      return result;
    } finally {
      this.leave();
    }
  }

  /**
   * Runs synchronous `work` (a search) through the queue, always on a later
   * turn of the loop: requests that arrived meanwhile are read first, and
   * those answered from memory go at once. Run where it arrived, a search
   * would hold up every request parsed after it in the same turn: a flood of
   * searches in all 40 versions of a site (40 ms each) kept a stored page
   * waiting 2 s.
   */
  async later<T>(work: () => T): Promise<T | null> {
    if (this.running < this.concurrency) {
      this.running += 1;
      await new Promise<void>((resolve) => setImmediate(resolve));
    } else if (!(await this.waitInLine())) return null;
    try {
      return work();
    } finally {
      this.leave();
    }
  }

  /** Waits for a slot, handed over by leave() on a later turn; false, at once, when the line is full. */
  private async waitInLine(): Promise<boolean> {
    if (this.waiting.length >= this.maxWaiting) return false;
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    return true;
  }

  /** The slot passes to the next in line, if any, on a later turn of the loop. */
  private leave(): void {
    const next = this.waiting.shift();
    if (next) setImmediate(next);
    else this.running -= 1;
  }

  get stats() {
    return { running: this.running, waiting: this.waiting.length };
  }
}

/** The queue every page render and every search goes through. */
export const renderQueue = new RenderQueue(2, 256);

/** The answer when more pages wait to render than the queue holds: try again in a moment. */
export function busyAnswer(): { status: number; body: string; headers: Record<string, string> } {
  return {
    status: 503,
    body: "503 Service Unavailable: the server is busy; try again in a moment.\n",
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": "1",
      "X-Content-Type-Options": "nosniff",
    },
  };
}
