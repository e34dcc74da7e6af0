import { createHash } from "node:crypto";
import MiniSearch, { type AsPlainObject } from "minisearch";
import type { ApiReference } from "~/api-reference/build/operations";
import { markdownAsText } from "~/api-reference/build/markdown.server";
import { tagPageUrl } from "~/api-reference/addresses";
import { categoryTrail } from "~/content/navigation.server";
import type { CompiledPage, NavItem } from "~/content/types";
import type { DocsVersion } from "~/content/versions";
import { INDEX_OPTIONS, SEARCH_INDEX_FORMAT, type IndexedFields } from "../index-options";
import { joinedParts } from "../parts";
import { savedIndex } from "./saved-index.server";
import type { SearchDocument, SearchIndexData, VersionSearchData } from "../types";

const API_TITLE = "API Reference";
const TRAIL_SEPARATOR = " › ";

/** Snippets are cut from single-line text; collapsing here saves it on every query. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

interface Entry {
  display: SearchDocument;
  indexed: Omit<IndexedFields, "id">;
}

function guideEntries(page: CompiledPage, navigation: NavItem[], version: string): Entry[] {
  const trail = (categoryTrail(navigation, page.slug) ?? []).join(TRAIL_SEPARATOR);
  return page.sections.map((section, i) => ({
    display: {
      kind: "guide",
      version,
      url: section.id ? `${page.url}#${section.id}` : page.url,
      group: page.url,
      title: page.title,
      trail,
      heading: section.heading,
      endpoint: "",
      text: oneLine(section.text),
      code: oneLine(section.code),
    },
    indexed: {
      title: page.title,
      heading: section.heading,
      endpoint: "",
      description: i === 0 ? page.description : "",
      text: section.text,
      code: section.code,
    },
  }));
}

function apiEntries(api: ApiReference, version: DocsVersion): Entry[] {
  const apiUrl = version.apiUrl;
  const page = (url: string, heading: string, description: string): Entry => {
    const text = markdownAsText(description);
    return {
      display: {
        kind: "api",
        version: version.id,
        url,
        group: apiUrl,
        title: API_TITLE,
        trail: "",
        heading,
        endpoint: "",
        text,
        code: "",
      },
      indexed: { title: API_TITLE, heading, endpoint: "", description: "", text, code: "" },
    };
  };
  return [
    page(apiUrl, "", api.description),
    ...api.groups.flatMap((group) => [
      page(tagPageUrl(apiUrl, group.tag), group.tag, group.description),
      ...group.operations.map((operation): Entry => {
        const url = `${tagPageUrl(apiUrl, group.tag)}#${operation.anchor}`;
        const endpoint = `${operation.method} ${operation.path}`;
        const text = markdownAsText(operation.description);
        const names = [
          ...operation.parameters.map((p) => p.name),
          ...(operation.requestBody?.fields.map((f) => f.name) ?? []),
          ...operation.responses.flatMap((r) => [
            ...(r.model ? [r.model] : []),
            ...(r.fields?.map((f) => f.name) ?? []),
          ]),
        ].join(" ");
        return {
          display: {
            kind: "api",
            version: version.id,
            url,
            group: url,
            title: operation.summary || endpoint,
            trail: `${API_TITLE}${TRAIL_SEPARATOR}${group.tag}`,
            heading: "",
            endpoint,
            text,
            code: "",
          },
          indexed: {
            title: "",
            heading: `${operation.summary} ${group.tag}`,
            endpoint,
            description: "",
            text,
            code: names,
          },
        };
      }),
    ]),
    ...api.models.map((model): Entry => {
      const url = `${apiUrl}/models#${model.name}`;
      const text = markdownAsText(model.description);
      const code = [model.name, ...model.fields.map((field) => field.name)].join(" ");
      return {
        display: {
          kind: "api",
          version: version.id,
          url,
          group: url,
          title: model.name,
          trail: `${API_TITLE}${TRAIL_SEPARATOR}Models`,
          heading: "",
          endpoint: "",
          text,
          code: "",
        },
        indexed: { title: model.name, heading: "Models", endpoint: "", description: "", text, code },
      };
    }),
  ];
}

export interface IndexedVersion {
  version: DocsVersion;
  navigation: NavItem[];
  reference: ApiReference | null;
}

/** The entries of one page or one version's API reference, under a key that changes whenever they would. */
interface EntryGroup {
  version: string;
  key: string;
  entries: () => Entry[];
}

