import type { Page } from "@playwright/test";

/** A rectangle of a screenshot, in its pixels. */
export type Strip = { x: number; y: number; width: number; height: number };

/**
 * Runs in a page with scripts on: the median colour (red, green, blue) of
 * each strip of a PNG. The median, so that a table's row rules or a stray
 * glyph in a strip do not decide its colour.
 */
async function medianColours({ png, strips }: { png: string; strips: Strip[] }): Promise<number[][]> {
  const image = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = canvas.getContext("2d")!;
  context.drawImage(image, 0, 0);
  return strips.map((strip) => {
    const { data } = context.getImageData(strip.x, strip.y, strip.width, strip.height);
    const channels: number[][] = [[], [], []];
    for (let at = 0; at < data.length; at += 4) for (let c = 0; c < 3; c += 1) channels[c]!.push(data[at + c]!);
    return channels.map((values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!);
  });
}

/** The median colour of each strip of `png`, read by `probe` (a page with scripts on; any page). */
export function stripColours(probe: Page, png: Buffer, strips: Strip[]): Promise<number[][]> {
  return probe.evaluate(medianColours, { png: png.toString("base64"), strips });
}

/** WCAG's contrast ratio of two sRGB colours. */
export function contrast(a: number[], b: number[]): number {
  const luminance = (rgb: number[]) => {
    const [r, g, b] = rgb.map((value) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The largest difference of two colours in one channel (0 to 255): 3 or less is the same colour to a reader. */
export function distance(a: number[], b: number[]): number {
  return Math.max(...a.map((value, i) => Math.abs(value - b[i]!)));
}
