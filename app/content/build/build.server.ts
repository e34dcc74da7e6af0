import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { BuiltApiReference } from "~/api-reference/build/build.server";
import { join, relative, sep } from "node:path";
import { LINKABLE_APP_PATHS } from "~/route-table";
import { buildSearchIndex, type IndexedVersion } from "~/search/build/index.server";
import type { BuildSession } from "./build-session.server";
import { apiCache, apiFingerprint, diskCache, jsonFiles, memoryCache, pipelineFingerprint, searchFingerprint, sha256, type ApiCache, type CompileCache } from "./cache.server";
import { anchorSet, checkLinks, type LinkReport } from "./check-links.server";
import { compilationFor, type Compiled } from "./compile-pool.server";
import type { CompiledBody, ContentWarning } from "./compile.server";
import { checkRedirects, declaredRedirects } from "./redirects.server";
import { drawsDiagram, readDiagramData } from "./diagram-data.server";
import { currentCommit, lastCommitDates } from "./git-dates.server";
import { toMarkdown } from "./markdown.server";
import { allInOrder } from "~/lib/all-in-order";
import { readAuthorFile } from "../author-file.server";
import { buildNavigation, flattenNavigation, readCategoryFiles } from "../navigation.server";
import type { ProblemPlace } from "../problems";
import { ContentError, readContentSources, readDocsTree, type OnPageError, type SourcePage } from "./source.server";
import { summaryFromHtml } from "../summary.server";
import type { CompiledPage, NavItem, SiteContent, VersionContent } from "../types";
import { docsVersions, mapLinkIntoVersion, parseVersionsFile, VersionsFileError, type DocsVersion } from "../versions";

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
  /** Built API references by spec and code; by default beside the compiled pages in `cacheDir`. */
  apiCache?: ApiCache;
  /**
   * How many threads compile the pages not in the cache: 1 is this thread only;
   * by default SITE_BUILD_THREADS, else one per core when there are enough
   * pages to pay for a worker's start (app/content/compile-pool.server.ts).
   */
  threads?: number;
  /** Tests: how many pages this thread compiles at once (COMPILE_LANES by default; 1, one after another). */
  lanes?: number;
  /** Tests: the script each compile worker runs instead of app/content/compile-worker.mjs. */
  compileWorker?: URL;
  /** Called after each page that had to be compiled (not found in the cache). */
  onCompiled?: (sourcePath: string, ms: number) => void;
  /**
   * Development: a mistake in one page, category file or spec does not stop
   * the build; it is returned in `problems` with the place that shows it, and
   * everything else is built.
   */
  tolerant?: boolean;
  /** Development: what is kept between the builds of one session (app/content/build-session.server.ts). */
  session?: BuildSession;
}

/** A mistake kept in its place by a tolerant build. */
export interface PlacedError {
  place: ProblemPlace;
  error: ContentError;
}

