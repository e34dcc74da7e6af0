// The search index as the build writes it, and the answers the server gives.
// Shared by the build, the server and the browser (the dialog reads the JSON
// answers), so nothing here may import server code.

import type { AsPlainObject } from "minisearch";

/** One searchable slice: a section of a guide page, an API operation or an API tag. */
export interface SearchDocument {
  kind: "guide" | "api";
  /** Id of the docs version it belongs to ("next", "24.05.08"). */
  version: string;
  /** Where the result leads: the page, with the section's or operation's fragment. */
  url: string;
  /** Results with the same key are one hit: a guide page, or one API operation. */
  group: string;
  /** The page title, or the operation's summary. */
  title: string;
  /** Where it lives: "User Guide › Features", "API Reference › Albums". */
  trail: string;
  /** The section heading; "" for the text before a page's first heading. */
  heading: string;
  /** "POST /v1/albums" for an API operation, else "". */
  endpoint: string;
  /** What the snippet is cut from: the section's prose, and its code apart; whitespace collapsed. */
  text: string;
  code: string;
}

export interface SearchIndexData {
  /** Changes when the tokenizer or the fields change, so an old index is never misread. */
  format: number;
  /** Display data of every version, version after version in the order of `versions`. */
  documents: SearchDocument[];
  /**
   * One index per docs version, over its `count` documents (the next ones in
   * `documents`; MiniSearch ids count from 0 in each): a search reads only
   * the versions it looks in, so a server holds what readers search, not
   * every release (docs/decisions/039-search-at-scale.md).
   */
  versions: { version: string; count: number; index: AsPlainObject }[];
}

/** One version's part of the index, as the content pack stores it and a server loads it. */
export interface VersionSearchData {
  format: number;
  version: string;
  /** Display data; MiniSearch document ids are positions in this list. */
  documents: SearchDocument[];
  index: AsPlainObject;
}

/** Text with the parts that matched the query marked, rendered as <mark> (never as HTML). */
export type Highlighted = { text: string; mark: boolean }[];

export interface SearchHit {
  kind: SearchDocument["kind"];
  /** Id of its docs version; the answer's `versions` has its label. */
  version: string;
  url: string;
  title: Highlighted;
  trail: string;
  /** The matching section's heading, null when the match is in the page's opening text. */
  section: Highlighted | null;
  /** Method and path of an API operation. */
  endpoint: { method: string; path: Highlighted } | null;
  snippet: Highlighted;
  /** True when the snippet comes from a code block. */
  snippetIsCode: boolean;
  /** Other sections of the same page that match, best first. */
  more: { url: string; heading: Highlighted }[];
}

/** A docs version as search names it. */
export interface SearchVersion {
  id: string;
  label: string;
  /** The current release: the one searched when a search names no version. */
  current: boolean;
}

/** Which versions a search looks in: one (the one being read), or all, that one's results first. */
export interface SearchScope {
  version: string;
  all: boolean;
}

export interface SearchAnswer {
  /** The scope searched; an unknown version was replaced by the current release. */
  scope: SearchScope;
  /** Every version, in menu order, for labels and the scope switch. */
  versions: SearchVersion[];
  /** The query as searched: trimmed, spaces collapsed, cut to the length cap. */
  query: string;
  /** True when the query was longer than the cap and was cut. */
  truncated: boolean;
  /** Number of hits found, of which `hits` holds the best ones (after the first `from`). */
  total: number;
  hits: SearchHit[];
  /** How many better hits came before `hits`, on the pages of results before this one (absent on the first). */
  from?: number;
  /** Versions that hold an identifier of the query exactly when the searched one does not (absent otherwise). */
  exactElsewhere?: SearchVersion[];
}
