/**
 * Bounds how many pages render at once. A render is mostly synchronous work
 * on the one event loop; fifty of them started together run back to back and
 * every request waiting behind them, even one the request guard could answer
 * from memory in microseconds, waits for all of them. With two at a time the
 * loop turns between renders and stored pages keep a low p99 while misses
 * queue. The queue itself is bounded: past it a request gets 503 at once
 * rather than hold memory for a render that would come too late.
 */
export class RenderQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  /** Runs `work` when a slot is free; null, without running it, when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<T | null> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) return null;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      // The slot passes to the next in line, if any, on a later turn of the loop.
      const next = this.waiting.shift();
      if (next) setImmediate(next);
      else this.running -= 1;
    }
  }

  get stats() {
    return { running: this.running, waiting: this.waiting.length };
  }
}

/** The queue every page render goes through. */
export const renderQueue = new RenderQueue(2, 256);
