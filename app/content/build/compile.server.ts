import { createElement } from "react";
import type { Element } from "hast";
import { toString as hastToString } from "hast-util-to-string";
import type { Node } from "unist";
import type { DiagramData } from "~/components/diagrams/data";
import { KNOWN_COMPONENT_NAMES, mdxComponentsFor, versionlessComponents } from "./mdx-components";
import { PRETTY_CODE_OPTIONS } from "./highlighter.server";
import { rehypeAccessibleContent } from "./plugins/accessible-content.server";
import { rehypeCodeBlockNames } from "./plugins/code-block-names.server";
import { rehypeCodeCopy } from "./plugins/code-copy.server";
import { rehypeCompactCode } from "./plugins/compact-code.server";
import { remarkCodeBlock } from "./plugins/code-block.server";
import { remarkCodeLanguages } from "./plugins/code-languages.server";
import { rehypeCollectOutline, type PageOutline } from "./plugins/collect.server";
import { remarkDirectives } from "./plugins/directives.server";
import { remarkHeadingIds } from "./plugins/heading-ids.server";
import { remarkCodePlaces, type CodePlace } from "./plugins/code-places.server";
import { remarkKnownComponents, type UnknownComponent } from "./plugins/known-components.server";
import { remarkLinks, type CollectedLink } from "./plugins/links.server";
import { rehypeCodeBreaks } from "./plugins/code-breaks.server";
import { rehypeTableCells } from "./plugins/table-cells.server";
import { preprocessMdx } from "../preprocess.server";
import { renderFailure } from "./render-failure.server";
import { ContentError, type SourcePage } from "./source.server";

export interface ContentWarning {
  file: string;
  line: number;
  column: number;
  message: string;
}

/** What compiling one page yields; cached by content hash. */
export interface CompiledBody extends PageOutline {
  html: string;
  links: CollectedLink[];
  warnings: ContentWarning[];
}

const ANCHOR_ICON = {
  type: "element" as const,
  tagName: "span",
  properties: { className: ["heading-anchor-icon"], ariaHidden: "true" },
  children: [{ type: "text" as const, value: "#" }],
};

interface EsbuildFailure {
  errors?: { text: string; location?: { line: number; column: number } | null }[];
}

const KNOWN_COMPONENTS = new Set(KNOWN_COMPONENT_NAMES);

// MDX states positions in its message: "10:1-10:40: Expected …" or "… for `<div>` (7:1-7:6)".
const LEADING_POSITION = /^(\d+):(\d+)(?:-\d+:\d+)?: /;
const TRAILING_POSITION = /\s*\((\d+):(\d+)(?:-\d+:\d+)?\)$/;

/** The author's place and message of an MDX failure reported through esbuild. */
export function mdxFailure(sourcePath: string, text: string, location: { line: number; column: number } | null | undefined): ContentError {
  let message = text.replace(/^\[plugin: @mdx-js\/esbuild\]\s*/, "").replace(/^Cannot process MDX file with esbuild:\s*/, "");
  let line = location?.line ?? 0;
  let column = (location?.column ?? 0) + 1;
  // The trailing one is the mistake's own ("1:1: Expected a closing tag for `<div>` (7:1-7:6)").
  const stated = message.match(TRAILING_POSITION) ?? message.match(LEADING_POSITION);
  if (stated) {
    // esbuild places some failures (an unclosed block tag) at 0:0 or 1:1; MDX's own position is the author's line.
    message = message.replace(LEADING_POSITION, "").replace(TRAILING_POSITION, "");
    line = Number(stated[1]);
    column = Number(stated[2]);
  }
  return new ContentError(sourcePath, line, column, message);
}

/**
 * Compiles one page with mdx-bundler (remark-gfm, rehype-slug and our
 * Docusaurus-compatible plugins) and renders it to HTML once, here, so the
 * browser never evaluates MDX code.
 */
/**
 * The compiler's own packages, loaded at the first compile rather than with
 * this module: a build that finds every page in the cache (a dev server's
 * start, a warm `npm run build`) never uses them, and they were most of its
 * module loading (about 1.5 s; docs/decisions/040-dev-server-speed.md).
 */
