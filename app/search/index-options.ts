import type { Options } from "minisearch";
import { indexTerms } from "./text";

/** Bump when the fields, the tokenizer or the layout (3: one index per version) change: the server refuses an index of another format. */
export const SEARCH_INDEX_FORMAT = 3;

/** What MiniSearch indexes for each document; only the display data (SearchDocument) is kept beside it. */
export interface IndexedFields {
  id: number;
  /** The page title, on every section of the page, so a title word lifts the whole page. */
  title: string;
  /** Section heading, or an operation's summary and tag. */
  heading: string;
  /** "POST /v1/albums" for an operation. */
  endpoint: string;
  /** The page's front-matter description, on its opening section only. */
  description: string;
  text: string;
  /** Code blocks; for an operation, its parameter and field names. */
  code: string;
}

export const INDEXED_FIELDS: (keyof Omit<IndexedFields, "id">)[] = [
  "title",
  "heading",
  "endpoint",
  "description",
  "text",
  "code",
];

/** Options the build indexes with and the server loads with; they must be the same. */
export const INDEX_OPTIONS: Options<IndexedFields> = {
  fields: INDEXED_FIELDS,
  // The tokenizer already normalizes and drops stop words.
  tokenize: indexTerms,
  processTerm: (term) => term,
};