export interface BuildResult {
  content: SiteContent;
  /** The current release's parsed API reference, for the search index; null only while its spec is broken (tolerant build). */
  api: BuiltApiReference["reference"] | null;
  warnings: ContentWarning[];
  compiled: number;
  fromCache: number;
  /** Only from a tolerant build: the mistakes found, each in its place. */
  problems: PlacedError[];
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

/** Where a page's mistake shows in development: on the page, or, for a partial, on the pages that show it. */
const placeOf = (page: SourcePage): ProblemPlace => (page.kind === "partial" ? `partial:${page.slug}` : `page:${page.url}`);

/** A mistake in a spec, named by its file (there is one per version) and, for YAML, its line and column. */
function specError(error: unknown, specFile: string): ContentError {
  if (error instanceof ContentError) return error;
  const at = (error as { linePos?: { line: number; col: number }[] }).linePos?.[0];
  const message = error instanceof Error ? error.message.split("\n")[0]! : String(error);
  return new ContentError(specFile, at?.line ?? 1, at?.col ?? 1, message);
}

/** One version's pages, made into records only when asked. */
export interface VersionPages {
  version: DocsVersion;
  /**
   * Changes whenever one of its page records, its search entries or its API
   * reference would (with the code that makes them, which the caller adds).
   */
  key: string;
  /** Its page records, in source order (the current release's with the standalone pages); each page's Markdown twin is made now. */
  pages(): CompiledPage[];
}

/** Everything a build knows once every page is compiled and every link checked, before any page record is made. */
export interface CheckedSite extends Omit<BuildResult, "content"> {
  shell: Omit<SiteContent, "pages" | "search">;
  versionPages: VersionPages[];
  /** What the search index is made of besides the pages: each version's navigation and API reference. */
  indexed: IndexedVersion[];
}

/**
 * Compiles every page (skipping those whose content hash is cached), checks
 * the navigation and every link, and returns what the server needs. The build
 * script writes the result to disk; nothing here runs while serving.
 */
export async function buildSiteContent(options: BuildOptions): Promise<BuildResult> {
  const { versionPages, indexed, shell, ...result } = await checkSite(options);
  const pages: Record<string, CompiledPage> = {};
  for (const page of versionPages.flatMap((entry) => entry.pages())) pages[page.url] = page;
  const searchInput = { pages: Object.values(pages), versions: indexed };
  const cacheDir = buildCacheDir(options);
  // A development session keeps its own indexes; a build keeps each version's beside the compiled pages.
  const search = options.session
    ? options.session.search.update(searchInput)
    : buildSearchIndex(searchInput, options.cache || cacheDir === null ? undefined : { parts: jsonFiles(cacheDir, "search-"), code: searchFingerprint(options.root) });
  return { ...result, content: { ...shell, pages, search } };
}

/** Where compiled pages (and what else a build reuses) are kept on disk; null: in memory only. */
export function buildCacheDir(options: Pick<BuildOptions, "root" | "cacheDir">): string | null {
  return options.cacheDir === null ? null : (options.cacheDir ?? join(options.root, ".cache/content"));
}

/**
 * A build up to the point where page records are made: every page compiled or
 * read from the cache, the API references built, every link and redirect
 * checked, the navigation and the shell made. A mistake stops it here (or, in
 * a tolerant build, is placed), before anything is written.
 */
export async function checkSite(options: BuildOptions): Promise<CheckedSite> {
  const { root } = options;
  const contentDir = options.contentDir ?? join(root, "content");
  const specRoot = options.specRoot ?? root;
  const cacheDir = buildCacheDir(options);
  const cache: CompileCache = options.cache ?? (cacheDir === null ? memoryCache() : diskCache(cacheDir));
  const { session } = options;
  const { pipeline: fingerprint, api: apiCode } = session?.codeFingerprints(root) ?? { pipeline: pipelineFingerprint(root), api: apiFingerprint(root) };
  const apiBuilds = options.apiCache ?? apiCache(cacheDir);
  const problems: PlacedError[] = [];
  const tolerant = options.tolerant === true;
  const broken = new Set<string>();
  /**
   * A tolerant build's page mistake, in its place. A partial is built once per version: its
   * mistake is told once, though a broken link in it names the target mapped into each version.
   */
  const placePageError = (page: SourcePage, error: ContentError) => {
    const place = placeOf(page);
    const told = problems.some((p) => p.place === place && p.error.file === error.file && p.error.line === error.line && p.error.column === error.column);
    if (!told) problems.push({ place, error });
    // A partial is no page: it stays (empty), and the pages that show it show its mistake instead.
    if (page.kind !== "partial") broken.add(page.url);
  };
  const onPageError: OnPageError | undefined = tolerant ? (error, page) => placePageError(page, error) : undefined;
  const trees = readVersionTrees(root, contentDir, onPageError, tolerant);
  const current = trees.find((tree) => tree.version.status === "current")!.version;
  const allVersions = trees.map((tree) => tree.version);
  const sources = trees.flatMap((tree) => tree.sources);
  // Looked up for every page, several times: a scan of every tree's pages cost seconds at 10,000 pages.
  const treeOfPage = new Map(trees.flatMap((tree) => tree.sources.map((page) => [page, tree] as const)));
  const treeOf = (page: SourcePage) => treeOfPage.get(page)!;
  const versionOf = (page: SourcePage) => treeOf(page).version;

  let compiled = 0;
  let fromCache = 0;
  const looked = sources.map((page) => {
    const version = versionOf(page);
    // Links map into the version's URLs, so the same text compiles differently in another version.
    const diagrams = treeOf(page).diagrams;
    const contentHash = sha256(page.sourcePath, page.raw, version.docsBase, version.apiUrl, version.specBase, drawsDiagram(page.raw) ? diagrams.raw : "");
    const key = sha256(fingerprint, contentHash);
    return { page, version, contentHash, key, cached: cache.read(key) };
  });
  const misses = looked.filter((entry) => !entry.cached);
  for (const { page } of misses) {
    const { data, sourcePath, error } = treeOf(page).diagrams;
    if (drawsDiagram(page.raw) && !data && !error) {
      throw new ContentError(page.sourcePath, 1, 1, `the page draws a diagram, but its version has no ${sourcePath} with the diagrams' labels and steps`);
    }
  }
  // In worker threads when there are enough pages to compile (app/content/compile-pool.server.ts).
  const compilation = compilationFor(
    {
      urls: sources.map((page) => [page.sourcePath, page.url]),
      versions: allVersions,
      currentId: current.id,
      diagrams: trees.map((tree) => [tree.version.id, tree.diagrams.data]),
    },
    misses.length,
    options.threads,
    options.compileWorker,
    options.lanes,
  );
  // Built while the pages compile: in worker threads the build's own thread is otherwise idle then.
  const references = apiReferences(trees, { root, specRoot, apiCode, apiBuilds, tolerant });
  // Awaited once every page is compiled, as before: a page's mistake is still told first.
  references.catch(() => {});
  let bodies: [SourcePage, CompiledBody, string][];
  // A tolerant build's page mistakes, placed once every page is compiled: in source order, as pages finish out of it.
  const pageErrors: [SourcePage, ContentError][] = [];
  const noBody: CompiledBody = { html: "", toc: [], anchors: [], sections: [], links: [], warnings: [] };
  try {
    // Pages compile several at once: of two broken pages, the first in source order is reported, as ever.
    bodies = await allInOrder(
      looked.map(async ({ page, version, contentHash, key, cached }, n): Promise<[SourcePage, CompiledBody, string]> => {
        // A page that draws a diagram shows its version's diagrams.json mistake (a tolerant build), and no other.
        const diagramsError = drawsDiagram(page.raw) ? treeOf(page).diagrams.error : undefined;
        if (diagramsError) {
          pageErrors[n] = [page, diagramsError];
          return [page, noBody, contentHash];
        }
        if (cached) {
          fromCache += 1;
          return [page, cached, contentHash];
        }
        let done: Compiled;
        try {
          done = await compilation.compile({ sourcePath: page.sourcePath, raw: page.raw, body: page.body, versionId: version.id });
        } catch (error) {
          if (!onPageError || !(error instanceof ContentError)) throw error;
          pageErrors[n] = [page, error];
          return [page, noBody, contentHash];
        }
        options.onCompiled?.(page.sourcePath, done.ms);
        cache.write(key, done.body);
        compiled += 1;
        return [page, done.body, contentHash];
      }),
    );
  } finally {
    await compilation.close();
  }
  // forEach skips the pages without a mistake (holes in the array).
  pageErrors.forEach(([page, error]) => onPageError!(error, page));

  const { apis, apiKeys, apiProblems } = await references;
  problems.push(...apiProblems);
  const apiBroken = (id: string) => problems.some((p) => p.place === `api:${id}`);
  if (!apis.has(current.id) && !apiBroken(current.id)) {
    // Placed where the spec was looked for, outside the repository when SITE_SPEC_ROOT
    // points elsewhere: no excerpt of another file.
    const file = join(specRoot, current.specFile);
    throw new ContentError(relative(root, file), 1, 1, "the current release has no API spec: no such file");
  }
  // /api/<x> is the current release's tag page or another version's reference: the two must never meet.
  for (const tag of apis.get(current.id)?.page.tags ?? []) {
    const version = allVersions.find((v) => v.id === tag.slug);
    if (version) throw new ContentError(current.specFile, 1, 1, `the tag "${tag.tag}" would take the address of version ${version.id}'s API reference (${version.apiUrl})`);
  }

  const linkErrors = checkVersionLinks(root, trees, bodies, apis, new Set(allVersions.map((v) => v.id).filter(apiBroken)));
  if (tolerant) {
    for (const e of linkErrors.errors) {
      const page = sources.find((p) => p.sourcePath === e.file);
      if (!page) throw new LinkCheckError([e]);
      placePageError(page, new ContentError(e.file, e.line, e.column, e.message));
    }
  } else if (linkErrors.errors.length) throw new LinkCheckError(linkErrors.errors);

  const redirects = siteRedirects(root, trees, bodies, apis, current, allVersions, tolerant ? { broken, place: placePageError } : undefined);

  const historyDir = relative(root, contentDir) || ".";
  const history = session?.commitHistory(root, historyDir);
  const dates = history?.dates ?? lastCommitDates(root, historyDir);
  // The compiled body, and so its links, follow from the content hash (the session's fingerprint is fixed).
  const markdownOf = (contentHash: string, description: string, make: () => string) =>
    session ? session.pageMarkdown(sha256(contentHash, description), make) : make();
  const partials = new Map<string, SiteContent["partials"]>(trees.map((tree) => [tree.version.id, {}]));
  /** Each page that becomes a record, with what its record is made of besides its source. */
  const kept: { page: SourcePage; body: CompiledBody; contentHash: string; description: string }[] = [];
  for (const [page, body, contentHash] of bodies) {
    if (page.kind === "partial") {
      partials.get(versionOf(page).id)![page.slug] = { html: body.html, toc: body.toc };
      continue;
    }
    if (broken.has(page.url)) continue;
    const description = page.frontmatter.description ?? summaryFromHtml(body.html);
    if (!description) {
      const error = new ContentError(page.sourcePath, 1, 1, `front matter has no "description" and the page has no paragraph to take one from`);
      if (!onPageError) throw error;
      onPageError(error, page);
      continue;
    }
    kept.push({ page, body, contentHash, description });
  }
  const makeRecord = ({ page, body, contentHash, description }: (typeof kept)[number]): CompiledPage => ({
    slug: page.slug,
    kind: page.kind === "doc" ? "doc" : "page",
    url: page.url,
    version: page.kind === "doc" ? versionOf(page).id : null,
    title: page.frontmatter.title,
    description,
    sidebarLabel: page.frontmatter.sidebarLabel ?? page.frontmatter.title,
    html: body.html,
    toc: body.toc,
    anchors: body.anchors,
    sections: body.sections,
    markdown: markdownOf(contentHash, description, () =>
      toMarkdown({ ...page.frontmatter, description, body: page.body }, body.links, treeOf(page).diagrams.data),
    ),
    sourcePath: page.sourcePath,
    lastUpdated: dates.get(page.sourcePath) ?? null,
    contentHash,
  });
  // Everything in a record follows from the page's content hash (its source, the version's addresses,
  // diagrams), its date and its version: a session hands back the record it made before for the same three.
  const recordOf = (entry: (typeof kept)[number]): CompiledPage =>
    session
      ? session.pageRecord(
          sha256(entry.contentHash, dates.get(entry.page.sourcePath) ?? "", versionOf(entry.page).id),
          () => makeRecord(entry),
        )
      : makeRecord(entry);

  const versions: VersionContent[] = trees.map((tree) => {
    const navigation = versionNavigation(
      root,
      contentDir,
      tree,
      tolerant ? (error) => void problems.push({ place: `navigation:${tree.version.id}`, error }) : undefined,
    );
    return {
      version: tree.version,
      entry: versionEntry(tree, navigation),
      navigation,
      diagrams: tree.diagrams.data,
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
  const commit = process.env.SITE_COMMIT?.trim() || (history ? history.commit : currentCommit(root));
  const versionPages = versions.map(({ version, navigation }): VersionPages => {
    const own = kept.filter(({ page }) => versionOf(page) === version);
    return {
      version,
      // A record follows from its page's content hash and date, with the compiler's code; search adds the navigation and the reference.
      key: sha256(
        fingerprint,
        apiKeys.get(version.id) ?? "",
        JSON.stringify({ version, navigation }),
        ...own.map(({ page, contentHash }) => `${page.url}\0${contentHash}\0${dates.get(page.sourcePath) ?? ""}`),
      ),
      pages: () => own.map(recordOf),
    };
  });
  return {
    shell: {
      buildId,
      build: { version: packageVersion, commit },
      redirects,
      partials: partials.get(current.id)!,
      versions,
    },
    versionPages,
    indexed: versions.map(({ version, navigation }) => ({ version, navigation, reference: apis.get(version.id)?.reference ?? null })),
    api: apis.get(current.id)?.reference ?? null,
    warnings: [...bodies.flatMap(([, body]) => body.warnings), ...linkErrors.warnings, ...missingInNext(trees)],
    compiled,
    fromCache,
    problems,
  };
}

/**
 * A page of the current release with no page at the same path in Next would
 * vanish at the next `npm run docs:version` (it replaces content/docs with a
 * copy of content/next): a warning, unless its front matter says
 * `removed_in_next: true`.
 */
function missingInNext(trees: VersionTree[]): ContentWarning[] {
  const current = trees.find((tree) => tree.version.status === "current");
  const next = trees.find((tree) => tree.version.status === "next");
  if (!current || !next) return [];
  const inNext = new Set(next.sources.filter((page) => page.kind === "doc").map((page) => page.slug));
  return current.sources
    .filter((page) => page.kind === "doc" && !inNext.has(page.slug) && !page.frontmatter.removedInNext)
    .map((page) => ({
      file: page.sourcePath,
      line: 1,
      column: 1,
      message: `no page at content/${next.version.tree}/${page.slug}.mdx in Next: this page would vanish at the next docs:version (add it to Next, or set removed_in_next: true)`,
    }));
}

interface VersionTree {
  version: DocsVersion;
  /**
   * Its docs pages. The current release's tree also holds the standalone
   * pages and the partials; every other version gets the partials too, to be
   * compiled with its own links (its API reference shows them).
   */
  sources: SourcePage[];
  /** Its diagrams' labels and steps (content/<tree>/diagrams.json); in a tolerant build, without them, the file's mistake. */
  diagrams: ReturnType<typeof readDiagramData> & { error?: ContentError };
}

function readVersionsFile(contentDir: string): DocsVersion[] {
  const file = join(contentDir, "versions.json");
  if (!existsSync(file)) throw new VersionsFileError(`missing (expected at ${file})`);
  let data: unknown;
  try {
    data = JSON.parse(readAuthorFile(file));
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
function readVersionTrees(root: string, contentDir: string, onPageError?: OnPageError, tolerant = false): VersionTree[] {
  const shared = readContentSources(root, contentDir, onPageError);
  // A mistake in diagrams.json stopped every page; in development only the pages that draw a diagram show it.
  const readDiagrams = (dir: string): VersionTree["diagrams"] => {
    try {
      return readDiagramData(root, dir);
    } catch (error) {
      if (!tolerant || !(error instanceof ContentError)) throw error;
      return { data: null, raw: "", sourcePath: error.file, error };
    }
  };
  const partials = shared.filter((page) => page.kind === "partial");
  return readVersionsFile(contentDir).flatMap((version): VersionTree[] => {
    const dir = join(contentDir, version.tree);
    if (version.status === "current") return [{ version, sources: shared, diagrams: readDiagrams(dir) }];
    if (!existsSync(dir)) return [];
    return [{ version, sources: [...readDocsTree(root, dir, version.docsBase, onPageError), ...partials.map((page) => ({ ...page }))], diagrams: readDiagrams(dir) }];
  });
}

/** The sidebar of one version, from its folder tree. */
function versionNavigation(root: string, contentDir: string, tree: VersionTree, onCategoryError?: (error: ContentError) => void): NavItem[] {
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
    readCategoryFiles(root, join(contentDir, tree.version.tree), onCategoryError),
  );
}

function versionEntry(tree: VersionTree, navigation: NavItem[]): string {
  const entry = `${tree.version.docsBase}/${ENTRY_SLUG}`;
  if (tree.sources.some((page) => page.url === entry)) return entry;
  const first = flattenNavigation(navigation)[0];
  if (!first) throw new ContentError(`content/${tree.version.tree}`, 1, 1, `version ${tree.version.label} has no pages`);
  return first.url;
}

/** Each version's API reference, from the build cache or built from its spec; a tolerant build places a spec's mistake. */
async function apiReferences(
  trees: VersionTree[],
  { root, specRoot, apiCode, apiBuilds, tolerant }: { root: string; specRoot: string; apiCode: string; apiBuilds: ApiCache; tolerant: boolean },
): Promise<{ apis: Map<string, BuiltApiReference>; apiKeys: Map<string, string>; apiProblems: PlacedError[] }> {
  // Each reference's key says what it is made of: a version's records change with it.
  const apiKeys = new Map<string, string>();
  const apiProblems: PlacedError[] = [];
  const built = await Promise.all(
    trees.flatMap((tree) => {
      const file = join(specRoot, tree.version.specFile);
      if (!existsSync(file)) return [];
      const specName = relative(root, file);
      const key = sha256(apiCode, specName, tree.version.apiUrl, readFileSync(file, "utf8"));
      apiKeys.set(tree.version.id, key);
      const cached = apiBuilds.read(key);
      if (cached) return [Promise.resolve([[tree.version.id, cached] as const])];
      return [
        // Loaded only when a spec is built: it and its highlighter are the rest of a warm build's module loading.
        import("../../api-reference/build/build.server")
          .then(({ buildApiReferencePage }) => buildApiReferencePage(file, tree.version.apiUrl, specName))
          .then(
            (reference) => {
              apiBuilds.write(key, reference);
              return [[tree.version.id, reference] as const];
            },
            (error: unknown) => {
              const placed = specError(error, tree.version.specFile);
              if (!tolerant) throw placed;
              apiProblems.push({ place: `api:${tree.version.id}`, error: placed });
              return [];
            },
          ),
      ];
    }),
  );
  return { apis: new Map(built.flat()), apiKeys, apiProblems };
}

/** Every address the site answers with a page of its own: what links may name and redirects must not shadow. */
function answeredPaths(root: string, trees: VersionTree[], apis: Map<string, BuiltApiReference>): Set<string> {
  return new Set([
    ...APP_PATHS,
    ...publicPaths(root),
    ...trees.flatMap(({ version }) => [
      version.docsBase,
      ...(apis.has(version.id) ? [version.apiUrl, `${version.specBase}/openapi.yaml`, `${version.specBase}/openapi.json`] : []),
    ]),
  ]);
}

/** The redirects every version's pages declare (front matter `redirect_from`), checked (app/content/redirects.server.ts). */
function siteRedirects(
  root: string,
  trees: VersionTree[],
  bodies: [SourcePage, CompiledBody, string][],
  apis: Map<string, BuiltApiReference>,
  current: DocsVersion,
  allVersions: DocsVersion[],
  /**
   * A tolerant build's pages with a mistake, and where to place a redirect's. A broken page's
   * sections are unknown, so the redirects its front matter declares into them cannot be
   * checked: a typo in such a page showed a redirect mistake on every page of the dev server.
   */
  tolerant?: { broken: ReadonlySet<string>; place: (page: SourcePage, error: ContentError) => void },
): Record<string, string> {
  const docs = bodies.filter(([page]) => page.kind !== "partial");
  let entries = trees.flatMap((tree) =>
    declaredRedirects(
      tree.sources.filter((page) => page.kind !== "partial" && !tolerant?.broken.has(page.url)),
      (href) => mapLinkIntoVersion(href, current, tree.version, allVersions),
    ),
  );
  const pages = answeredPaths(root, trees, apis);
  for (const [page] of docs) pages.add(page.url);
  for (const tag of [...apis.values()].flatMap((api) => api.page.tags)) pages.add(tag.url);
  const targets = { pages, anchors: new Map(docs.map(([page, body]) => [page.url, new Set(body.anchors)])) };
  const sources = docs.map(([page]) => page);
  for (;;) {
    try {
      return checkRedirects(entries, targets, sources);
    } catch (error) {
      // A redirect's mistake is its page's (checked again without that page's redirects).
      const page = error instanceof ContentError ? sources.find((source) => source.sourcePath === error.file) : undefined;
      if (!tolerant || !page) throw error;
      tolerant.place(page, error as ContentError);
      entries = entries.filter((entry) => entry.sourcePath !== page.sourcePath);
    }
  }
}

/**
 * Whether a path is one of the API pages (or spec files) of the `broken`
 * versions. A spec's typo removed every API page of its version, and each link
 * to them from the docs was reported as a broken link: a dozen pages that the
 * author had not touched turned into error pages. Each version's API pages are
 * the paths below its apiUrl that no other version's apiUrl takes ("/api/next"
 * is Next's, not a tag page of the release at "/api").
 */
function apiPathsOf(versions: DocsVersion[], broken: ReadonlySet<string>): (path: string) => boolean {
  const below = (path: string, base: string) => path === base || path.startsWith(`${base}/`);
  const byLongestUrl = [...versions].sort((a, b) => b.apiUrl.length - a.apiUrl.length);
  const specFiles = new Set(versions.filter((v) => broken.has(v.id)).flatMap((v) => [`${v.specBase}/openapi.yaml`, `${v.specBase}/openapi.json`]));
  return (path) => {
    if (specFiles.has(path)) return true;
    const owner = byLongestUrl.find((version) => below(path, version.apiUrl));
    return owner !== undefined && broken.has(owner.id);
  };
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
  /** Versions whose spec has a mistake (a tolerant build): their API pages show it, and links into them are not checked. */
  brokenApis: ReadonlySet<string>,
): LinkReport {
  const bodyOf = new Map(bodies.map(([page, body]) => [page, body]));
  const linked = (page: SourcePage) => {
    const body = bodyOf.get(page)!;
    return { url: page.url, sourcePath: page.sourcePath, anchors: body.anchors, links: body.links };
  };
  const paths = answeredPaths(root, trees, apis);
  const apiPages = [...apis].flatMap(([id, built]) => {
    const { apiUrl } = trees.find((t) => t.version.id === id)!.version;
    return [
      [apiUrl, anchorSet(built.page.anchors)] as const,
      ...[...built.page.tags, built.page.models].map((tag) => [tag.url, anchorSet(tag.anchors)] as const),
    ];
  });
  // Made once for every version: each version's own pages are looked up first (a partial has one address in each).
  const anchors = new Map([
    ...trees.flatMap((tree) => tree.sources.map((page) => [page.url, anchorSet(bodyOf.get(page)!.anchors)] as const)),
    ...apiPages,
  ]);
  const unchecked = brokenApis.size ? apiPathsOf(trees.map((tree) => tree.version), brokenApis) : undefined;
  const report: LinkReport = { errors: [], warnings: [] };
  for (const tree of trees) {
    // Links were mapped into this version, so other versions' pages are reached only by links that name them on purpose.
    const checked = checkLinks(tree.sources.map(linked), { paths, anchors, unchecked });
    report.errors.push(...checked.errors);
    report.warnings.push(...checked.warnings);
  }
  return report;
}

export { ContentError };
