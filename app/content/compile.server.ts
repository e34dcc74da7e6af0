import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { bundleMDX } from "mdx-bundler";
import { getMDXComponent } from "mdx-bundler/client/index.js";
import rehypeAutolinkHeadings from "rehype-autolink-headings";
import rehypePrettyCode from "rehype-pretty-code";
import rehypeSlug from "rehype-slug";
import remarkDirective from "remark-directive";
import remarkGfm from "remark-gfm";
import type { Element } from "hast";
import { toString as hastToString } from "hast-util-to-string";
import type { Node } from "unist";
import { mdxComponents } from "./mdx-components";
import { rehypeAccessibleContent } from "./plugins/accessible-content.server";
import { rehypeCodeCopy } from "./plugins/code-copy.server";
import { rehypeCompactCode } from "./plugins/compact-code.server";
import { remarkCodeLanguages } from "./plugins/code-languages.server";
import { rehypeCollectOutline, type PageOutline } from "./plugins/collect.server";
import { remarkDirectives } from "./plugins/directives.server";
import { remarkHeadingIds } from "./plugins/heading-ids.server";
import { remarkLinks, type CollectedLink } from "./plugins/links.server";
import { rehypeTableCells } from "./plugins/table-cells.server";
import { preprocessMdx } from "./preprocess.server";
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

// The high-contrast GitHub themes: every token colour meets 4.5:1 on our code backgrounds.
export const CODE_THEMES = { light: "github-light-high-contrast", dark: "github-dark-high-contrast" } as const;

const ANCHOR_ICON = {
  type: "element" as const,
  tagName: "span",
  properties: { className: ["heading-anchor-icon"], ariaHidden: "true" },
  children: [{ type: "text" as const, value: "#" }],
};

interface EsbuildFailure {
  errors?: { text: string; location?: { line: number; column: number } | null }[];
}

/**
 * Compiles one page with mdx-bundler (remark-gfm, rehype-slug and our
 * Docusaurus-compatible plugins) and renders it to HTML once, here, so the
 * browser never evaluates MDX code.
 */
export async function compilePage(
  page: Pick<SourcePage, "sourcePath" | "raw" | "body">,
  resolveSource: (relativePath: string) => string | null,
  /** Maps "/docs/…" and "/api…" links into the URLs of the page's docs version (app/content/versions.ts). */
  mapLink: (href: string) => string = (href) => href,
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
  // Front matter stays in place so that MDX positions are the file's own lines.
  const frontmatter = page.raw.slice(0, page.raw.length - page.body.length);
  const source = frontmatter + preprocessMdx(page.body);

  let code: string;
  try {
    ({ code } = await bundleMDX({
      source,
      mdxOptions(options) {
        options.remarkPlugins = [
          ...(options.remarkPlugins ?? []),
          remarkGfm,
          remarkDirective,
          [remarkDirectives, { warn }],
          remarkHeadingIds,
          [remarkCodeLanguages, { warn }],
          [remarkLinks, { resolveSource, mapLink, collected: links }],
        ];
        options.rehypePlugins = [
          ...(options.rehypePlugins ?? []),
          [rehypePrettyCode, { theme: CODE_THEMES, keepBackground: false, defaultLang: { block: "text" } }],
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
          rehypeCompactCode,
          rehypeAccessibleContent,
          rehypeTableCells,
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
    throw new ContentError(
      page.sourcePath,
      first.location?.line ?? 0,
      (first.location?.column ?? 0) + 1,
      // esbuild wraps MDX's own message: "Cannot process MDX file with esbuild:\n  10:1-10:40: Expected …".
      first.text.replace(/^\[plugin: @mdx-js\/esbuild\]\s*/, "").replace(/^Cannot process MDX file with esbuild:\s*(?:\d+:\d+(?:-\d+:\d+)?: )?/, ""),
    );
  }

  const Content = getMDXComponent(code);
  const html = renderToStaticMarkup(createElement(Content, { components: mdxComponents }));
  return { html, ...outline, links, warnings };
}
