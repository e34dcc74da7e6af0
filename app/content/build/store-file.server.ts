import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { compoundHolders, compoundTerms } from "~/search/compound-holders";
import { splitPart, versionParts } from "~/search/parts";
import type { VersionSearchData } from "~/search/types";
import { MAX_VERSION_INDEX_BYTES } from "~/search/site-search.server";
import { PackWriter, RecordRun, shiftedRef, type RecordRef } from "../pack.server";
import { apiSubpages, openSiteContent, PACK_FORMAT, type SiteIndex, type SiteShell, type StoredApi } from "../store.server";
import type { StoredSearch } from "../search-records.server";
import type { ApiPageContent } from "~/api-reference/types";
import { plainApiReference, splitApiReference } from "../api-records.server";
import type { CompiledPage, SiteContent } from "../types";

/**
 * The largest shell (versions, navigation, partials) a server with a 128 MB
 * heap takes (it is read at start; an API reference and a version's search
 * index are records of their own, with their own limits). Past these, the
 * build fails rather than the server.
 */
const MAX_SHELL_BYTES = 16 * 1024 * 1024;
/** One version's API reference as a server holds it at once: its head, a page's body and the spec's texts (today's largest: about 0.7 MB of 1.7). */
const MAX_API_BYTES = 6 * 1024 * 1024;

function fits(what: string, bytes: number, max: number, which = ""): void {
  if (bytes > max) {
    throw new Error(
      `the compiled ${what} is ${Math.round(bytes / 1048576)} MB, more than the ${max / 1048576} MB a server with a 128 MB heap can hold${which}; ` +
        `build fewer versions or pages into one site`,
    );
  }
}

/** One docs version's records: its pages (the current release's carry the standalone pages too), its search index and its API reference. */
export interface VersionRecords {
  version: string;
  pages: CompiledPage[];
  search: VersionSearchData | null;
  api: ApiPageContent | null;
}

/** Where a version's records lie in their run, counted from its first byte. */
export interface VersionRecordRefs {
  version: string;
  api: StoredApi | null;
  search: StoredSearch | null;
  /** The compound terms of its search index (compoundTerms): the site's record of them is made from every version's. */
  compounds: string[];
  pages: [url: string, ref: RecordRef, kind: CompiledPage["kind"], version: string | null, lastUpdated: string | null][];
}

/** A version's records as bytes, ready to be appended to a pack: made now, or kept in a file by the last build. */
export interface VersionRun {
  bytes: Buffer | { file: string; length: number };
  refs: VersionRecordRefs;
}

/** A version's API reference in its parts (app/content/api-records.server.ts), each a record. */
function apiRecords(run: RecordRun, api: ApiPageContent, version: string): StoredApi {
  const { head, bodies, html, spec } = splitApiReference(api);
  const stored: StoredApi = {
    reference: run.add(head),
    bodies: bodies.map((body) => run.add(body)),
    html: html.map((text) => run.add(Buffer.from(text, "utf8"))),
    spec: run.add(spec),
    pages: apiSubpages(api),
  };
  // What a server holds at once: the head, a page's body and HTML and, for the spec's files, its texts.
  const largest = Math.max(...stored.bodies.map(([, bytes], n) => bytes + stored.html[n]![1]));
  fits("API reference", stored.reference[1] + largest + stored.spec[1], MAX_API_BYTES, ` (version ${version})`);
  return stored;
}

/**
 * A version's records laid out as the pack stores them. Fails, naming the
 * version, when its API reference or loaded search index would not fit a
 * server's heap (measured on the bytes written, not serialised twice).
 */
