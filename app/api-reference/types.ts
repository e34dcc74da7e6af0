import type { ApiNavTag } from "./build/navigation";

/** One tag's page of the API reference (/api/albums), as the build writes it. */
export interface ApiTagPageContent {
  tag: string;
  /** Its part of the address: "media-items". */
  slug: string;
  /** Its address: "/api/media-items", "/api/next/media-items". */
  url: string;
  /** The tag's description in the spec, as plain text (the page's meta description). */
  summary: string;
  operationCount: number;
  /** Its operations in full, with the section links (components/api/OperationList). */
  html: string;
  /** Ids in that HTML: the operations (the same ids RapiDoc uses). */
  anchors: string[];
  /** The page as Markdown (/api/albums.md): fields, examples and a curl call per operation. */
  markdown: string;
}

/** The API reference as the build writes it for the server: an overview and a page per tag. */
export interface ApiPageContent {
  title: string;
  version: string;
  operationCount: number;
  /** The spec's own server URLs. */
  servers: string[];
  /** The overview's operation index, as HTML. */
  html: string;
  /** Ids in that HTML: the index, its tag headings and one per operation. */
  anchors: string[];
  /** The overview as Markdown (/api.md). */
  markdown: string;
  tags: ApiTagPageContent[];
  /** The models page (/api/models): every component schema, its fields and the calls using it. */
  models: ApiTagPageContent;
  /** Its tags and their calls, for the navigation beside every page of the reference. */
  navigation: ApiNavTag[];
  specYaml: string;
  specJson: string;
}