let compilerPackages: ReturnType<typeof loadCompilerPackages> | undefined;
async function loadCompilerPackages() {
  const [react, mdx, client, autolink, prettyCode, slug, directive, gfm] = await Promise.all([
    import("react-dom/server"),
    import("mdx-bundler"),
    import("mdx-bundler/client/index.js"),
    import("rehype-autolink-headings"),
    import("rehype-pretty-code"),
    import("rehype-slug"),
    import("remark-directive"),
    import("remark-gfm"),
  ]);
  return {
    renderToStaticMarkup: react.renderToStaticMarkup,
    bundleMDX: mdx.bundleMDX,
    getMDXComponent: client.getMDXComponent,
    rehypeAutolinkHeadings: autolink.default,
    rehypePrettyCode: prettyCode.default,
    rehypeSlug: slug.default,
    remarkDirective: directive.default,
    remarkGfm: gfm.default,
  };
}

export async function compilePage(
  page: Pick<SourcePage, "sourcePath" | "raw" | "body">,
  resolveSource: (relativePath: string) => string | null,
  /** Maps "/docs/…" and "/api…" links into the URLs of the page's docs version (app/content/versions.ts). */
  mapLink: (href: string) => string = (href) => href,
  /** The page's version's diagrams (its diagrams.json); null when the page shows none. */
  diagrams: DiagramData | null = null,
): Promise<CompiledBody> {
  const warnings: ContentWarning[] = [];
  const warn = (message: string, node?: Node) =>
    warnings.push({
      file: page.sourcePath,
      line: node?.position?.start.line ?? 0,
      column: node?.position?.start.column ?? 0,
      message,
    });
  const outline: PageOutline = { toc: [], anchors: [], sections: [] };
  const links: CollectedLink[] = [];
  const unknownComponents: UnknownComponent[] = [];
  const codePlaces: CodePlace[] = [];
  // Front matter stays in place so that MDX positions are the file's own lines.
  const frontmatter = page.raw.slice(0, page.raw.length - page.body.length);
  const source = frontmatter + preprocessMdx(page.body);

  compilerPackages ??= loadCompilerPackages();
  const {
    bundleMDX,
    getMDXComponent,
    rehypeAutolinkHeadings,
    rehypePrettyCode,
    rehypeSlug,
    remarkDirective,
    remarkGfm,
    renderToStaticMarkup,
  } = await compilerPackages;
  let code: string;
  try {
    ({ code } = await bundleMDX({
      source,
      mdxOptions(options) {
        options.remarkPlugins = [
          ...(options.remarkPlugins ?? []),
          // First, to see the author's own code only, before plugins add components of their own.
          [remarkCodePlaces, { places: codePlaces }],
          remarkGfm,
          remarkDirective,
          [remarkDirectives, { warn }],
          remarkHeadingIds,
          remarkCodeBlock,
          [remarkCodeLanguages, { warn }],
          [remarkLinks, { resolveSource, mapLink, collected: links }],
          [remarkKnownComponents, { known: KNOWN_COMPONENTS, unknown: unknownComponents }],
        ];
        options.rehypePlugins = [
          ...(options.rehypePlugins ?? []),
          [rehypePrettyCode, PRETTY_CODE_OPTIONS],
          rehypeSlug,
          [rehypeCollectOutline, outline],
          [
            rehypeAutolinkHeadings,
            {
              // Outside the heading, so the link's label is not read as part of the heading.
              behavior: "after",
              test: ["h2", "h3", "h4"],
              group: { type: "element", tagName: "div", properties: { className: ["heading-group"] }, children: [] },
              properties: (heading: Element) => ({
                className: ["heading-anchor"],
                ariaLabel: `Link to this section: ${hastToString(heading).trim()}`,
              }),
              content: ANCHOR_ICON,
            },
          ],
          rehypeCodeCopy,
          rehypeCodeBlockNames,
          rehypeCompactCode,
          rehypeAccessibleContent,
          rehypeTableCells,
          rehypeCodeBreaks,
        ];
        return options;
      },
      esbuildOptions(options) {
        options.logLevel = "silent";
        return options;
      },
    }));
  } catch (error) {
    const first = (error as EsbuildFailure).errors?.[0];
    if (!first) throw error;
    throw mdxFailure(page.sourcePath, first.text, first.location);
  }
  const [unknown] = unknownComponents;
  if (unknown) {
    throw new ContentError(
      page.sourcePath,
      unknown.line,
      unknown.column,
      `unknown component <${unknown.name}>: the components a page can use are ${[...KNOWN_COMPONENTS].sort().join(", ")} (app/content/mdx-components.tsx)`,
    );
  }

  let html: string;
  try {
    const Content = getMDXComponent(code);
    html = renderToStaticMarkup(createElement(Content, { components: diagrams ? mdxComponentsFor(diagrams) : versionlessComponents }));
  } catch (error) {
    throw renderFailure(page.sourcePath, error, codePlaces);
  }
  return { html, ...outline, links, warnings };
}