export function versionRun({ version, pages, search, api }: VersionRecords): VersionRun {
  const run = new RecordRun();
  const apiRefs = api ? apiRecords(run, api, version) : null;
  let searchRefs: StoredSearch | null = null;
  let compounds: string[] = [];
  if (search) {
    const { head, documents, blocks, order } = splitPart(search);
    compounds = compoundTerms(head.terms);
    const list = run.addList(documents);
    searchRefs = { head: run.add(head), documents: list.table, blocks: run.addList(blocks).table, order: run.add(order) };
    // What a server loads at the first search in a version: its head and the tables of documents and blocks, then a
    // document or a block at a time (the postings, and the other documents, stay on disk).
    const tables = list.table[1] + searchRefs.blocks[1];
    fits("search index", searchRefs.head[1] + tables + list.longest, MAX_VERSION_INDEX_BYTES, ` (version ${version})`);
  }
  const pageRefs = pages.map((page): VersionRecordRefs["pages"][number] => [page.url, run.add(page), page.kind, page.version, page.lastUpdated]);
  return { bytes: run.bytes(), refs: { version, api: apiRefs, search: searchRefs, compounds, pages: pageRefs } };
}

/**
 * Writes a pack: the shell (versions, navigation, partials), then each
 * version's run of records as it comes (made now or kept from the last
 * build), then the record of the site's compound terms
 * (app/search/compound-holders.ts) and the index. Returns the file's size and
 * the pages written. Nothing is left behind when a version fails.
 */
export function writePack(file: string, shell: SiteShell, runs: Iterable<VersionRun>): { bytes: number; pages: number } {
  const stored: SiteShell = { ...shell, versions: shell.versions.map((entry) => ({ ...entry, api: null })) };
  fits("shell (versions, navigation, partials)", Buffer.byteLength(JSON.stringify(stored)), MAX_SHELL_BYTES);
  mkdirSync(dirname(file), { recursive: true });
  const writer = new PackWriter<SiteIndex>(file);
  try {
    const index: Omit<SiteIndex, "compounds"> = { format: PACK_FORMAT, buildId: shell.buildId, shell: writer.add(stored), apis: {}, search: {}, pages: {} };
    let pages = 0;
    const compounds: { version: string; compounds: string[] }[] = [];
    for (const { bytes, refs } of runs) {
      const base = writer.append(bytes);
      if (refs.api) {
        const { reference, bodies, html, spec, pages: apiPages } = refs.api;
        index.apis[refs.version] = {
          reference: shiftedRef(reference, base),
          bodies: bodies.map((body) => shiftedRef(body, base)),
          html: html.map((page) => shiftedRef(page, base)),
          spec: shiftedRef(spec, base),
          pages: apiPages,
        };
      }
      if (refs.search) {
        const { head, documents, blocks, order } = refs.search;
        index.search[refs.version] = {
          head: shiftedRef(head, base),
          documents: shiftedRef(documents, base),
          blocks: shiftedRef(blocks, base),
          order: shiftedRef(order, base),
        };
        compounds.push({ version: refs.version, compounds: refs.compounds });
      }
      for (const [url, ref, kind, version, lastUpdated] of refs.pages) index.pages[url] = [...shiftedRef(ref, base), kind, version, lastUpdated];
      pages += refs.pages.length;
    }
    return { bytes: writer.finish({ ...index, compounds: writer.add(compoundHolders(compounds)) }), pages };
  } catch (error) {
    writer.abandon();
    throw error;
  }
}

/** Writes content held whole in memory as the pack the server opens (app/content/store.server.ts). Returns the file's size. */
export function writeSiteContent(file: string, content: SiteContent): number {
  const { pages, search, ...shell } = content;
  const current = content.versions.find((entry) => entry.version.status === "current")!.version.id;
  const parts = new Map(versionParts(search).map((part) => [part.version, part]));
  const runs = content.versions.map(({ version, api }) =>
    versionRun({
      version: version.id,
      // A standalone page (no version) is written in the current release's run.
      pages: Object.values(pages).filter((page) => (page.version ?? current) === version.id),
      search: parts.get(version.id) ?? null,
      api,
    }),
  );
  return writePack(file, shell, runs).bytes;
}

/** The whole content of a pack as plain data, every page read (for scripts and tests, not for a server). */
export function readWholeSiteContent(file: string): SiteContent {
  const { content, reader } = openSiteContent(file);
  try {
    const versions = content.versions.map((entry) => ({ ...entry, api: entry.api && plainApiReference(entry.api) }));
    return { ...content, versions, pages: Object.fromEntries(Object.keys(content.pages).map((url) => [url, content.pages[url]!])), search: content.search };
  } finally {
    reader.close();
  }
}
