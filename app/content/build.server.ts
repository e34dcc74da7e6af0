import { existsSync, readdirSync, readFileSync } from "node:fs";
import { buildApiReferencePage, type BuiltApiReference } from "~/api-reference/build.server";
import { join, posix, relative, sep } from "node:path";
import { buildSearchIndex } from "~/search/build.server";
import { diskCache, memoryCache, pipelineFingerprint, sha256, type CompileCache } from "./cache.server";
import { checkLinks, type LinkTargets } from "./check-links.server";
import { compilePage, type CompiledBody, type ContentWarning } from "./compile.server";
import { currentCommit, lastCommitDates } from "./git-dates.server";
import { toMarkdown } from "./markdown.server";
import { buildNavigation, readCategoryFiles } from "./navigation.server";
import { ContentError, readContentSources, type SourcePage } from "./source.server";
import { summaryFromHtml } from "./summary.server";
import type { CompiledPage, SiteContent } from "./types";

/** Routes of app/routes that content may link to, besides the content pages themselves. */
export const APP_PATHS = [
  "/",
  "/api",
  "/docs",
  "/search",
  "/openapi.yaml",
  "/openapi.json",
  "/llms.txt",
  "/llms-full.txt",
  "/sitemap.xml",
  "/robots.txt",
];

export interface BuildOptions {
  root: string;
  contentDir?: string;
  /** Where compiled pages are cached by content hash; null keeps the cache in memory. */
  cacheDir?: string | null;
}

export interface BuildResult {
  content: SiteContent;
  /** The parsed API reference, for the search index. */
  api: BuiltApiReference["reference"];
  warnings: ContentWarning[];
  compiled: number;
  fromCache: number;
}

export class LinkCheckError extends Error {
  constructor(readonly errors: ContentWarning[]) {
    super(`${errors.length} broken link(s):\n${errors.map((e) => `  ${e.file}:${e.line}:${e.column}: ${e.message}`).join("\n")}`);
    this.name = "LinkCheckError";
  }
}

function publicPaths(root: string): string[] {
  const dir = join(root, "public");
  if (!existsSync(dir)) return [];
  const walk = (path: string): string[] =>
    readdirSync(path, { withFileTypes: true }).flatMap((entry) => {
      const full = join(path, entry.name);
      if (entry.isDirectory()) return entry.name === "build" ? [] : walk(full);
      return [`/${relative(dir, full).split(sep).join("/")}`];
    });
  return walk(dir);
}

/** Turns "./installation.mdx" written in `from` into the URL of that page, or null. */
function sourceResolver(from: SourcePage, bySourcePath: Map<string, SourcePage>) {
  return (relativePath: string): string | null => {
    const target = posix.normalize(posix.join(posix.dirname(from.sourcePath), relativePath));
    const page = bySourcePath.get(target) ?? bySourcePath.get(target.replace(/\.md$/, ".mdx"));
    return page?.url ?? null;
  };
}

/**
 * Compiles every page (skipping those whose content hash is cached), checks
 * the navigation and every link, and returns what the server needs. The build
 * script writes the result to disk; nothing here runs while serving.
 */
export async function buildSiteContent(options: BuildOptions): Promise<BuildResult> {
  const { root } = options;
  const contentDir = options.contentDir ?? join(root, "content");
  const cache: CompileCache =
    options.cacheDir === null ? memoryCache() : diskCache(options.cacheDir ?? join(root, ".cache/content"));
  const fingerprint = pipelineFingerprint(root);
  const sources = readContentSources(root, contentDir);
  const bySourcePath = new Map(sources.map((page) => [page.sourcePath, page]));

  const navigation = buildNavigation(
    sources
      .filter((page) => page.kind === "doc")
      .map((page) => ({
        slug: page.slug,
        url: page.url,
        title: page.frontmatter.title,
        sidebarLabel: page.frontmatter.sidebarLabel,
        sidebarPosition: page.frontmatter.sidebarPosition,
      })),
    readCategoryFiles(root, join(contentDir, "docs")),
  );

  let compiled = 0;
  let fromCache = 0;
  const bodies = await Promise.all(
    sources.map(async (page): Promise<[SourcePage, CompiledBody, string]> => {
      const contentHash = sha256(page.sourcePath, page.raw);
      const key = sha256(fingerprint, contentHash);
      const cached = cache.read(key);
      if (cached) {
        fromCache += 1;
        return [page, cached, contentHash];
      }
      const body = await compilePage(page, sourceResolver(page, bySourcePath));
      cache.write(key, body);
      compiled += 1;
      return [page, body, contentHash];
    }),
  );

  const api = buildApiReferencePage(root);
  const targets: LinkTargets = {
    paths: new Set([...APP_PATHS, ...publicPaths(root)]),
    anchors: new Map([["/api", new Set(api.page.anchors)]]),
  };
  const report = checkLinks(
    bodies.map(([page, body]) => ({ url: page.url, sourcePath: page.sourcePath, anchors: body.anchors, links: body.links })),
    targets,
  );
  if (report.errors.length) throw new LinkCheckError(report.errors);

  const dates = lastCommitDates(root, relative(root, contentDir) || ".");
  const pages: Record<string, CompiledPage> = {};
  const partials: SiteContent["partials"] = {};
  for (const [page, body, contentHash] of bodies) {
    if (page.kind === "partial") {
      partials[page.slug] = { html: body.html, toc: body.toc };
      continue;
    }
    const description = page.frontmatter.description ?? summaryFromHtml(body.html);
    if (!description) {
      throw new ContentError(page.sourcePath, 1, 1, `front matter has no "description" and the page has no paragraph to take one from`);
    }
    pages[page.url] = {
      slug: page.slug,
      kind: page.kind,
      url: page.url,
      title: page.frontmatter.title,
      description,
      sidebarLabel: page.frontmatter.sidebarLabel ?? page.frontmatter.title,
      html: body.html,
      toc: body.toc,
      anchors: body.anchors,
      sections: body.sections,
      markdown: toMarkdown({ ...page.frontmatter, description, body: page.body }, body.links),
      sourcePath: page.sourcePath,
      lastUpdated: dates.get(page.sourcePath) ?? null,
      contentHash,
    };
  }

  const buildId = sha256(
    fingerprint,
    JSON.stringify(navigation),
    ...bodies.map(([page, , contentHash]) => `${contentHash}${dates.get(page.sourcePath) ?? ""}`),
    api.page.specYaml,
  ).slice(0, 16);
  const version = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version?: string }).version ?? "0.0.0";
  const commit = process.env.SITE_COMMIT?.trim() || currentCommit(root);
  return {
    content: {
      buildId,
      build: { version, commit },
      pages,
      partials,
      navigation,
      api: api.page,
      search: buildSearchIndex({ pages: Object.values(pages), navigation, api: api.reference }),
    },
    api: api.reference,
    warnings: [...bodies.flatMap(([, body]) => body.warnings), ...report.warnings],
    compiled,
    fromCache,
  };
}

export { ContentError };
