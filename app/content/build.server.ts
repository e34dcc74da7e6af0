import { existsSync, readdirSync, readFileSync } from "node:fs";
import { buildApiReferencePage, type BuiltApiReference } from "~/api-reference/build.server";
import { join, posix, relative, sep } from "node:path";
import { LINKABLE_APP_PATHS } from "~/route-table";
import { buildSearchIndex } from "~/search/build.server";
import { diskCache, memoryCache, pipelineFingerprint, sha256, type CompileCache } from "./cache.server";
import { checkLinks, type LinkReport } from "./check-links.server";
import { compilePage, type CompiledBody, type ContentWarning } from "./compile.server";
import { currentCommit, lastCommitDates } from "./git-dates.server";
import { toMarkdown } from "./markdown.server";
import { buildNavigation, flattenNavigation, readCategoryFiles } from "./navigation.server";
import { ContentError, readContentSources, readDocsTree, type SourcePage } from "./source.server";
import { summaryFromHtml } from "./summary.server";
import type { CompiledPage, NavItem, SiteContent, VersionContent } from "./types";
import { docsVersions, mapLinkIntoVersion, parseVersionsFile, VersionsFileError, type DocsVersion } from "./versions";

/** Routes of app/routes that content may link to, besides the content pages themselves (one table: app/route-table.ts). */
export const APP_PATHS = LINKABLE_APP_PATHS;

/** The page each version's "/docs" leads to, when the version has it (else its first page). */
export const ENTRY_SLUG = "dev-guide/introduction";

export interface BuildOptions {
  root: string;
  contentDir?: string;
  /** What the spec paths of content/versions.json are relative to; the repository root by default. */
  specRoot?: string;
  /** Where compiled pages are cached by content hash; null keeps the cache in memory. */
  cacheDir?: string | null;
  /** A cache kept by the caller across builds (development), used instead of `cacheDir`. */
  cache?: CompileCache;
  /** Called after each page that had to be compiled (not found in the cache). */
  onCompiled?: (sourcePath: string, ms: number) => void;
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
  const specRoot = options.specRoot ?? root;
  const cache: CompileCache =
    options.cache ?? (options.cacheDir === null ? memoryCache() : diskCache(options.cacheDir ?? join(root, ".cache/content")));
  const fingerprint = pipelineFingerprint(root);
  const trees = readVersionTrees(root, contentDir);
  const current = trees.find((tree) => tree.version.status === "current")!.version;
  const allVersions = trees.map((tree) => tree.version);
  const sources = trees.flatMap((tree) => tree.sources);
  const bySourcePath = new Map(sources.map((page) => [page.sourcePath, page]));
  const versionOf = (page: SourcePage) => trees.find((tree) => tree.sources.includes(page))!.version;

  let compiled = 0;
  let fromCache = 0;
  const bodies = await Promise.all(
    sources.map(async (page): Promise<[SourcePage, CompiledBody, string]> => {
      const version = versionOf(page);
      // Links map into the version's URLs, so the same text compiles differently in another version.
      const contentHash = sha256(page.sourcePath, page.raw, version.docsBase, version.apiUrl, version.specBase);
      const key = sha256(fingerprint, contentHash);
      const cached = cache.read(key);
      if (cached) {
        fromCache += 1;
        return [page, cached, contentHash];
      }
      const started = performance.now();
      const body = await compilePage(page, sourceResolver(page, bySourcePath), (href) =>
        mapLinkIntoVersion(href, current, version, allVersions),
      );
      options.onCompiled?.(page.sourcePath, performance.now() - started);
      cache.write(key, body);
      compiled += 1;
      return [page, body, contentHash];
    }),
  );

  const apis = new Map(
    trees.flatMap((tree) => {
      const file = join(specRoot, tree.version.specFile);
      return existsSync(file) ? [[tree.version.id, buildApiReferencePage(file, tree.version.apiUrl)] as const] : [];
    }),
  );
  if (!apis.has(current.id)) throw new ContentError(current.specFile, 1, 1, "the current release has no API spec");
  // /api/<x> is the current release's tag page or another version's reference: the two must never meet.
  for (const tag of apis.get(current.id)!.page.tags) {
    const version = allVersions.find((v) => v.id === tag.slug);
    if (version) throw new ContentError(current.specFile, 1, 1, `the tag "${tag.tag}" would take the address of version ${version.id}'s API reference (${version.apiUrl})`);
  }

  const linkErrors = checkVersionLinks(root, trees, bodies, apis);
  if (linkErrors.errors.length) throw new LinkCheckError(linkErrors.errors);

