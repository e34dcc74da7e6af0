// What a save sends from the content worker (scripts/dev/content-worker.mjs) to
// the app server (scripts/dev/app-server.mjs): only what changed in the site
// content since the state sent before, not the whole SiteContent. Cloning it
// all (pages, every version's API reference and search index) cost each save
// a quarter of a second or more on the server's own thread
// (docs/decisions/040-dev-server-speed.md). The worker's ContentDeltas makes
// the delta, applyContentDelta rebuilds the content from it on the server;
// tests/unit/content-delta.test.ts checks the result equals a fresh build.
//
// A delta names, beside the build id and the addresses of all pages and ids of
// all versions (in order: how removals travel): the pages that changed; per docs
// version, the fields that changed (navigation, API reference, …) and its
// search index and documents if they changed; build info, redirects and
// partials if they changed. The first content a worker sends is whole.

/** @typedef {import("../../app/content/types").SiteContent} SiteContent */
/** @typedef {import("../../app/content/types").CompiledPage} CompiledPage */
/** @typedef {import("../../app/content/types").VersionContent} VersionContent */
/** @typedef {import("../../app/search/types").SearchIndexData} SearchIndexData */
/** @typedef {import("../../app/search/types").SearchDocument} SearchDocument */
/** @typedef {import("minisearch").AsPlainObject} AsPlainObject */
/**
 * @typedef {object} ContentDelta
 * @property {string} buildId
 * @property {SiteContent["build"]} [build]
 * @property {SiteContent["redirects"]} [redirects]
 * @property {SiteContent["partials"]} [partials]
 * @property {{ order: string[], changed: Record<string, CompiledPage> }} pages
 * @property {{ order: string[], changed: Record<string, Partial<VersionContent>> }} versions
 * @property {{ format: number, versions: { version: string, count: number, index?: AsPlainObject, documents?: SearchDocument[] }[] }} search
 */
/** @typedef {{ whole: SiteContent } | ContentDelta} ContentMessage */

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

/** The worker's side: remembers what it sent, as JSON, to tell what changed. */
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
     * next delta: not when it is the same object (the API reference the build
     * kept) or the same JSON (a build makes new objects for unchanged pages);
     * always when nothing was sent under that key. A search index is compared
     * by object alone: the search session hands back an untouched one as is,
     * and a new one is all but certain to differ (its JSON took 30 ms to compare).
     */
    const changed = (key, value, byObject) => {
      const previous = before.get(key);
      if (previous?.value === value) {
        sent.set(key, previous);
        return false;
      }
      const json = byObject ? null : JSON.stringify(value);
      sent.set(key, { value, json });
      return json === null || previous?.json !== json;
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
        versions: searchParts(content.search).map(({ version, count, index, documents }) => ({
          version,
          count,
          ...(changed(`search ${version} index`, index, true) ? { index } : {}),
          ...(changed(`search ${version} documents`, documents) ? { documents } : {}),
        })),
      },
    };
    return before.size ? delta : { whole: content };
  }
}

/**
 * The server's side: the content `delta` describes, made from the content
 * before it. Unchanged pages and versions are the previous objects themselves.
 *
 * @param {SiteContent | null} previous
 * @param {ContentMessage | null} delta
 * @returns {SiteContent | null}
 */
export function applyContentDelta(previous, delta) {
  if (!delta) return null;
  if (delta.whole) return delta.whole;
  if (!previous) throw new Error("a content delta came without the content it applies to");
  const versionsBefore = new Map(previous.versions.map((entry) => [entry.version.id, entry]));
  const searchBefore = new Map(searchParts(previous.search).map((part) => [part.version, part]));
  const searched = delta.search.versions.map(({ version, count, index, documents }) => ({
    version,
    count,
    index: index ?? searchBefore.get(version).index,
    documents: documents ?? searchBefore.get(version).documents,
  }));
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
    search: {
      format: delta.search.format,
      documents: searched.flatMap((part) => part.documents),
      versions: searched.map(({ version, count, index }) => ({ version, count, index })),
    },
  };
}
