import type { Definition, Image, Link, Root } from "mdast";
import { visit } from "unist-util-visit";

export interface CollectedLink {
  /** The target as the author wrote it. */
  href: string;
  /** The target after relative source links were turned into page URLs and site links mapped into the page's version. */
  resolved: string;
  line: number;
  column: number;
  /** A relative link to a .md/.mdx file that matched no page. */
  unresolvedSource: boolean;
  /** An image's source rather than a link. */
  image: boolean;
}

const SOURCE_LINK = /^(?![a-z][a-z0-9+.-]*:|\/|#)(.*?\.mdx?)(#.*)?$/i;

/**
 * Collects every link of a page with its position and rewrites relative links
 * to source files ("./installation.mdx", "../features/albums.md") into page
 * URLs, using `resolveSource` (source path relative to the page's file →
 * page URL, or null), and site links ("/docs/…", "/api#…") into the URLs of
 * the page's docs version, using `mapLink`.
 */
export function remarkLinks(options: {
  resolveSource: (relativePath: string) => string | null;
  mapLink: (href: string) => string;
  collected: CollectedLink[];
}) {
  return (tree: Root) => {
    visit(tree, (node) => {
      // Images too: a picture that is not there is as broken as a link.
      if (node.type !== "link" && node.type !== "definition" && node.type !== "image") return;
      const link = node as Link | Definition | Image;
      const match = link.url.match(SOURCE_LINK);
      // Relative source links resolve inside the page's own tree, so they are in its version already.
      let resolved = options.mapLink(link.url);
      let unresolvedSource = false;
      if (match?.[1]) {
        const url = options.resolveSource(decodeURI(match[1]));
        if (url) resolved = url + (match[2] ?? "");
        else unresolvedSource = true;
      }
      options.collected.push({
        href: link.url,
        resolved,
        line: link.position?.start.line ?? 0,
        column: link.position?.start.column ?? 0,
        unresolvedSource,
        image: node.type === "image",
      });
      link.url = resolved;
    });
  };
}
