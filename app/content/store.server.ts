import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { CompiledPage, SiteContent } from "./types";

/** Written by `npm run build:content`, relative to the working directory. */
export const SITE_CONTENT_FILE = "build/content/site-content.json";

let loaded: { content: SiteContent; mtimeMs: number } | null = null;

function read(file: string): SiteContent {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as SiteContent;
  } catch (error) {
    throw new Error(`compiled content is missing or unreadable at ${file}: run "npm run build" first (${(error as Error).message})`);
  }
}

/**
 * The compiled site content, read from disk once per process. In development
 * it is read again when the content build rewrites the file, so edits show up
 * without a restart; in production the file is never looked at again.
 */
export function getSiteContent(): SiteContent {
  const file = join(process.cwd(), SITE_CONTENT_FILE);
  if (loaded && process.env.NODE_ENV !== "development") return loaded.content;
  const mtimeMs = process.env.NODE_ENV === "development" ? statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0 : 0;
  if (!loaded || loaded.mtimeMs !== mtimeMs) loaded = { content: read(file), mtimeMs };
  return loaded.content;
}

export function findPage(url: string): CompiledPage | undefined {
  return getSiteContent().pages[url];
}
