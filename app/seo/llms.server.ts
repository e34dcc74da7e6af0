import { flattenNavigation } from "~/content/navigation.server";
import { currentVersion } from "~/content/site-versions";
import { getSiteContent, pageInPassing, pageSummaries } from "~/content/store.server";
import type { CompiledPage, NavItem, VersionContent } from "~/content/types";
import { absoluteLinks } from "./absolute-links.server";
import { TEXT_PLAIN, textResource, type TextSource } from "./text-resource.server";

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function linkText(text: string): string {
  return oneLine(text).replace(/([[\]])/g, "\\$1");
}

/** "release 24.05.08", or "Next, the unreleased main branch (6b8b599)". */
function versionName({ version }: VersionContent): string {
  return version.status === "next"
    ? `${version.label}, the unreleased main branch${version.ref ? ` (${version.ref})` : ""}`
    : `release ${version.id}`;
}

/** Where a version's llms.txt and llms-full.txt are: /llms.txt for the current release, /next/llms.txt… */
export const llmsPath = ({ version }: VersionContent, file: "llms.txt" | "llms-full.txt") =>
  version.status === "current" ? `/${file}` : `${version.specBase}/${file}`;

function summary({ config }: TextSource, entry: VersionContent): string {
  return (
    `> ${config.tagline}. ${config.brand} is a self-hosted photo and video library; ` +
    `this is its documentation for ${versionName(entry)}: installing and running it (user guide), ` +
    `working on its code (developer guide) and its REST API.`
  );
}

/** "- [Title](https://…/page.md): description" for one page. */
function pageItem(page: CompiledPage, origin: string): string {
  return `- [${linkText(page.title)}](${origin}${page.url}.md): ${oneLine(page.description)}`;
}

/** One section per sidebar category, named by its trail ("User Guide / Features"), with the pages directly in it; each made when asked for. */
function* categorySections(
  items: NavItem[],
  content: TextSource["content"],
  origin: string,
  trail: string[] = [],
): Generator<string> {
  for (const item of items) {
    if (item.type === "link") continue;
    const label = [...trail, item.label];
    const pages = item.items.flatMap((child) => {
      const page = child.type === "link" ? pageInPassing(content, child.url) : undefined;
      return page ? [pageItem(page, origin)] : [];
    });
    if (pages.length) yield `## ${label.join(" / ")}\n\n${pages.join("\n")}`;
    yield* categorySections(item.items, content, origin, label);
  }
}

/** `parts` with `separator` between each two. */
function* separated(parts: Iterable<string>, separator: string): Generator<string> {
  let first = true;
  for (const part of parts) {
    yield first ? part : `${separator}${part}`;
    first = false;
  }
}

/**
 * /llms.txt (the llms.txt convention) of one docs version (/llms.txt is the
 * current release, /next/llms.txt Next): the brand as h1, a one-paragraph
 * summary, then the docs by sidebar category, each page's Markdown URL with
 * its description, the API reference with its OpenAPI file, and the other
 * versions' files. Made section by section: a version of a thousand pages
 * reads each of them (see textResource).
 */
export function* llmsTxt(source: TextSource, entry: VersionContent): Generator<string> {
  const { config, content, origin } = source;
  const { api, version } = entry;
  const others = content.versions.filter((other) => other !== entry);
  const sections = function* (): Generator<string> {
    yield `# ${config.brand}`;
    yield summary(source, entry);
    yield (
      `Every page below is Markdown; the same address without \`.md\` is the page for people. ` +
      `[${origin}${llmsPath(entry, "llms-full.txt")}](${origin}${llmsPath(entry, "llms-full.txt")}) holds the whole guide in one file.`
    );
    yield* categorySections(entry.navigation, content, origin);
    if (api)
      yield [
        "## API reference",
        "",
        `- [API reference](${origin}${version.apiUrl}): The ${config.brand} REST API (${version.status === "next" ? "spec" : "release"} ${api.version}): base URL, authentication, errors and an index of its ${api.operationCount} operations.`,
        ...api.tags.map(
          (tag) =>
            `- [${linkText(tag.tag)} calls](${origin}${tag.url}): ${tag.operationCount} ${tag.operationCount === 1 ? "operation" : "operations"} with parameters, request bodies and responses${tag.summary ? `. ${tag.summary}` : "."}`,
        ),
        `- [Models](${origin}${api.models.url}): ${api.models.summary}`,
        `- [OpenAPI specification](${origin}${version.specBase}/openapi.yaml): The API contract as an OpenAPI document in YAML; the same document as JSON is at ${origin}${version.specBase}/openapi.json.`,
      ].join("\n");
    const optional = [
      // Listed from the pack's index, then read: the other pages are not needed, and all of them at once exceed the heap.
      ...(version.status === "current"
        ? pageSummaries(content).flatMap(({ url, kind }) => {
            const page = kind === "page" ? pageInPassing(content, url) : undefined;
            return page ? [pageItem(page, origin)] : [];
          })
        : []),
      ...others.map(
        (other) =>
          `- [${linkText(other.version.label)} documentation](${origin}${llmsPath(other, "llms.txt")}): The same index for ${versionName(other)}.`,
      ),
    ];
    if (optional.length) yield `## Optional\n\n${optional.join("\n")}`;
  };
  yield* separated(sections(), "\n\n");
  yield "\n";
}

/**
 * One page or API reference part of llms-full.txt, with its address right
 * under its title, so a reader of the file knows where each part lives.
 */
function fullSection(part: { url: string; markdown: string }, origin: string): string {
  const url = `${origin}${part.url}`;
  const markdown = absoluteLinks(part.markdown, url).trimEnd();
  return `\n\n---\n\n${markdown.replace(/^(# .*)\n/, `$1\n\nSource: ${url}\n`)}`;
}

/**
 * /llms-full.txt (and /next/llms-full.txt): every docs page of one version's
 * Markdown in sidebar order, each followed by its address, with every link
 * made absolute, then the API reference (every call with its fields, examples
 * and curl, then the models). Made part by part, a page read for each: at a
 * thousand pages a version the file is megabytes, and one string of it would
 * stay in the heap until a full collection (bench/scale.md).
 */
export function* llmsFullTxt({ config, content, origin }: TextSource, entry: VersionContent): Generator<string> {
  yield `# ${config.brand} documentation\n\n> ${config.tagline}. The whole guide for ${versionName(entry)} in one Markdown file; the list of pages is at ${origin}${llmsPath(entry, "llms.txt")}.`;
  for (const link of flattenNavigation(entry.navigation)) {
    const page = pageInPassing(content, link.url);
    if (page) yield fullSection(page, origin);
  }
  for (const part of entry.api ? [...entry.api.tags, entry.api.models] : []) yield fullSection(part, origin);
  yield "\n";
}

/** The version a text file's address names: none is the current release, "/next/llms.txt" Next; null when there is no such version. */
export function llmsVersion(content: TextSource["content"], id?: string): VersionContent | null {
  if (id === undefined) return currentVersion(content);
  return content.versions.find((entry) => entry.version.status !== "current" && entry.version.id === id) ?? null;
}

/** llms.txt or llms-full.txt of the version `id` names (see llmsVersion) as a cached text response; 404 for no such version. */
export function llmsResponse(request: Request, file: "llms.txt" | "llms-full.txt", id?: string): Promise<Response> {
  const produce = file === "llms.txt" ? llmsTxt : llmsFullTxt;
  const entry = llmsVersion(getSiteContent(), id);
  if (!entry) throw new Response("Not Found", { status: 404 });
  return textResource(request, file, TEXT_PLAIN, (source) => produce(source, entry));
}
