// What a save sends from the content worker (scripts/dev/content-worker.mjs) to
// the app server (scripts/dev/app-server.mjs): only what changed in the site
// content since the state sent before, not the whole SiteContent. Cloning it
// all (pages, every version's API reference and search index) cost each save
// a quarter of a second or more on the server's own thread
// (docs/decisions/040-dev-server-speed.md). The worker's ContentDeltas makes
// the delta, applyContentDelta rebuilds the content from it on the server;
// tests/integration/content-delta.test.ts checks the result equals a fresh build.
//
// A delta names, beside the build id and the addresses of all pages and ids of
// all versions (in order: how removals travel): the pages that changed; per docs
// version, the fields that changed (navigation, API reference, …) and its
// search index and documents if they changed; build info, redirects and
// partials if they changed. The first content a worker sends is whole.
//
// A version's search index and documents travel as JSON text, and the server
// parses them at the first search after the save, not on arrival. As cloned
// objects they were tens of thousands of small ones: receiving them cost the
// server two young-generation collections of 35-40 ms each on every save,
// while the page waited for its data (measured with a GC observer, decision 040).

/** @typedef {import("../../app/content/types").SiteContent} SiteContent */
/** @typedef {import("../../app/content/types").CompiledPage} CompiledPage */
/** @typedef {import("../../app/content/types").VersionContent} VersionContent */
/** @typedef {import("../../app/search/types").SearchIndexData} SearchIndexData */
/**
 * One version's search part as sent: its index and documents as JSON text,
 * both left out when they did not change.
 *
 * @typedef {{ version: string, count: number, index?: string, documents?: string }} SearchPartMessage
 */
/** @typedef {{ format: number, versions: SearchPartMessage[] }} SearchMessage */
/**
 * @typedef {object} ContentDelta
 * @property {string} buildId
 * @property {SiteContent["build"]} [build]
 * @property {SiteContent["redirects"]} [redirects]
 * @property {SiteContent["partials"]} [partials]
 * @property {{ order: string[], changed: Record<string, CompiledPage> }} pages
 * @property {{ order: string[], changed: Record<string, Partial<VersionContent>> }} versions
 * @property {SearchMessage} search
 */
/** @typedef {{ whole: Omit<SiteContent, "search">, search: SearchMessage } | ContentDelta} ContentMessage */

import { createHash } from "node:crypto";

/** Top-level fields sent whole when they changed. */
const WHOLE = ["build", "redirects", "partials"];

/** One version's part of the search index: its MiniSearch index and its documents. */
function searchParts(/** @type {SearchIndexData} */ search) {
  let offset = 0;
  return search.versions.map(({ version, count, index }) => {
    const documents = search.documents.slice(offset, offset + count);
    offset += count;
    return { version, count, index, documents };
  });
}

/** A short hash of `value`'s JSON. */
const jsonHash = (value) => createHash("sha1").update(JSON.stringify(value)).digest("base64");

/** The worker's side: remembers what it sent (and, once compared, a hash of its JSON), to tell what changed. */
export class ContentDeltas {
  /** What the last delta sent or left alone, by key ("page /docs/x", "search next index", …). */
  #sent = new Map();