  const dates = lastCommitDates(root, relative(root, contentDir) || ".");
  const pages: Record<string, CompiledPage> = {};
  const partials = new Map<string, SiteContent["partials"]>(trees.map((tree) => [tree.version.id, {}]));
  for (const [page, body, contentHash] of bodies) {
    if (page.kind === "partial") {
      partials.get(versionOf(page).id)![page.slug] = { html: body.html, toc: body.toc };
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
      version: page.kind === "doc" ? versionOf(page).id : null,
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

  const versions: VersionContent[] = trees.map((tree) => {
    const navigation = versionNavigation(root, contentDir, tree);
    return {
      version: tree.version,
      entry: versionEntry(tree, navigation),
      navigation,
      api: apis.get(tree.version.id)?.page ?? null,
      partials: tree.version.status === "current" ? {} : partials.get(tree.version.id)!,
    };
  });
  const buildId = sha256(
    fingerprint,
    JSON.stringify(versions.map(({ version, navigation }) => ({ version, navigation }))),
    ...bodies.map(([page, , contentHash]) => `${contentHash}${dates.get(page.sourcePath) ?? ""}`),
    ...[...apis.values()].map((api) => api.page.specYaml),
  ).slice(0, 16);
  const packageVersion = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version?: string }).version ?? "0.0.0";
  const commit = process.env.SITE_COMMIT?.trim() || currentCommit(root);
  const currentApi = apis.get(current.id)!;
  return {
    content: {
      buildId,
      build: { version: packageVersion, commit },
      pages,
      partials: partials.get(current.id)!,
      versions,
      search: buildSearchIndex({
        pages: Object.values(pages),
        versions: versions.map((entry) => ({ ...entry, reference: apis.get(entry.version.id)?.reference ?? null })),
      }),
    },
    api: currentApi.reference,
    warnings: [...bodies.flatMap(([, body]) => body.warnings), ...linkErrors.warnings],
    compiled,
    fromCache,
  };
}

interface VersionTree {
  version: DocsVersion;
  /**
   * Its docs pages. The current release's tree also holds the standalone
   * pages and the partials; every other version gets the partials too, to be
   * compiled with its own links (its API reference shows them).
   */
  sources: SourcePage[];
}

function readVersionsFile(contentDir: string): DocsVersion[] {
  const file = join(contentDir, "versions.json");
  if (!existsSync(file)) throw new VersionsFileError(`missing (expected at ${file})`);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new VersionsFileError(`not valid JSON: ${(error as Error).message}`);
  }
  return docsVersions(parseVersionsFile(data));
}

/**
 * Every version whose docs tree exists, in menu order. The current release is
 * content/docs; Next (content/next) and older releases (content/releases/<id>)
 * are built only when their folder is there.
 */
function readVersionTrees(root: string, contentDir: string): VersionTree[] {
  const shared = readContentSources(root, contentDir);
  const partials = shared.filter((page) => page.kind === "partial");
  return readVersionsFile(contentDir).flatMap((version): VersionTree[] => {
    if (version.status === "current") return [{ version, sources: shared }];
    const dir = join(contentDir, version.tree);
    if (!existsSync(dir)) return [];
    return [{ version, sources: [...readDocsTree(root, dir, version.docsBase), ...partials.map((page) => ({ ...page }))] }];
  });
}

/** The sidebar of one version, from its folder tree. */
function versionNavigation(root: string, contentDir: string, tree: VersionTree): NavItem[] {
  return buildNavigation(
    tree.sources
      .filter((page) => page.kind === "doc")
      .map((page) => ({
        slug: page.slug,
        url: page.url,
        title: page.frontmatter.title,
        sidebarLabel: page.frontmatter.sidebarLabel,
        sidebarPosition: page.frontmatter.sidebarPosition,
      })),
    readCategoryFiles(root, join(contentDir, tree.version.tree)),
  );
}

function versionEntry(tree: VersionTree, navigation: NavItem[]): string {
  const entry = `${tree.version.docsBase}/${ENTRY_SLUG}`;
  if (tree.sources.some((page) => page.url === entry)) return entry;
  const first = flattenNavigation(navigation)[0];
  if (!first) throw new ContentError(`content/${tree.version.tree}`, 1, 1, `version ${tree.version.label} has no pages`);
  return first.url;
}

/**
 * Checks links version by version. Links were mapped into each page's own
 * version, so a Next page linking to a page that only 24.05.08 has is an
 * error (its link now names /docs/next/…); a link that names another version
 * on purpose ("/docs/next/…" from the current release) is checked against
 * that version's pages.
 */
function checkVersionLinks(
  root: string,
  trees: VersionTree[],
  bodies: [SourcePage, CompiledBody, string][],
  apis: Map<string, BuiltApiReference>,
): LinkReport {
  const bodyOf = new Map(bodies.map(([page, body]) => [page, body]));
  const linked = (page: SourcePage) => {
    const body = bodyOf.get(page)!;
    return { url: page.url, sourcePath: page.sourcePath, anchors: body.anchors, links: body.links };
  };
  const everyPage = trees.flatMap((tree) => tree.sources.map(linked));
  const paths = new Set([
    ...APP_PATHS,
    ...publicPaths(root),
    ...trees.flatMap(({ version }) => [
      version.docsBase,
      ...(apis.has(version.id) ? [version.apiUrl, `${version.specBase}/openapi.yaml`, `${version.specBase}/openapi.json`] : []),
    ]),
  ]);
  const apiPages = [...apis].flatMap(([id, built]) => {
    const { apiUrl } = trees.find((t) => t.version.id === id)!.version;
    return [
      [apiUrl, new Set(built.page.anchors)] as const,
      ...built.page.tags.map((tag) => [tag.url, new Set(tag.anchors)] as const),
    ];
  });
  const report: LinkReport = { errors: [], warnings: [] };
  for (const tree of trees) {
    const own = tree.sources.map(linked);
    const ownUrls = new Set(own.map((page) => page.url));
    // Links were mapped into this version, so other versions' pages are reached only by links that name them on purpose.
    const checked = checkLinks(own, {
      paths,
      anchors: new Map([
        ...everyPage.filter((page) => !ownUrls.has(page.url)).map((page) => [page.url, new Set(page.anchors)] as const),
        ...apiPages,
      ]),
    });
    report.errors.push(...checked.errors);
    report.warnings.push(...checked.warnings);
  }
  return report;
}

export { ContentError };
