import type { Nodes, Paragraph, PhrasingContent, Root, RootContent } from "mdast";
import type { ContainerDirective } from "mdast-util-directive";
import { toString } from "mdast-util-to-string";
import type { VFile } from "vfile";
import type { Warn } from "./warn";
import { visit } from "unist-util-visit";
// Brings in the hName/hProperties/hChildren fields on mdast data that mdast-util-to-hast reads.
import type {} from "mdast-util-to-hast";
import { admonitionIcon, ADMONITION_TYPES, type AdmonitionType } from "./admonition-icons.server";

const LABELS: Record<AdmonitionType, string> = {
  note: "Note",
  tip: "Tip",
  info: "Info",
  warning: "Warning",
  danger: "Danger",
};

function isAdmonition(name: string): name is AdmonitionType {
  return (ADMONITION_TYPES as readonly string[]).includes(name);
}

function toAdmonition(node: ContainerDirective): void {
  const type = node.name as AdmonitionType;
  const first = node.children[0];
  const label = first?.type === "paragraph" && first.data?.directiveLabel ? first : null;
  const body = label ? node.children.slice(1) : node.children;
  const titleChildren: PhrasingContent[] = label
    ? (label as Paragraph).children
    : [{ type: "text", value: LABELS[type] }];
  const titleText = label ? toString(label) : LABELS[type];

  node.data = {
    hName: "aside",
    hProperties: {
      className: ["admonition", `admonition-${type}`],
      role: "note",
      ariaLabel: titleText === LABELS[type] ? LABELS[type] : `${LABELS[type]}: ${titleText}`,
    },
  };
  const heading: Paragraph = {
    type: "paragraph",
    data: { hName: "p", hProperties: { className: ["admonition-heading"] } },
    children: [
      {
        type: "text",
        value: "",
        data: { hName: "span", hProperties: { className: ["admonition-icon"], ariaHidden: "true" }, hChildren: [admonitionIcon(type)] },
      },
      ...titleChildren,
    ],
  };
  const content = {
    type: "blockquote",
    data: { hName: "div", hProperties: { className: ["admonition-content"] } },
    children: body,
  } as unknown as RootContent;
  node.children = [heading, content] as ContainerDirective["children"];
}

/**
 * remark-directive reads ":name" anywhere in prose ("smritihq/api:master",
 * "10:30am"). Only the admonition containers are ours; every other directive
 * is put back as the text the author wrote.
 */
export function remarkDirectives(options: { warn: Warn }) {
  return (tree: Root, file: VFile) => {
    const source = String(file.value);
    visit(tree, (node: Nodes, index, parent) => {
      if (node.type === "containerDirective" && isAdmonition(node.name)) {
        toAdmonition(node);
        return;
      }
      if (node.type !== "textDirective" && node.type !== "leafDirective" && node.type !== "containerDirective") {
        return;
      }
      if (!parent || index === undefined) return;
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      const original = start !== undefined && end !== undefined ? source.slice(start, end) : `:${node.name}`;
      if (node.type === "textDirective") {
        parent.children.splice(index, 1, { type: "text", value: original } as never);
      } else {
        options.warn(`unknown directive ":${node.name}" kept as text`, node);
        parent.children.splice(index, 1, { type: "paragraph", children: [{ type: "text", value: original }] } as never);
      }
      return index + 1;
    });
  };
}
