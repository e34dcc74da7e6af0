import { existsSync, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { closest } from "fastest-levenshtein";
import { parseDocument } from "yaml";
import { readAuthorFile } from "../author-file.server";
import { ContentError } from "../content-error.server";
import { plainFrontmatter } from "./plain-frontmatter.server";

export interface PageFrontmatter {
  title: string;
  /** When absent, the build takes the page's first paragraph (app/content/summary.server.ts). */
  description?: string;
  sidebarLabel?: string;
  /** Order among the page's siblings in the sidebar (app/content/navigation.server.ts). */
  sidebarPosition?: number;
  /** Old addresses of the page (front matter `redirect_from`), answered with a 301 to it (app/content/redirects.server.ts). */
  redirectFrom?: RedirectSource[];
  /** A page of the current release that Next dropped on purpose: no warning that it has no Next counterpart. */
  removedInNext?: boolean;
}

/** One old address of a page; `section` (a heading id) when its content now sits in one section of the page. */
export interface RedirectSource {
  from: string;
  section?: string;
}

export interface SourcePage {
  slug: string;
  /** Docs are in the sidebar; pages stand alone; partials are pieces other pages embed (never routed). */
  kind: "doc" | "page" | "partial";
  url: string;
  /** Path relative to the repository root, e.g. "content/docs/user-guide/installation.mdx". */
  sourcePath: string;
  frontmatter: PageFrontmatter;
  /** The MDX after the front matter. */
  body: string;
  /** Lines before the body starts (front matter), to map body positions to file lines. */
  bodyLineOffset: number;
  /** The whole file. */
  raw: string;
}

// In a module of its own, so that code the server build imports (the
// navigation helpers) does not bring this file's YAML parser with it.
export { ContentError };

/** The front matter block at the top of a page; group 1 is its YAML. */
export const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * The front matter keys a page may set. An unknown key is refused, with the
 * closest known one: a misspelt `sidebar_postion` would otherwise be ignored
 * without a word. `redirect_from` lists a renamed page's old addresses.
 */
export const FRONTMATTER_KEYS = ["title", "description", "sidebar_label", "sidebar_position", "redirect_from", "removed_in_next"] as const;

/** Line (in the file: the opening "---" is line 1) and column of a character offset in the front matter's YAML. */
function fileLine(yaml: string, offset: number): { line: number; column: number } {
  const before = yaml.slice(0, offset).split("\n");
  return { line: before.length + 1, column: (before.at(-1)?.length ?? 0) + 1 };
}

/** The front matter as YAML reads it, its mistakes placed in the file. */
function parsedFrontmatter(yaml: string, sourcePath: string): unknown {
  const document = parseDocument(yaml, { prettyErrors: false });
  const [yamlError] = document.errors;
  if (yamlError) {
    // Placed in the file, not in the block; the message without YAML's own (block) line numbers.
    const { line, column } = fileLine(yaml, yamlError.pos[0]);
    throw new ContentError(sourcePath, line, column, `invalid front matter: ${yamlError.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "")}`);
  }
  return document.toJS();
}

function readFrontmatter(raw: string, sourcePath: string): { data: PageFrontmatter; body: string; offset: number } {
  const match = raw.match(FRONTMATTER);
  if (!match) throw new ContentError(sourcePath, 1, 1, "missing front matter (--- title ---)");
  const yaml = match[1] ?? "";
  const data = plainFrontmatter(yaml) ?? parsedFrontmatter(yaml, sourcePath);
  if (data !== null && data !== undefined && (typeof data !== "object" || Array.isArray(data))) {
    throw new ContentError(sourcePath, 2, 1, `front matter must be "key: value" lines`);
  }
  const record = (data ?? {}) as Record<string, unknown>;
  // The place of a key in the file.
  const keyAt = (key: string) => {
    const offset = yaml.search(new RegExp(`^${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*:`, "m"));
    return offset >= 0 ? fileLine(yaml, offset) : { line: 1, column: 1 };
  };
  const fail = (key: string, reason: string): never => {
    const { line, column } = keyAt(key);
    throw new ContentError(sourcePath, line, column, reason);
  };
  for (const key of Object.keys(record)) {
    if ((FRONTMATTER_KEYS as readonly string[]).includes(key)) continue;
    fail(key, `unknown front matter key "${key}": did you mean "${closest(key, [...FRONTMATTER_KEYS])}"? (known keys: ${FRONTMATTER_KEYS.join(", ")})`);
  }
  if (typeof record.title !== "string" || !record.title.trim()) {
    fail("title", `front matter needs a non-empty "title"`);
  }
  if (record.description !== undefined && (typeof record.description !== "string" || !record.description.trim())) {
    fail("description", `front matter "description" must be non-empty text (or left out to use the first paragraph)`);
  }
  const label = record.sidebar_label;
  if (label !== undefined && typeof label !== "string") {
    fail("sidebar_label", `front matter "sidebar_label" must be text`);
  }
  const sidebarPosition = record.sidebar_position;
  if (sidebarPosition !== undefined && (typeof sidebarPosition !== "number" || !Number.isFinite(sidebarPosition))) {
    fail("sidebar_position", `front matter "sidebar_position" must be a number, not ${JSON.stringify(sidebarPosition)}`);
  }
  const redirectFrom = readRedirectFrom(record.redirect_from, (reason) => fail("redirect_from", reason));
  if (record.removed_in_next !== undefined && typeof record.removed_in_next !== "boolean") {
    fail("removed_in_next", `front matter "removed_in_next" must be true or false`);
  }
  const offset = match[0].split("\n").length - (match[0].endsWith("\n") ? 1 : 0);
  return {
    data: {
      title: (record.title as string).trim(),
      description: (record.description as string | undefined)?.trim(),
      sidebarLabel: (label as string | undefined)?.trim() || undefined,
      sidebarPosition: sidebarPosition as number | undefined,
      ...(redirectFrom ? { redirectFrom } : {}),
      removedInNext: record.removed_in_next === true || undefined,
    },
    body: raw.slice(match[0].length),
    offset,
  };
}

/**
 * `redirect_from`: a list of old addresses, each a path ("/docs/user-guide/old")
 * or `{ from: <path>, section: <heading id> }` to land on the section that now
 * holds the old page's content.
 */
function readRedirectFrom(value: unknown, fail: (reason: string) => never): RedirectSource[] | undefined {
  if (value === undefined) return undefined;
  const list = typeof value === "string" ? [value] : value;
  if (!Array.isArray(list)) fail(`front matter "redirect_from" must be a list of old addresses`);
  return (list as unknown[]).map((entry) => {
    const { from, section } = typeof entry === "string" ? { from: entry, section: undefined } : ((entry ?? {}) as Record<string, unknown>);
    if (typeof from !== "string" || !from.startsWith("/") || /[?#\s]/.test(from)) {
      fail(`front matter "redirect_from" entries must be paths such as /docs/user-guide/old-name (no query or #fragment), or { from, section }`);
    }
    if (section !== undefined && (typeof section !== "string" || !section || section.includes("#"))) {
      fail(`front matter "redirect_from" section must be a heading id (without #)`);
    }
    const path = (from as string).replace(/(.)\/+$/, "$1");
    return section ? { from: path, section: section as string } : { from: path };
  });
}

/**
 * Every page file below `dir`. Hidden files and folders are not content: they are
 * editors' own, made beside a page while it is edited, such as Emacs's lock
 * `.#page.mdx`, a link to nowhere made as soon as a buffer changes. Read as a
 * page, that lock stopped the build, and every page of the dev server showed
 * "ENOENT … .#page.mdx" until the next save after the lock had gone.
 */
function listMdx(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith(".")) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listMdx(path);
    return entry.name.endsWith(".mdx") ? [path] : [];
  });
}

