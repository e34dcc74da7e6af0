/**
 * A map that keeps the most recently used entries up to a total weight
 * (bytes, or 1 per entry), dropping the least recently used ones past it.
 * What bounds the server's memory when the content is larger than it.
 */
export class Lru<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private total = 0;

  /** @param onDrop called with each entry dropped for room (not for one replaced or cleared). */
  constructor(
    private readonly maxWeight: number,
    private readonly onDrop?: (key: K, value: V) => void,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Re-inserting moves it to the end: Map keeps insertion order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V, weight = 1): void {
    const old = this.entries.get(key);
    if (old) {
      this.total -= old.weight;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, weight });
    this.total += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxWeight || this.entries.size === 1) break;
      this.entries.delete(oldest);
      this.total -= entry.weight;
      this.onDrop?.(oldest, entry.value);
    }
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  get size(): number {
    return this.entries.size;
  }
}
