interface Entry<V> {
  value: V;
  weight: number;
  tick: number;
}

/**
 * A map that keeps the most recently used entries up to a total weight
 * (bytes, or 1 per entry), dropping the least recently used ones past it.
 * What bounds the server's memory when the content is larger than it.
 *
 * Recency is kept by the Map's insertion order: a read moves its entry to
 * the end. Moving costs a delete and an insert, and a search reads hundreds
 * of documents from one cache, so an entry already in the newer half (fewer
 * than half the entries added or moved since it) stays where it is: what is
 * dropped is always from the older half, so the order is that of least
 * recent use to within half the entries.
 */
export class Lru<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  /**
   * Where dropping goes on from: everything before it was dropped or moved
   * to the end. A Map keeps the slots of deleted entries until it is
   * rebuilt, and a new iterator walks them all again, so dropping one entry
   * from a full cache of 10,000 took 4 µs and of 50,000 14 µs; a search in
   * all 40 versions drops thousands. This one walks each slot once.
   */
  private oldest: MapIterator<[K, Entry<V>]> | null = null;
  private total = 0;
  /** Counts insertions and moves: an entry's `tick` is the count when it last went to the end. */
  private tick = 0;

  /** @param onDrop called with each entry dropped for room (not for one replaced or cleared). */
  constructor(
    private readonly maxWeight: number,
    private readonly onDrop?: (key: K, value: V) => void,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.tick - entry.tick >= this.entries.size >> 1) {
      // Re-inserting moves it to the end: Map keeps insertion order.
      this.entries.delete(key);
      entry.tick = ++this.tick;
      this.entries.set(key, entry);
    }
    return entry.value;
  }

  set(key: K, value: V, weight = 1): void {
    const old = this.entries.get(key);
    if (old) {
      this.total -= old.weight;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, weight, tick: ++this.tick });
    this.total += weight;
    while (this.total > this.maxWeight && this.entries.size > 1) {
      const [oldest, entry] = this.nextOldest();
      this.entries.delete(oldest);
      this.total -= entry.weight;
      this.onDrop?.(oldest, entry.value);
    }
  }

  /** The least recently used entry: the next one `oldest` meets, from a new iterator when it has met them all. */
  private nextOldest(): [K, Entry<V>] {
    let next = this.oldest?.next();
    if (!next || next.done) {
      this.oldest = this.entries.entries();
      next = this.oldest.next();
    }
    return next.value as [K, Entry<V>];
  }

  /**
   * Keeps `value` only if it fits beside the entries kept, dropping none:
   * for what one pass over more than the bound reads, which would otherwise
   * push out, one by one, each entry the next pass reads first.
   */
  setIfRoom(key: K, value: V, weight = 1): boolean {
    if (this.entries.size > 0 && this.total + weight > this.maxWeight) return false;
    this.set(key, value, weight);
    return true;
  }

  clear(): void {
    this.entries.clear();
    this.oldest = null;
    this.total = 0;
  }

  get size(): number {
    return this.entries.size;
  }
}
