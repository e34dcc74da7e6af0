/** Bytes a Response can send as they are. */
export type Bytes = Uint8Array<ArrayBuffer>;

/** The same memory as a Buffer (for its search and decoding), not a copy. */
export const bufferOf = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);

/** The same memory as plain bytes, as pages are kept and sent, not a copy. */
export const plainBytes = (buffer: Buffer<ArrayBuffer>): Bytes =>
  new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);

export type ContentCoding = "br" | "gzip";

/** A compressed form of a page, and whether it was made at the best level yet. */
export interface Encoded {
  bytes: Bytes;
  best: boolean;
}

/**
 * A rendered page. Its compressed forms are made when first asked for, at a
 * fast level, and made again at the best level once the page is reused
 * (app/http/compression.server.ts): a page nobody asks for twice never pays
 * for the best level. Once it has a compressed form it is kept only in the
 * forms asked for since (read the uncompressed bytes with identityBody).
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  /**
   * The uncompressed bytes until a compressed form is made, then null until a
   * client asks for them again: browsers always ask for a compressed form, and
   * a docs page is five times its size uncompressed, so the cache holds five
   * times the pages.
   */
  body: Bytes | null;
  /** The uncompressed body's length in bytes, whichever forms are kept. */
  length: number;
  encoded: Partial<Record<ContentCoding, Encoded>>;
  /** How many answers this entry gave. */
  uses: number;
  /** Strong validator of the uncompressed body, without quotes. */
  etag: string;
}

function size(page: CachedPage): number {
  return (page.body?.length ?? 0) + (page.encoded.br?.bytes.length ?? 0) + (page.encoded.gzip?.bytes.length ?? 0) + 512;
}

/** The most of a cache's bytes that results pages may take: a flood of searches never pushes the pages out. */
const RESULTS_SHARE = 0.25;

interface Entry {
  page: CachedPage;
  bytes: number;
  results: boolean;
}

/**
 * Least-recently-used store of rendered pages, bounded in bytes so that
 * requests for endless distinct URLs cannot grow memory without limit. An
 * entry grows when a compressed form is added: `resize` counts it again.
 * Search results pages, one per query anyone typed, are kept under a bound
 * of their own within it: beyond a quarter of the bytes they replace each
 * other, never a docs page.
 */
export class PageCache {
  /** Every entry, least recently used first. */
  private readonly entries = new Map<string, Entry>();
  /** The results pages' keys, in the same order. */
  private readonly resultKeys = new Set<string>();
  private bytes = 0;
  private resultBytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (entry) this.touch(key, entry);
    return entry?.page;
  }

  /** Keeps `page` under `key`; `results` marks a search results page. */
  set(key: string, page: CachedPage, { results = false } = {}): void {
    this.remove(key);
    const bytes = size(page);
    if (bytes > (results ? this.maxBytes * RESULTS_SHARE : this.maxBytes)) return;
    this.touch(key, { page, bytes, results });
    this.bytes += bytes;
    if (results) this.resultBytes += bytes;
    for (const oldest of this.resultKeys) {
      if (this.resultBytes <= this.maxBytes * RESULTS_SHARE) break;
      this.remove(oldest);
    }
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  /** Counts a stored page's size again after it changed; a page no longer stored is left alone. */
  resize(key: string, page: CachedPage): void {
    const entry = this.entries.get(key);
    if (entry?.page === page) this.set(key, page, { results: entry.results });
  }

  /** Makes `key` the most recently used. */
  private touch(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (!entry.results) return;
    this.resultKeys.delete(key);
    this.resultKeys.add(key);
  }

  private remove(key: string): void {
    const previous = this.entries.get(key);
    if (!previous) return;
    this.bytes -= previous.bytes;
    this.entries.delete(key);
    if (!previous.results) return;
    this.resultBytes -= previous.bytes;
    this.resultKeys.delete(key);
  }

  get stats() {
    return { entries: this.entries.size, bytes: this.bytes, resultBytes: this.resultBytes };
  }
}
