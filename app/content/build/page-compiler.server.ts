import { posix } from "node:path";
import type { DiagramData } from "~/components/diagrams/data";
import { compilePage, type CompiledBody } from "./compile.server";
import { mapLinkIntoVersion, type DocsVersion } from "../versions";

// What compiling a page needs besides the page itself, as plain data: the
// build compiles with it in its own thread or sends it once to each compile
// worker (app/content/compile-pool.server.ts), and both compile through
// `pageCompiler`, so a page compiles to the same body wherever it runs.

export interface CompileContext {
  /** The URL of every page by its source path, to turn "./installation.mdx" into a link. */
  urls: [sourcePath: string, url: string][];
  versions: DocsVersion[];
  currentId: string;
  /** Each version's diagram data (null when its tree has none), by version id. */
  diagrams: [versionId: string, data: DiagramData | null][];
}

/** One page to compile, in the version it is built for (partials are built once per version). */
export interface CompileJob {
  sourcePath: string;
  raw: string;
  body: string;
  versionId: string;
}

/** Compiles pages of the site the context describes. */
export function pageCompiler(context: CompileContext): (job: CompileJob) => Promise<CompiledBody> {
  const urls = new Map(context.urls);
  const diagrams = new Map(context.diagrams);
  const current = context.versions.find((version) => version.id === context.currentId)!;
  return (job) => {
    const version = context.versions.find((candidate) => candidate.id === job.versionId)!;
    const resolveSource = (relativePath: string): string | null => {
      const target = posix.normalize(posix.join(posix.dirname(job.sourcePath), relativePath));
      return urls.get(target) ?? urls.get(target.replace(/\.md$/, ".mdx")) ?? null;
    };
    // Links map into the version's URLs, so the same text compiles differently in another version.
    const mapLink = (href: string) => mapLinkIntoVersion(href, current, version, context.versions);
    return compilePage(job, resolveSource, mapLink, diagrams.get(version.id) ?? null);
  };
}
