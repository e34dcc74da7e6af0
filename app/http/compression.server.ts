import { promisify } from "node:util";
import {
  brotliCompress,
  brotliCompressSync,
  brotliDecompress,
  brotliDecompressSync,
  constants,
  gunzip,
  gunzipSync,
  gzip,
  gzipSync,
} from "node:zlib";
import type { Bytes, CachedPage, ContentCoding, Encoded } from "./page-cache.server";

/**
 * Levels per case (docs/decisions/012-page-keys-and-compression.md). The
 * first answer of a page is compressed at once: brotli 4 costs well under a
 * millisecond for a docs page and comes within a few per cent of brotli 9,
 * which costs about 8 ms there; gzip 9 costs hardly more than gzip 6 on pages
 * of this size, so gzip is made at its best level straight away. Brotli's best
 * level is spent only on a page that is reused, and then off the event loop:
 * brotli 11 runs in libuv's thread pool and replaces the fast bytes when done.
 */
const FAST: Record<ContentCoding, number> = { br: 4, gzip: 9 };
const BEST: Record<ContentCoding, number> = { br: 11, gzip: 9 };
/** Upgrades waiting beyond this are dropped; the page asks again on its next use. */
const MAX_PENDING_UPGRADES = 64;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const brotliDecompressAsync = promisify(brotliDecompress);
const gunzipAsync = promisify(gunzip);

const brotliOptions = (level: number, length: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: level, [constants.BROTLI_PARAM_SIZE_HINT]: length },
});

// Copied once into plain Uint8Arrays, so answering never copies.
const bytesOf = (buffer: Buffer): Bytes => new Uint8Array(buffer);

function compressNow(body: Bytes, coding: ContentCoding): Bytes {
  const level = FAST[coding];
  return bytesOf(
    coding === "br" ? brotliCompressSync(body, brotliOptions(level, body.length)) : gzipSync(body, { level }),
  );
}

/** `body` compressed in libuv's thread pool: the event loop goes on meanwhile. */
async function compressOffLoop(body: Bytes, coding: ContentCoding, level: number): Promise<Bytes> {
  return bytesOf(
    coding === "br" ? await brotliAsync(body, brotliOptions(level, body.length)) : await gzipAsync(body, { level }),
  );
}

/**
 * The page's uncompressed bytes: its body while it has one, else its body
 * restored from a compressed form (about a tenth of a millisecond for a
 * 76 KB page).
 */
export function identityBody(page: CachedPage): Bytes {
  if (page.body) return page.body;
  const { gzip: gzipped, br } = page.encoded;
  if (gzipped) return bytesOf(gunzipSync(gzipped.bytes));
  if (br) return bytesOf(brotliDecompressSync(br.bytes));
  throw new Error("a stored page has neither its body nor a compressed form");
}

/** identityBody, restored in libuv's thread pool. */
async function identityBodyOffLoop(page: CachedPage): Promise<Bytes> {
  if (page.body) return page.body;
  const { gzip: gzipped, br } = page.encoded;
  if (gzipped) return bytesOf(await gunzipAsync(gzipped.bytes));
  if (br) return bytesOf(await brotliDecompressAsync(br.bytes));
  throw new Error("a stored page has neither its body nor a compressed form");
}

/**
 * The page's uncompressed bytes for a client that accepts no compression,
 * kept again once asked for (`changed` is told): a page keeps the forms its
 * clients ask for, and a monitor or a script asking for the same page
 * uncompressed again and again gets it from memory as before.
 */
export function uncompressedBody(page: CachedPage, changed: () => void): Bytes {
  if (page.body) return page.body;
  page.body = identityBody(page);
  changed();
  return page.body;
}

const pending = new Set<string>();
let queue: Promise<void> = Promise.resolve();

function upgrade(page: CachedPage, coding: ContentCoding, done: () => void): void {
  const id = `${page.etag}\n${coding}`;
  if (pending.has(id) || pending.size >= MAX_PENDING_UPGRADES) return;
  pending.add(id);
  // One at a time: the thread pool also serves file reads.
  queue = queue.then(async () => {
    try {
      const bytes = await compressOffLoop(await identityBodyOffLoop(page), coding, BEST[coding]);
      page.encoded[coding] = { bytes, best: true };
      done();
    } catch (error) {
      console.error(`[page-cache] compressing a page with ${coding} failed; the fast form stays`, error);
    } finally {
      pending.delete(id);
    }
  });
}

/**
 * The page's body in `coding`: made now at the fast level the first time it
 * is asked for, when the page drops its uncompressed body; on a
 * reused page, also made at the best level in the background. `changed` is
 * told when the page's stored size changed.
 */
export function encodedBody(page: CachedPage, coding: ContentCoding, changed: () => void): Bytes {
  let encoded = page.encoded[coding];
  if (!encoded) {
    encoded = keepFastForm(page, coding, compressNow(identityBody(page), coding));
    changed();
  }
  if (!encoded.best && page.uses > 1) upgrade(page, coding, changed);
  return encoded.bytes;
}

/** Keeps `bytes`, made at the fast level, as the page's form in `coding`, and drops its uncompressed body. */
function keepFastForm(page: CachedPage, coding: ContentCoding, bytes: Bytes): Encoded {
  const encoded = (page.encoded[coding] = { bytes, best: FAST[coding] === BEST[coding] });
  page.body = null;
  return encoded;
}

/** Resolves when the background upgrades asked for so far are done (tests, benchmarks). */
export function upgradesSettled(): Promise<void> {
  return queue;
}

/**
 * From this size on, the form an answer needs is made in libuv's thread pool
 * before the answer is written, not on the event loop while writing it. A
 * version's llms-full.txt at a thousand pages is 4 MB: brotli 4 or gzip 9 of
 * it held every other request for a tenth of a second or more. A docs page
 * (50 to 80 KB) stays on the event loop, where its fraction of a millisecond
 * costs less than a trip to the pool.
 */
export const LARGE_BODY_BYTES = 256 * 1024;

/** Whether answering `page` in `encoding` would first have to make a form of a large body. */
export function needsForm(page: CachedPage, encoding: ContentCoding | "identity"): boolean {
  if (page.length < LARGE_BODY_BYTES) return false;
  return encoding === "identity" ? page.body === null : page.encoded[encoding] === undefined;
}

/** Forms being made, by page and encoding: requests that need one at the same time wait for the same work. */
const making = new Map<string, Promise<void>>();

/**
 * Makes, off the event loop, the form of a large `page` that an answer in
 * `encoding` needs (see needsForm), as encodedBody and uncompressedBody would
 * on it: the fast level, the uncompressed body dropped once a compressed form
 * exists. `changed` is told when the page's stored size changed.
 */
export function formReady(page: CachedPage, encoding: ContentCoding | "identity", changed: () => void): Promise<void> {
  if (!needsForm(page, encoding)) return Promise.resolve();
  const id = `${page.etag}\n${encoding}`;
  let made = making.get(id);
  if (!made) {
    made = makeForm(page, encoding)
      .then(changed)
      .finally(() => making.delete(id));
    making.set(id, made);
  }
  return made;
}

async function makeForm(page: CachedPage, encoding: ContentCoding | "identity"): Promise<void> {
  const body = await identityBodyOffLoop(page);
  if (encoding === "identity") {
    page.body = body;
    return;
  }
  keepFastForm(page, encoding, await compressOffLoop(body, encoding, FAST[encoding]));
}