/**
 * A page's text, or null when the file went between the folder's listing and
 * this read (an editor's save that renames the old file away, a page being
 * deleted or moved): the watcher reports that change, and the next build sees
 * the folder as it is then.
 */
function readPageFile(file: string): string | null {
  try {
    return readAuthorFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

const FOLDERS = { doc: "docs", page: "pages", partial: "partials" } as const;
const URL_PREFIX = { doc: "/docs", page: "", partial: "/_partials" } as const;

/**
 * Called, in development, with a page whose front matter is wrong instead of
 * stopping: the page stays (titled after its file) so that the rest of the
 * site, its sidebar included, keeps working while it shows its mistake.
 */
export type OnPageError = (error: ContentError, page: SourcePage) => void;

/** Every page below `base`, of one kind, at `${urlPrefix}/<slug>`. */
function readTree(root: string, base: string, kind: SourcePage["kind"], urlPrefix: string, onError?: OnPageError): SourcePage[] {
  if (!existsSync(base)) return [];
  return listMdx(base)
    .sort()
    .flatMap((file) => {
      const slug = relative(base, file).split(sep).join("/").replace(/\.mdx$/, "");
      const sourcePath = relative(root, file).split(sep).join("/");
      const raw = readPageFile(file);
      if (raw === null) return [];
      const url = `${urlPrefix}/${slug}`;
      try {
        const { data, body, offset } = readFrontmatter(raw, sourcePath);
        return { slug, kind, url, sourcePath, frontmatter: data, body, bodyLineOffset: offset, raw };
      } catch (error) {
        if (!onError || !(error instanceof ContentError)) throw error;
        const title = slug.split("/").at(-1) ?? slug;
        const page: SourcePage = { slug, kind, url, sourcePath, frontmatter: { title, description: title }, body: "", bodyLineOffset: 0, raw: "" };
        onError(error, page);
        return page;
      }
    });
}

/** Reads every page under content/docs (the current release), content/pages and content/partials. */
export function readContentSources(root: string, contentDir = join(root, "content"), onError?: OnPageError): SourcePage[] {
  return (["doc", "page", "partial"] as const).flatMap((kind) => readTree(root, join(contentDir, FOLDERS[kind]), kind, URL_PREFIX[kind], onError));
}

/** Reads the docs tree of another version (content/next, content/releases/<id>), served under `docsBase`. */
export function readDocsTree(root: string, dir: string, docsBase: string, onError?: OnPageError): SourcePage[] {
  return readTree(root, dir, "doc", docsBase, onError);
}
