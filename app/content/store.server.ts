import { constants, copyFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { json } from "@remix-run/node";
import type { ApiPageContent } from "~/api-reference/types";
import { joinedApiReference, type ApiPageBody, type ApiReferenceHead, type ApiSpecTexts } from "./api-records.server";
import { LIVE_CONTENT } from "~/http/guard-contract";
import { Lru } from "~/lib/lru";
import type { CompoundHolders } from "~/search/compound-holders";
import { joinedPart, joinedParts } from "~/search/parts";
import { PackError, PackReader, type RecordRef } from "./pack.server";
import type { ContentProblem, ContentProblemData, ProblemPlace } from "./problems";
import { searchRecordsOf, type PartReader, type StoredSearch } from "./search-records.server";
import type { CompiledPage, CompiledPartial, SiteContent, VersionContent } from "./types";

/** Written by `npm run build:content`, relative to the working directory: one pack file (app/content/pack.server.ts). */
export const SITE_CONTENT_FILE = "build/content/site.pack";

/**
 * Everything but the pages, the search index and the API references: read at
 * start and kept. Its versions carry `api: null`; each reference is a record
 * of its own (`SiteIndex.apis`), read when a page of it is asked for.
 */
export type SiteShell = Omit<SiteContent, "pages" | "search">;

/** The pack format this server reads; bumped whenever the index or a record changes shape. */
export const PACK_FORMAT = 11;

/** What a server knows of a page without reading it. */
export interface PageSummary {
  url: string;
  kind: CompiledPage["kind"];
  version: string | null;
  lastUpdated: string | null;
}

/** The pack's index (app/content/pack.server.ts). */
export interface SiteIndex {
  format: typeof PACK_FORMAT;
  buildId: string;
  shell: RecordRef;
  /**
   * Each version's API reference, by version id: about 1.7 MB of JSON each,
   * so a shell that held them all grew with every release (18 MB at ten).
   */
  apis: Record<string, StoredApi>;
  /**
   * Each docs version's search index, by version id: its head and its
   * documents' table are read at the first search in that version, a
   * document when a query shows it or checks its words, a block of postings
   * when a query needs one of its terms.
   */
  search: Record<string, StoredSearch>;
  /** Which versions hold each compound term (app/search/compound-holders.ts): read at the first search for one. */
  compounds: RecordRef;
  pages: Record<string, [...RecordRef, kind: CompiledPage["kind"], version: string | null, lastUpdated: string | null]>;
}

/**
 * Where one version's API reference lies in the pack, and the addresses of
 * its pages below the overview (its tags' and the models page): every API
 * page names the same page in each other version, and reading each version's
 * reference to know whether it has that page cost 8 ms a version, at every
 * render of an API page.
 */
export interface StoredApi {
  /** The overview, the navigation and each page's title and address (app/content/api-records.server.ts). */
  reference: RecordRef;
  /** Each page's anchors and Markdown below the overview: its tags' pages in order, then the models page. */
  bodies: RecordRef[];
  /** The same pages' HTML, each a record of UTF-8 bytes (PackReader.bytes). */
  html: RecordRef[];
  /** The spec's YAML and JSON texts. */
  spec: RecordRef;
  /** The addresses of its tags' pages and of the models page (the overview's is the version's `apiUrl`). */
  pages: string[];
}

/** Pages kept parsed, by the bytes of their records: what readers open often stays, memory stays bounded. */
const PAGE_CACHE_BYTES = 6 * 1024 * 1024;
/** Parts of API references kept parsed (heads, pages' bodies, spec texts), by the bytes of their records. */
const API_CACHE_BYTES = 6 * 1024 * 1024;

type LiveView = { current(): { content: SiteContent | null; problems: ContentProblem[] | null } | null };

// Under `npm run dev`, the content the app server compiles live (scripts/dev/app-server.mjs), kept outside the
// server build, which is reloaded whenever app code changes.
const liveState = () => ((globalThis as Record<symbol, unknown>)[LIVE_CONTENT] as LiveView | undefined)?.current() ?? null;

const problemResponse = (problems: ContentProblem[]) =>
  json<ContentProblemData>({ contentProblems: problems }, { status: 500, headers: { "Cache-Control": "no-store" } });

interface Opened {
  content: SiteContent;
  index: SiteIndex;
  mtimeMs: number;
  reader: PackReader<SiteIndex>;
}

let opened: Opened | null = null;

/**
 * The content of a pack as a SiteContent whose `pages` reads each page on
 * demand (through a bounded cache) and whose `search` reads the index each
 * time it is asked for (its user keeps what it builds from it).
 */
export function openSiteContent(file: string, options: { privateCopy?: boolean } = {}): { content: SiteContent; index: SiteIndex; reader: PackReader<SiteIndex> } {
  const reader = options.privateCopy ? openPrivateCopy(file) : new PackReader<SiteIndex>(file);
  const { index } = reader;
  if (index.format !== PACK_FORMAT) {
    reader.close();
    throw new PackError(file, `has format ${String(index.format)}, and this server reads format ${PACK_FORMAT}`);
  }
  const shell = reader.record<SiteShell>(index.shell);
  /** A record read once (parsed, unless `read` says otherwise) and kept in `cache`, weighed by its stored bytes, while there is room. */
  const cachedRecord = <T>(cache: Lru<string, T>, key: string, ref: RecordRef, read = (at: RecordRef) => reader.record<T>(at)): T => {
    const cached = cache.get(key);
    if (cached) return cached;
    const value = read(ref);
    cache.set(key, value, ref[1]);
    return value;
  };
  // Heads, page bodies and spec texts of the versions' API references, by version and part.
  const apiParts = new Lru<string, unknown>(API_CACHE_BYTES);
  const joinedApis = new WeakMap<ApiReferenceHead, ApiPageContent>();
  const loadApi = (version: string): ApiPageContent | null => {
    const stored = Object.hasOwn(index.apis, version) ? index.apis[version] : undefined;
    if (!stored) return null;
    const part = <T>(name: string, ref: RecordRef) => cachedRecord(apiParts as Lru<string, T>, `${version} ${name}`, ref);
    const head = part<ApiReferenceHead>("head", stored.reference);
    // One reference object while its head is kept: callers may read `entry.api` many times a request.
    let api = joinedApis.get(head);
    if (!api) {
      api = joinedApiReference(head, {
        body: (page) => part<ApiPageBody>(`page ${page}`, stored.bodies[page]!),
        html: (page) => cachedRecord(apiParts as Lru<string, Buffer>, `${version} html ${page}`, stored.html[page]!, (at) => reader.bytes(at)),
        spec: () => part<ApiSpecTexts>("spec", stored.spec),
      });
      joinedApis.set(head, api);
    }
    return api;
  };
  // Callers read `entry.api` as when the shell held every reference.
  const versions = shell.versions.map((entry) => {
    const lazy = Object.defineProperty({ ...entry }, "api", { get: () => loadApi(entry.version.id), enumerable: true });
    const stored = Object.hasOwn(index.apis, entry.version.id) ? index.apis[entry.version.id] : undefined;
    storedApiPages.set(lazy, stored ? new Set(stored.pages) : null);
    return lazy;
  });
  const cache = new Lru<string, CompiledPage>(PAGE_CACHE_BYTES);
  const pageRef = (url: string): RecordRef | undefined => {
    const entry = Object.hasOwn(index.pages, url) ? index.pages[url] : undefined;
    return entry && [entry[0], entry[1], entry[2]];
  };
  const load = (url: string): CompiledPage | undefined => {
    const ref = pageRef(url);
    return ref ? cachedRecord(cache, url, ref) : undefined;
  };
  // Callers index `pages` as the record it was when the whole site was one JSON file.
  const pages = new Proxy({} as Record<string, CompiledPage>, {
    get: (_, key) => (typeof key === "string" ? load(key) : undefined),
    has: (_, key) => typeof key === "string" && Object.hasOwn(index.pages, key),
    ownKeys: () => Object.keys(index.pages),
    getOwnPropertyDescriptor: (_, key) =>
      typeof key === "string" && Object.hasOwn(index.pages, key) ? { get: () => load(key), enumerable: true, configurable: true } : undefined,
  });
  const { readPart, holders } = searchRecordsOf(reader, index);
  const content: SiteContent = {
    ...shell,
    versions,
    pages,
    // Every version's index at once: for scripts and tests; a server's search reads one part at a time.
    get search() {
      return joinedParts(
        Object.keys(index.search).map((version) => {
          const { source } = readPart(version)!;
          const blocks = source.head.blockEnds.map((_, n) => source.block(n));
          const documents = source.head.pages.map((_, id) => source.document(id)!);
          return joinedPart({ head: source.head, documents, blocks });
        }),
      );
    },
  };
  searchParts.set(content, readPart);
  passingPages.set(content, (url) => {
    const ref = pageRef(url);
    return ref ? (cache.get(url) ?? reader.record<CompiledPage>(ref)) : undefined;
  });
  storedSummaries.set(content, () =>
    Object.entries(index.pages).map(([url, entry]) => ({ url, kind: entry[3], version: entry[4], lastUpdated: entry[5] })),
  );
  storedCompounds.set(content, holders);
  return { content, index, reader };
}

/** Each version of a pack's content: the addresses of its API pages below the overview, null without a reference. */
const storedApiPages = new WeakMap<VersionContent, ReadonlySet<string> | null>();

/** The addresses of an API reference's pages below its overview: its tags' pages and the models page. */
export function apiSubpages(api: ApiPageContent): string[] {
  return [...api.tags.map((tag) => tag.url), api.models.url];
}

/** Whether a version has an API reference, without reading it from the store. */
export function hasApiReference(entry: VersionContent): boolean {
  const stored = storedApiPages.get(entry);
  return stored === undefined ? entry.api !== null : stored !== null;
}

/** Whether `url` is a page of a version's API reference (its overview, a tag's page, the models page), without reading it from the store. */
export function isApiPage(entry: VersionContent, url: string): boolean {
  const stored = storedApiPages.get(entry);
  if (stored === undefined) {
    const { api } = entry;
    return api !== null && (url === entry.version.apiUrl || apiSubpages(api).includes(url));
  }
  return stored !== null && (url === entry.version.apiUrl || stored.has(url));
}

/** How a pack's content lists its pages from the pack's index (see pageSummaries). */
const storedSummaries = new WeakMap<object, () => PageSummary[]>();

/**
 * Every page's address, kind, version and date. Content from a pack lists
 * them from its index, without reading a page: reading each would hold the
 * whole site at once (tens of thousands of pages), more than the heap.
 */
export function pageSummaries(content: Pick<SiteContent, "pages">): PageSummary[] {
  const stored = storedSummaries.get(content);
  if (stored) return stored();
  return Object.values(content.pages).map(({ url, kind, version, lastUpdated }) => ({ url, kind, version, lastUpdated }));
}

/** How a pack's content reads a page without keeping it (see pageInPassing). */
const passingPages = new WeakMap<object, (url: string) => CompiledPage | undefined>();

/**
 * The page at `url`, for a file made of many pages (`llms.txt`,
 * `llms-full.txt`): read from the pack without being kept, unless it already
 * is. Made through the pages' cache, a version's thousand pages pushed out
 * the pages readers were opening, and each stayed in the heap long enough to
 * be moved to its old generation.
 */
export function pageInPassing(content: Pick<SiteContent, "pages">, url: string): CompiledPage | undefined {
  const read = passingPages.get(content);
  return read ? read(url) : content.pages[url];
}

/** How the search of a pack's content reads one version's index (see searchPartReader). */
const searchParts = new WeakMap<object, PartReader>();

/** How the search of a pack's content reads its record of compound terms (see compoundHoldersReader). */
const storedCompounds = new WeakMap<object, () => CompoundHolders>();

/**
 * Reads, once, which versions hold each compound term, from the pack
 * `content` was opened from; undefined for content that is not from a pack,
 * whose versions' indexes are in memory anyway.
 */
export function compoundHoldersReader(content: object) {
  return storedCompounds.get(content);
}

/**
 * Reads one version's search index, with its stored size, from the pack
 * `content` was opened from; undefined for content that is not from a pack
 * (in memory: the build's, or development's).
 */
export function searchPartReader(content: object) {
  return searchParts.get(content);
}

/**
 * Opens a copy of `file` made for this process and removed from its folder
 * at once (the open descriptor keeps it). A deploy that renames a new pack
 * over the old one would leave the old one readable anyway; one that writes
 * over it in place, truncates it or copies a new build onto it would not, and
 * the copy makes those harmless too. The copy is made by the kernel beside
 * the original: a copy-on-write clone where the file system has them (XFS,
 * Btrfs: instant, whatever the pack's size), else copy_file_range (about a
 * second for the 10,000-page benchmark's 475 MB); where that folder is
 * read-only, the original is opened as it is.
 */
function openPrivateCopy(file: string): PackReader<SiteIndex> {
  const copy = `${file}.${process.pid}.open`;
  try {
    copyFileSync(file, copy, constants.COPYFILE_FICLONE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new PackError(file, "cannot be opened (ENOENT)");
    return new PackReader<SiteIndex>(file);
  }
  try {
    return new PackReader<SiteIndex>(copy);
  } finally {
    rmSync(copy, { force: true });
  }
}

function open(file: string, mtimeMs: number): Opened {
  try {
    return { ...openSiteContent(file, { privateCopy: process.env.NODE_ENV !== "development" }), mtimeMs };
  } catch (error) {
    throw new Error(`compiled content is missing or unreadable at ${file}: run "npm run build" first (${(error as Error).message})`, { cause: error });
  }
}

/** Development: the live content, or the content's mistakes thrown as a 500 the root error page shows. */
function liveContent(): SiteContent | null {
  const state = liveState();
  if (!state) return null;
  if (state.content) return state.content;
  throw problemResponse(state.problems ?? []);
}

/**
 * Development: the content's mistakes that show at `place` (a page, a
 * version's sidebar or API pages); none in production, whose build refuses
 * every mistake.
 */
export function liveProblems(place: ProblemPlace): ContentProblem[] {
  if (process.env.NODE_ENV !== "development") return [];
  return (liveState()?.problems ?? []).filter((problem) => problem.place === place);
}

/** Development: throws the error page of the mistakes at `place`, if it has any. */
export function throwLiveProblems(place: ProblemPlace): void {
  const problems = liveProblems(place);
  if (problems.length) throw problemResponse(problems);
}

function openedStore(): Opened {
  if (opened && process.env.NODE_ENV !== "development") return opened;
  const file = join(process.cwd(), SITE_CONTENT_FILE);
  const mtimeMs = process.env.NODE_ENV === "development" ? statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0 : 0;
  if (!opened || opened.mtimeMs !== mtimeMs) {
    const next = open(file, mtimeMs);
    opened?.reader.close();
    opened = next;
  }
  return opened;
}

/** What the search thread reads the opened pack's search records through (app/search/thread.server.ts). */
export interface SharedPack {
  /** The open pack's descriptor: threads share a process's descriptors, so a thread reads this very file. */
  descriptor: number;
  /** The pack's name, for messages. */
  file: string;
  search: SiteIndex["search"];
  compounds: RecordRef;
}

/**
 * The pack this production server opened (opening it now if it has not),
 * for the search thread. Null in development, whose content changes under
 * the server, and when the pack cannot be read. Production never closes or
 * reopens its pack, so the descriptor stays valid for the life of the process.
 */
export function sharedPack(): SharedPack | null {
  if (process.env.NODE_ENV !== "production") return null;
  let store: Opened;
  try {
    store = openedStore();
  } catch {
    return null;
  }
  const { reader, index } = store;
  return { descriptor: reader.descriptor, file: SITE_CONTENT_FILE, search: index.search, compounds: index.compounds };
}

/**
 * The compiled site content. In production the pack is opened once per
 * process (its descriptor kept, so a deploy that replaces the file changes
 * nothing here) and pages are read from it as they are asked for. In
 * development it is the content that `npm run dev` compiles live; without that
 * (a bare `remix dev`), the pack is opened again whenever the build rewrites it.
 */
export function getSiteContent(): SiteContent {
  if (process.env.NODE_ENV === "development") {
    const live = liveContent();
    if (live) return live;
  }
  return openedStore().content;
}

export function findPage(url: string): CompiledPage | undefined {
  const content = getSiteContent();
  // A page with a mistake shows it, in its place only: the rest of the site keeps working.
  throwLiveProblems(`page:${url}`);
  return content.pages[url];
}

/**
 * A partial (content/partials/<slug>.mdx) from the first of `sources` that has
 * it; in development, a mistake in it is the error page of the pages that show
 * it, and of no other.
 */
export function findPartial(slug: string, ...sources: Record<string, CompiledPartial>[]): CompiledPartial | undefined {
  throwLiveProblems(`partial:${slug}`);
  for (const partials of sources) if (partials[slug]) return partials[slug];
  return undefined;
}

/**
 * Like findPage, but undefined rather than a thrown error while the content cannot be read
 * (a development mistake, a missing build): for response headers, whose page's loader reports the failure.
 */
export function findPageIfBuilt(url: string): CompiledPage | undefined {
  try {
    return findPage(url);
  } catch {
    return undefined;
  }
}

/** The kind of the page at `url` ("doc" or "page"), undefined when there is none; read from the index, not the page. */
export function pageKind(url: string): CompiledPage["kind"] | undefined {
  const content = getSiteContent();
  if (opened?.content === content) return Object.hasOwn(opened.index.pages, url) ? opened.index.pages[url]![3] : undefined;
  return content.pages[url]?.kind;
}
