import { createFontStack, type FontMetrics } from "@capsizecss/core";
import arial from "@capsizecss/metrics/arial";
import courierNew from "@capsizecss/metrics/courierNew";
import dmSans from "@capsizecss/metrics/dMSans";
import firaCode from "@capsizecss/metrics/firaCode";
import roboto from "@capsizecss/metrics/roboto";
import robotoMono from "@capsizecss/metrics/robotoMono";

/**
 * Metric-matched fallback faces for DM Sans and Fira Code, computed by Capsize
 * from the fonts' published metrics (size-adjust, ascent, descent and line-gap
 * overrides on a local() face, as next/font and fontaine generate): text set
 * in a fallback takes the room the web font will, so a late font moves nothing
 * (docs/decisions/026-reader-layout.md). Read by tailwind.config.ts at build
 * time: none of this reaches the browser as code.
 *
 * One face per common system font: Arial (Windows, macOS), Roboto (Android);
 * Liberation Sans and Liberation Mono (Linux) have Arial's and Courier New's
 * metrics by design, so they share those faces; DejaVu Sans and DejaVu Sans
 * Mono, what a Linux system without them falls back to, last.
 */
const METRIC_TWINS: Record<string, string[]> = {
  Arial: ["Liberation Sans"],
  "Courier New": ["Liberation Mono"],
};

/**
 * Capsize's collection has no DejaVu. These are the files' own figures
 * (fonts-dejavu-core 2.37 as Debian ships it): units, ascent, descent and line
 * gap from their tables and the average width of English text, as
 * @capsizecss/unpack reads them; cap and x height from the H and x glyphs.
 */
const dejaVuSans: FontMetrics = {
  familyName: "DejaVu Sans",
  fullName: "DejaVu Sans",
  postscriptName: "DejaVuSans",
  category: "sans-serif",
  capHeight: 1493,
  ascent: 1901,
  descent: -483,
  lineGap: 0,
  unitsPerEm: 2048,
  xHeight: 1120,
  xWidthAvg: 1041,
};
const dejaVuSansMono: FontMetrics = {
  ...dejaVuSans,
  familyName: "DejaVu Sans Mono",
  fullName: "DejaVu Sans Mono",
  postscriptName: "DejaVuSansMono",
  category: "monospace",
  xWidthAvg: 1233,
};

type Face = Record<string, string>;

function stack(font: FontMetrics, fallbacks: FontMetrics[]) {
  const { fontFamily, fontFaces } = createFontStack([font, ...fallbacks], { fontFaceFormat: "styleObject" });
  const faces = fontFaces.map(({ "@font-face": face }) => {
    const family = fallbacks.find((fallback) => face.fontFamily.includes(`Fallback: ${fallback.familyName}`));
    const twins = (family && METRIC_TWINS[family.familyName]) ?? [];
    const src = [face.src, ...twins.map((twin) => `local('${twin}')`)].join(", ");
    return { ...face, src } as Face;
  });
  // The web font and its fallback faces, for the front of Tailwind's fontFamily list.
  const families = fontFamily
    .split(/,\s*/)
    .map((name) => name.replace(/^"|"$/g, ""))
    .slice(0, 1 + fallbacks.length);
  return { families, faces };
}

export const sansFallback = stack(dmSans, [arial, roboto, dejaVuSans]);
export const monoFallback = stack(firaCode, [courierNew, robotoMono, dejaVuSansMono]);