const digest = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

/**
 * The digest of what `owner` (a page's record, an API reference) gives its
 * entries, made once per object: a development session hands back the same
 * record for an unchanged page, and a save then hashes the pages it changed,
 * not the text of all of them (a third of a second at 10,000 pages).
 */
const ownDigests = new WeakMap<object, string>();
function ownDigest(owner: object, parts: () => unknown): string {
  let made = ownDigests.get(owner);
  if (made === undefined) ownDigests.set(owner, (made = digest(parts())));
  return made;
}

function entryGroups(input: { pages: CompiledPage[]; versions: IndexedVersion[] }): EntryGroup[] {
  return input.versions.flatMap(({ version, navigation, reference }) => [
    ...input.pages
      .filter((page) => page.kind === "doc" && page.version === version.id)
      .map((page): EntryGroup => {
        const trail = categoryTrail(navigation, page.slug);
        return {
          version: version.id,
          key: digest([version.id, ownDigest(page, () => [page.url, page.title, page.description, page.sections]), trail]),
          entries: () => guideEntries(page, navigation, version.id),
        };
      }),
    ...(reference
      ? [
          {
            version: version.id,
            key: digest([version.id, version.apiUrl, ownDigest(reference, () => reference)]),
            entries: () => apiEntries(reference, version),
          },
        ]
      : []),
  ]);
}

/** What a version's built index is kept under: the indexing code's fingerprint, the format, the version and its entries. */
function partKey(code: string | undefined, version: string, own: EntryGroup[]): string {
  return digest([code, SEARCH_INDEX_FORMAT, version, own.map((group) => group.key)]);
}

/** Built version indexes kept across builds, by a key of everything they are made of. */
export interface SearchPartCache {
  read(key: string): VersionSearchData | null;
  write(key: string, value: VersionSearchData): void;
}

/**
 * The full-text index of every docs page (by section) and every API operation
 * of every version, built with the content, one index per version; each
 * document names its version. Standalone pages (the Markdown showcase) and
 * partials are not indexed: they are not answers a reader is looking for.
 *
 * Each version is indexed on its own. With a `cache`, a version whose entries
 * are all unchanged (and `code`, the fingerprint of the code that indexes,
 * too) is read back instead: after one edited page at 10,000 pages in ten
 * versions, one version is indexed again, not ten (17 s became 5 s).
 */
export function buildSearchIndex(
  input: { pages: CompiledPage[]; versions: IndexedVersion[] },
  cache?: { parts: SearchPartCache; code: string },
): SearchIndexData {
  const groups = entryGroups(input);
  return joinedParts(
    input.versions.map(({ version }) => {
      const own = groups.filter((group) => group.version === version.id);
      const key = partKey(cache?.code, version.id, own);
      const kept = cache?.parts.read(key);
      if (kept) return kept;
      // Ids are positions in `documents`, as a development session's first update gives them.
      const entries = own.flatMap((group) => group.entries());
      const built: VersionSearchData = {
        format: SEARCH_INDEX_FORMAT,
        version: version.id,
        documents: entries.map((entry) => entry.display),
        index: savedIndex(entries.map((entry, id) => ({ id, ...entry.indexed }))),
      };
      cache?.parts.write(key, built);
      return built;
    }),
  );
}

/**
 * Stands where a removed document was: MiniSearch ids are positions in
 * `documents`, so a removal leaves a place that no search can reach.
 */
const REMOVED: SearchDocument = {
  kind: "guide",
  version: "",
  url: "",
  group: "",
  title: "",
  trail: "",
  heading: "",
  endpoint: "",
  text: "",
  code: "",
};

