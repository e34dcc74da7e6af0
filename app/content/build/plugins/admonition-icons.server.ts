import type { Element } from "hast";

export const ADMONITION_TYPES = ["note", "tip", "info", "warning", "danger"] as const;
export type AdmonitionType = (typeof ADMONITION_TYPES)[number];

// Our own 24×24 line icons, drawn with the text colour (stroke="currentColor").
const SHAPES: Record<AdmonitionType, string[]> = {
  note: ["M7 3h7l4 4v14H7z", "M14 3v4h4", "M10 12h5", "M10 16h5"],
  tip: ["M9 18h6", "M10 21h4", "M12 3a6 6 0 0 0-3.6 10.8c.7.6 1.1 1.3 1.1 2.2h5c0-.9.4-1.6 1.1-2.2A6 6 0 0 0 12 3z"],
  info: ["M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z", "M12 11v6", "M12 7.5v.5"],
  warning: ["M12 3.5 2.5 20h19z", "M12 10v4.5", "M12 17.5v.5"],
  danger: ["M8.3 3h7.4L21 8.3v7.4L15.7 21H8.3L3 15.7V8.3z", "M9.5 9.5l5 5", "M14.5 9.5l-5 5"],
};

export function admonitionIcon(type: AdmonitionType): Element {
  return {
    type: "element",
    tagName: "svg",
    properties: {
      viewBox: "0 0 24 24",
      width: "18",
      height: "18",
      fill: "none",
      stroke: "currentColor",
      strokeWidth: "2",
      strokeLinecap: "round",
      strokeLinejoin: "round",
      focusable: "false",
    },
    children: SHAPES[type].map((d) => ({ type: "element", tagName: "path", properties: { d }, children: [] })),
  };
}