  /**
   * The delta from the content sent before to `content`: the whole content the
   * first time, and after a state without content (null: nothing to send).
   *
   * @param {SiteContent | null} content
   * @returns {ContentMessage | null}
   */
  delta(content) {
    const before = this.#sent;
    const sent = new Map();
    this.#sent = sent;
    if (!content) return null;
    /**
     * Whether `value` changed from what was sent under `key`, remembered for the
     * next delta: not when it is the same object (an unchanged page's record
     * and the API reference, which the build session keeps) or has the same
     * JSON (navigation, which a build makes anew); always when nothing was sent
     * under that key. The JSON is compared by its hash: kept whole for every
     * page, it added 300 MB to the worker's 1.6 GB heap at 10,000 pages. A
     * hash is made only when a value is compared, for the value sent before
     * and the new one: hashing every page of the first, whole state took 3.9 s
     * of the dev server's start at 10,000 pages, for pages that are mostly
     * never saved. A search index is compared by object alone: the search
     * session hands back an untouched one as is, and a new one is all but
     * certain to differ (its JSON took 30 ms to compare).
     */
    const changed = (key, value, byObject) => {
      const previous = before.get(key);
      if (previous?.value === value) {
        sent.set(key, previous);
        return false;
      }
      const entry = { value, hash: null };
      sent.set(key, entry);
      if (byObject || !previous) return true;
      previous.hash ??= jsonHash(previous.value);
      entry.hash = jsonHash(value);
      return previous.hash !== entry.hash;
    };
    const pick = (object, keyOf) =>
      Object.fromEntries(Object.entries(object).filter(([key, value]) => changed(keyOf(key), value)));

    const delta = {
      buildId: content.buildId,
      ...pick(Object.fromEntries(WHOLE.map((field) => [field, content[field]])), (field) => field),
      pages: { order: Object.keys(content.pages), changed: pick(content.pages, (url) => `page ${url}`) },
      versions: {
        order: content.versions.map((entry) => entry.version.id),
        changed: Object.fromEntries(
          content.versions
            .map((entry) => [entry.version.id, pick(entry, (field) => `version ${entry.version.id} ${field}`)])
            .filter(([, fields]) => Object.keys(fields).length),
        ),
      },
      search: {
        format: content.search.format,
        // Documents are made from the same page entries as the index, so they change with it: the
        // search session hands back an untouched version's index as the same object.
        versions: searchParts(content.search).map(({ version, count, index, documents }) =>
          changed(`search ${version} index`, index, true)
            ? { version, count, index: JSON.stringify(index), documents: JSON.stringify(documents) }
            : { version, count },
        ),
      },
    };
    if (before.size) return delta;
    const { search: _search, ...whole } = content;
    return { whole, search: delta.search };
  }
}

/** The JSON text each server-side search object was made from, for the deltas after it. */
const searchText = new WeakMap();

/**
 * The search index `parts` describe, parsed at the first read of its documents
 * or versions (the first search after a save), not when the save arrives.
 *
 * @param {number} format
 * @param {Required<SearchPartMessage>[]} parts
 * @returns {SearchIndexData}
 */
function lazySearch(format, parts) {
  /** @type {Omit<SearchIndexData, "format"> | undefined} */
  let parsed;
  const parse = () =>
    (parsed ??= {
      documents: parts.flatMap((part) => JSON.parse(part.documents)),
      versions: parts.map(({ version, count, index }) => ({ version, count, index: JSON.parse(index) })),
    });
  const search = {
    format,
    get documents() {
      return parse().documents;
    },
    get versions() {
      return parse().versions;
    },
  };
  searchText.set(search, parts);
  return search;
}

/**
 * The server's side: the content `message` describes, made from the content
 * before it. Unchanged pages and versions are the previous objects themselves.
 *
 * @param {SiteContent | null} previous
 * @param {ContentMessage | null} message
 * @returns {SiteContent | null}
 */
export function applyContentDelta(previous, message) {
  if (!message) return null;
  const textBefore = new Map(
    (previous ? (searchText.get(previous.search) ?? []) : []).map((part) => [part.version, part]),
  );
  const parts = message.search.versions.map((part) => {
    if (part.index !== undefined) return part;
    const kept = textBefore.get(part.version);
    if (!kept)
      throw new Error(`a content delta left out the search index of ${part.version}, which the server never had`);
    return kept;
  });
  const search = lazySearch(message.search.format, parts);
  if (message.whole) return { ...message.whole, search };
  if (!previous) throw new Error("a content delta came without the content it applies to");
  const delta = message;
  const versionsBefore = new Map(previous.versions.map((entry) => [entry.version.id, entry]));
  return {
    buildId: delta.buildId,
    build: delta.build ?? previous.build,
    pages: Object.fromEntries(delta.pages.order.map((url) => [url, delta.pages.changed[url] ?? previous.pages[url]])),
    redirects: delta.redirects ?? previous.redirects,
    partials: delta.partials ?? previous.partials,
    versions: delta.versions.order.map((id) =>
      delta.versions.changed[id]
        ? { ...versionsBefore.get(id), ...delta.versions.changed[id] }
        : versionsBefore.get(id),
    ),
    search,
  };
}