/** One version's index in a session: MiniSearch ids are positions in its `documents`. */
class VersionIndex {
  index = new MiniSearch<IndexedFields>(INDEX_OPTIONS);
  documents: SearchDocument[] = [];
  groups = new Map<string, IndexedFields[]>();
  removed = 0;
}

/**
 * The search index of a development session (`npm run dev`), kept between
 * builds: a save re-indexes only the pages whose entries changed (removed,
 * then added under new ids) instead of every section of every version, which
 * took most of a save's rebuild. Searches answer as over a fresh index (removal
 * takes a document's terms out exactly); once removed places outnumber a
 * version's live documents, its index starts over, so memory stays bounded.
 * Each docs version has its own index, as in the pack (decision 039).
 */
export class SearchIndexSession {
  private versions = new Map<string, VersionIndex>();
  /**
   * Each version's index as the last build returned it: a version the save
   * did not touch gives the same object again, not a new serialisation, and
   * the dev server sends only what changed (scripts/dev/content-delta.mjs).
   */
  private serialised = new Map<string, AsPlainObject>();
  /** Versions taken whole from the builds' cache and not indexed in this session yet, with their key. */
  private readBack = new Map<string, { key: string; part: VersionSearchData }>();

  /**
   * @param built the production build's cache of version indexes: a version
   * whose entries a build already indexed is read back from it until a save
   * changes it, so a dev server's start does not index every version again
   * (13 s of a 10,000-page start). Indexing it fresh gives the same part.
   */
  constructor(private readonly built?: { parts: SearchPartCache; code: string }) {}

  update(input: { pages: CompiledPage[]; versions: IndexedVersion[] }): SearchIndexData {
    const wanted = entryGroups(input);
    const readBack = new Map<string, { key: string; part: VersionSearchData }>();
    const parts = input.versions.map(({ version: { id } }) => {
      const groups = wanted.filter((group) => group.version === id);
      const live = this.versions.get(id);
      if (!live && this.built) {
        const key = partKey(this.built.code, id, groups);
        const before = this.readBack.get(id);
        const part = before?.key === key ? before.part : this.built.parts.read(key);
        if (part) {
          readBack.set(id, { key, part });
          return { id, part, index: part.index };
        }
      }
      const { part, changed } = updatedVersion(live ?? new VersionIndex(), groups);
      const kept = changed ? undefined : this.serialised.get(id);
      return { id, part, index: kept ?? part.index.toJSON() };
    });
    this.readBack = readBack;
    this.versions = new Map(parts.flatMap(({ id, part }) => (part instanceof VersionIndex ? [[id, part] as const] : [])));
    this.serialised = new Map(parts.map(({ id, index }) => [id, index]));
    return {
      format: SEARCH_INDEX_FORMAT,
      documents: parts.flatMap(({ part }) => part.documents),
      versions: parts.map(({ id, part, index }) => ({ version: id, count: part.documents.length, index })),
    };
  }
}

/**
 * `part` brought to the `wanted` entry groups: the groups no longer wanted are
 * removed, the new ones added; once removed places outnumber its live
 * documents, the version starts over.
 */
function updatedVersion(start: VersionIndex, wanted: EntryGroup[]): { part: VersionIndex; changed: boolean } {
  let part = start;
  let changed = false;
  const keys = new Set(wanted.map((group) => group.key));
  for (const [key, indexed] of part.groups) {
    if (keys.has(key)) continue;
    part.index.removeAll(indexed);
    for (const { id } of indexed) part.documents[id] = REMOVED;
    part.removed += indexed.length;
    part.groups.delete(key);
    changed = true;
  }
  if (part.removed > part.documents.length - part.removed) part = new VersionIndex();
  for (const group of wanted) {
    if (part.groups.has(group.key)) continue;
    const indexed = group
      .entries()
      .map((entry) => ({ id: part.documents.push(entry.display) - 1, ...entry.indexed }));
    part.index.addAll(indexed);
    part.groups.set(group.key, indexed);
    changed = true;
  }
  return { part, changed };
}
