import { flattenNavigation } from "~/content/navigation.server";
import type { CompiledPage, NavItem } from "~/content/types";
import { absoluteLinks } from "./absolute-links.server";
import type { TextSource } from "./text-resource.server";

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function linkText(text: string): string {
  return oneLine(text).replace(/([[\]])/g, "\\$1");
}

function summary({ config, content }: TextSource): string {
  return (
    `> ${config.tagline}. ${config.brand} is a self-hosted photo and video library; ` +
    `this is its documentation for release ${content.api.version}: installing and running it (user guide), ` +
    `working on its code (developer guide) and its REST API.`
  );
}

/** "- [Title](https://…/page.md): description" for one page. */
function pageItem(page: CompiledPage, origin: string): string {
  return `- [${linkText(page.title)}](${origin}${page.url}.md): ${oneLine(page.description)}`;
}

/** One section per sidebar category, named by its trail ("User Guide / Features"), with the pages directly in it. */
function categorySections(items: NavItem[], content: TextSource["content"], origin: string, trail: string[] = []): string[] {
  return items.flatMap((item) => {
    if (item.type === "link") return [];
    const label = [...trail, item.label];
    const pages = item.items.flatMap((child) => {
      const page = child.type === "link" ? content.pages[child.url] : undefined;
      return page ? [pageItem(page, origin)] : [];
    });
    const own = pages.length ? [`## ${label.join(" / ")}\n\n${pages.join("\n")}`] : [];
    return [...own, ...categorySections(item.items, content, origin, label)];
  });
}

/**
 * /llms.txt (the llms.txt convention): the brand as h1, a one-paragraph
 * summary, then the docs by sidebar category, each page's Markdown URL with
 * its description, and the API reference with its OpenAPI file.
 */
export function llmsTxt(source: TextSource): string {
  const { config, content, origin } = source;
  const { api } = content;
  const standalone = Object.values(content.pages).filter((page) => page.kind === "page");
  const sections = [
    `# ${config.brand}`,
    summary(source),
    `Every page below is Markdown; the same address without \`.md\` is the page for people. ` +
      `[${origin}/llms-full.txt](${origin}/llms-full.txt) holds the whole guide in one file.`,
    ...categorySections(content.navigation, content, origin),
    [
      "## API reference",
      "",
      `- [API reference](${origin}/api): Every call of the ${config.brand} REST API (release ${api.version}, ${api.operationCount} operations): parameters, request bodies, responses and authentication.`,
      `- [OpenAPI specification](${origin}/openapi.yaml): The API contract as an OpenAPI document in YAML; the same document as JSON is at ${origin}/openapi.json.`,
    ].join("\n"),
    ...(standalone.length ? [`## Optional\n\n${standalone.map((page) => pageItem(page, origin)).join("\n")}`] : []),
  ];
  return `${sections.join("\n\n")}\n`;
}

/**
 * /llms-full.txt: every docs page's Markdown in sidebar order, each followed
 * by its address, with every link made absolute.
 */
export function llmsFullTxt({ config, content, origin }: TextSource): string {
  const pages = flattenNavigation(content.navigation).flatMap((link) => {
    const page = content.pages[link.url];
    return page ? [page] : [];
  });
  const header = `# ${config.brand} documentation\n\n> ${config.tagline}. The whole guide for release ${content.api.version} in one Markdown file; the list of pages is at ${origin}/llms.txt.`;
  const bodies = pages.map((page) => {
    const url = `${origin}${page.url}`;
    const markdown = absoluteLinks(page.markdown, url).trimEnd();
    // The page's address right under its title, so a reader of this file knows where each part lives.
    return markdown.replace(/^(# .*)\n/, `$1\n\nSource: ${url}\n`);
  });
  return `${[header, ...bodies].join("\n\n---\n\n")}\n`;
}
