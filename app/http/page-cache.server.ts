/** Bytes a Response can send as they are. */
export type Bytes = Uint8Array<ArrayBuffer>;

/** A rendered page, kept with its compressed forms so no request repeats the work. */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Bytes;
  gzip: Bytes;
  br: Bytes;
  /** Strong validator of the uncompressed body, without quotes. */
  etag: string;
}

function size(page: CachedPage): number {
  return page.body.length + page.gzip.length + page.br.length + 512;
}

/**
 * Least-recently-used store of rendered pages, bounded in bytes so that
 * requests for endless distinct URLs cannot grow memory without limit.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): CachedPage | undefined {
    const page = this.entries.get(key);
    if (page) {
      this.entries.delete(key);
      this.entries.set(key, page);
    }
    return page;
  }

  set(key: string, page: CachedPage): void {
    const previous = this.entries.get(key);
    if (previous) {
      this.bytes -= size(previous);
      this.entries.delete(key);
    }
    if (size(page) > this.maxBytes) return;
    this.entries.set(key, page);
    this.bytes += size(page);
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= size(entry);
    }
  }

  get stats() {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}
