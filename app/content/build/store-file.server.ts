import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { versionParts } from "~/search/parts";
import { MAX_VERSION_INDEX_BYTES } from "~/search/store.server";
import { PackWriter } from "../pack.server";
import { openSiteContent, type SiteIndex, type SiteShell } from "../store.server";
import type { SiteContent } from "../types";

/**
 * The largest shell (versions, navigation, API references) a server with a
 * 128 MB heap takes (it is read at start; a version's search index has its
 * own limit, MAX_VERSION_INDEX_BYTES). Past these, the build fails rather than the server.
 */
const MAX_SHELL_BYTES = 16 * 1024 * 1024;

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
  const { pages, search, ...rest } = content;
  const shell: SiteShell = rest;
  fits("shell (versions, navigation, API references)", shell, MAX_SHELL_BYTES);
  const parts = versionParts(search);
  for (const part of parts) fits("search index", part, MAX_VERSION_INDEX_BYTES, ` (version ${part.version})`);
  const writer = new PackWriter<SiteIndex>(file);
  const index: SiteIndex = { format: 2, buildId: content.buildId, shell: writer.add(shell), search: {}, pages: {} };
  for (const part of parts) index.search[part.version] = writer.add(part);
  for (const page of Object.values(pages)) index.pages[page.url] = [...writer.add(page), page.kind, page.version, page.lastUpdated];
  return writer.finish(index);
}

/** The whole content of a pack as plain data, every page read (for scripts and tests, not for a server). */
export function readWholeSiteContent(file: string): SiteContent {
  const { content, reader } = openSiteContent(file);
  try {
    return { ...content, pages: Object.fromEntries(Object.keys(content.pages).map((url) => [url, content.pages[url]!])), search: content.search };
  } finally {
    reader.close();
  }
}
