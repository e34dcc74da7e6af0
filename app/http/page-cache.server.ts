/** Bytes a Response can send as they are. */
export type Bytes = Uint8Array<ArrayBuffer>;

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
 * for the best level.
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Bytes;
  encoded: Partial<Record<ContentCoding, Encoded>>;
  /** How many answers this entry gave. */
  uses: number;
  /** Strong validator of the uncompressed body, without quotes. */
  etag: string;
}

function size(page: CachedPage): number {
  return page.body.length + (page.encoded.br?.bytes.length ?? 0) + (page.encoded.gzip?.bytes.length ?? 0) + 512;
}

/**
 * Least-recently-used store of rendered pages, bounded in bytes so that
 * requests for endless distinct URLs cannot grow memory without limit. An
 * entry grows when a compressed form is added: `resize` counts it again.
 */
export class PageCache {
  private readonly entries = new Map<string, { page: CachedPage; bytes: number }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry?.page;
  }

  set(key: string, page: CachedPage): void {
    this.remove(key);
    const bytes = size(page);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { page, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  /** Counts a stored page's size again after it changed; a page no longer stored is left alone. */
  resize(key: string, page: CachedPage): void {
    if (this.entries.get(key)?.page === page) this.set(key, page);
  }

  private remove(key: string): void {
    const previous = this.entries.get(key);
    if (!previous) return;
    this.bytes -= previous.bytes;
    this.entries.delete(key);
  }

  get stats() {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}
