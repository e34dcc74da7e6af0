import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { splitPart, versionParts } from "~/search/parts";
import { MAX_VERSION_INDEX_BYTES } from "~/search/store.server";
import { PackWriter } from "../pack.server";
import { openSiteContent, PACK_FORMAT, type SiteIndex, type SiteShell } from "../store.server";
import type { SiteContent } from "../types";

/**
 * The largest shell (versions, navigation, partials) a server with a 128 MB
 * heap takes (it is read at start; an API reference and a version's search
 * index are records of their own, with their own limits). Past these, the
 * build fails rather than the server.
 */
const MAX_SHELL_BYTES = 16 * 1024 * 1024;
/** One version's API reference, read whole when one of its pages is asked for (today's: 1.7 MB). */
const MAX_API_BYTES = 6 * 1024 * 1024;

function fits(what: string, value: unknown, max: number, which = ""): void {
  const bytes = Buffer.byteLength(JSON.stringify(value));
  if (bytes > max) {
    throw new Error(
      `the compiled ${what} is ${Math.round(bytes / 1048576)} MB, more than the ${max / 1048576} MB a server with a 128 MB heap can hold${which}; ` +
        `build fewer versions or pages into one site`,
    );
  }
}

/**
 * Writes the compiled content as the pack the server opens (app/content/store.server.ts):
 * the shell, the search index of each version, then page by page. Returns the file's size.
 */
export function writeSiteContent(file: string, content: SiteContent): number {
  mkdirSync(dirname(file), { recursive: true });
  const { pages, search, versions, ...rest } = content;
  const shell: SiteShell = { ...rest, versions: versions.map((entry) => ({ ...entry, api: null })) };
  fits("shell (versions, navigation, partials)", shell, MAX_SHELL_BYTES);
  for (const { version, api } of versions) if (api) fits("API reference", api, MAX_API_BYTES, ` (version ${version.id})`);
  const parts = versionParts(search).map(splitPart);
  // What a server loads at the first search in a version: its head and its documents (the postings stay on disk).
  for (const { head, documents } of parts) fits("search index", [head, documents], MAX_VERSION_INDEX_BYTES, ` (version ${head.version})`);
  const writer = new PackWriter<SiteIndex>(file);
  const index: SiteIndex = { format: PACK_FORMAT, buildId: content.buildId, shell: writer.add(shell), apis: {}, search: {}, pages: {} };
  for (const { version, api } of versions) if (api) index.apis[version.id] = writer.add(api);
  for (const { head, documents, blocks } of parts)
    index.search[head.version] = { head: writer.add(head), documents: writer.add(documents), blocks: blocks.map((block) => writer.add(block)) };
  for (const page of Object.values(pages)) index.pages[page.url] = [...writer.add(page), page.kind, page.version, page.lastUpdated];
  return writer.finish(index);
}

/** The whole content of a pack as plain data, every page read (for scripts and tests, not for a server). */
export function readWholeSiteContent(file: string): SiteContent {
  const { content, reader } = openSiteContent(file);
  try {
    return { ...content, versions: content.versions.map((entry) => ({ ...entry })), pages: Object.fromEntries(Object.keys(content.pages).map((url) => [url, content.pages[url]!])), search: content.search };
  } finally {
    reader.close();
  }
}
