import type { DiagramData } from "~/components/diagrams/data";
import { mdxComponentText, type MdxComponentName } from "./mdx-components";
import type { CollectedLink } from "./plugins/links.server";
import { HEADING_ID, transformProse } from "../preprocess.server";

const COMPONENT_LINE = /^\s*<([A-Z][A-Za-z0-9]*)\s*\/>\s*$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The page as plain Markdown for tools and language models: the title as h1,
 * the description, then the body without MDX-only syntax (comments, {#id},
 * components), with links to source files turned into page URLs.
 */
export function toMarkdown(page: { title: string; description: string; body: string }, links: CollectedLink[], diagrams: DiagramData | null): string {
  // One pattern for every rewritten link of the page, built once: a pattern per link and line took most of a build's Markdown time at 10,000 pages.
  const rewrites = new Map(links.filter((link) => link.resolved !== link.href).map((link) => [link.href, link.resolved]));
  const rewritten = rewrites.size ? new RegExp(`\\]\\((${[...rewrites.keys()].map(escapeRegExp).join("|")})\\)`, "g") : null;
  const componentText: Partial<Record<MdxComponentName, string>> = diagrams ? mdxComponentText(diagrams) : {};
  const body = transformProse(page.body, (line) => {
    const component = line.match(COMPONENT_LINE)?.[1];
    if (component && component in componentText) {
      return `> ${componentText[component as MdxComponentName] ?? ""}`;
    }
    const out = line.replace(HEADING_ID, "$1");
    return rewritten && out.includes("](") ? out.replace(rewritten, (_, href: string) => `](${rewrites.get(href)})`) : out;
  });
  return `# ${page.title}\n\n> ${page.description}\n\n${body.replace(/\n{3,}/g, "\n\n").trim()}\n`;
}
