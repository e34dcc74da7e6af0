import type { Heading, Root, Text } from "mdast";
import { visit } from "unist-util-visit";
// Brings in the hName/hProperties/hChildren fields on mdast data that mdast-util-to-hast reads.
import type {} from "mdast-util-to-hast";
import { splitHeadingId } from "../../preprocess.server";

/**
 * Docusaurus heading ids: "## Title {#custom-id}" (escaped by preprocessMdx)
 * sets the heading's id and the "{#…}" part leaves the text. rehype-slug keeps
 * an id that is already there.
 */
export function remarkHeadingIds() {
  return (tree: Root) => {
    visit(tree, "heading", (heading: Heading) => {
      const last = heading.children.at(-1);
      if (last?.type !== "text") return;
      const split = splitHeadingId((last as Text).value);
      if (!split) return;
      (last as Text).value = split.text;
      heading.data = {
        ...heading.data,
        hProperties: { ...heading.data?.hProperties, id: split.id },
      };
    });
  };
}
