// `npm run render-images`: the bitmaps made from our SVG drawings, rendered by
// Chromium (the one rasterizer this project already has) and committed:
//
//   public/img/social-card.svg → public/img/social-card.png  (1200×630, Open Graph / Twitter image)
//   public/favicon.svg         → public/favicon.ico           (16, 32 and 48 px PNGs in one ICO)
//   public/favicon.svg         → public/apple-touch-icon.png  (180×180, opaque: iOS rounds the corners itself)
//
// Run it again after changing one of the drawings. Nothing is fetched: the
// card's text is set in our self-hosted DM Sans, read from node_modules.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { brandColors } from "../app/site.config";

const root = join(import.meta.dirname, "..");
const publicDir = join(root, "public");
const SOCIAL_CARD = { width: 1200, height: 630 };
const FAVICON_SIZES = [16, 32, 48];
const TOUCH_ICON_SIZE = 180;
const FONT_WEIGHTS = [400, 500, 700];

/**
 * An ICO file holding PNG images (allowed since Windows Vista, read by every
 * browser): a 6-byte header, one 16-byte entry per image, then the PNGs.
 */
function encodeIco(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // width, 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1); // height
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3); // reserved
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

function dmSansFaces(): string {
  return FONT_WEIGHTS.map((weight) => {
    const file = join(root, `node_modules/@fontsource/dm-sans/files/dm-sans-latin-${weight}-normal.woff2`);
    const data = readFileSync(file).toString("base64");
    return `@font-face{font-family:"DM Sans";font-weight:${weight};src:url(data:font/woff2;base64,${data}) format("woff2")}`;
  }).join("");
}

/** An HTML page that shows `body` alone at 0,0 on `background`. */
function sheet(body: string, background: string, styles = ""): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>${styles}html,body{margin:0;background:${background}}svg,img{display:block}</style></head><body>${body}</body></html>`;
}

async function screenshot(
  browser: Browser,
  html: string,
  size: number | { width: number; height: number },
  transparent = false,
) {
  const viewport = typeof size === "number" ? { width: size, height: size } : size;
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
  try {
    await page.setContent(html, { waitUntil: "load" });
    return await page.screenshot({ type: "png", omitBackground: transparent, clip: { x: 0, y: 0, ...viewport } });
  } finally {
    await page.close();
  }
}

/** The social card, its SVG inlined in the page so that the page's fonts apply to its text. */
async function renderSocialCard(browser: Browser): Promise<Buffer> {
  const svg = readFileSync(join(publicDir, "img/social-card.svg"), "utf8");
  const page = await browser.newPage({ viewport: SOCIAL_CARD, deviceScaleFactor: 1 });
  try {
    await page.setContent(sheet(svg, brandColors.footerBackground, dmSansFaces()), { waitUntil: "load" });
    const missing = await page.evaluate(async (weights) => {
      await Promise.all(weights.map((weight) => document.fonts.load(`${weight} 40px "DM Sans"`)));
      await document.fonts.ready;
      return weights.filter((weight) => !document.fonts.check(`${weight} 40px "DM Sans"`));
    }, FONT_WEIGHTS);
    if (missing.length)
      throw new Error(`DM Sans ${missing.join(", ")} did not load; the card would fall back to another font`);
    return await page.screenshot({ type: "png", clip: { x: 0, y: 0, ...SOCIAL_CARD } });
  } finally {
    await page.close();
  }
}

function faviconPage(size: number, background: string): string {
  const svg = readFileSync(join(publicDir, "favicon.svg")).toString("base64");
  return sheet(`<img src="data:image/svg+xml;base64,${svg}" width="${size}" height="${size}" alt="">`, background);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--font-render-hinting=none",
  ],
});
try {
  const outputs: [string, Buffer][] = [
    ["img/social-card.png", await renderSocialCard(browser)],
    [
      "favicon.ico",
      encodeIco(
        await Promise.all(
          FAVICON_SIZES.map(async (size) => ({
            size,
            png: await screenshot(browser, faviconPage(size, "transparent"), size, true),
          })),
        ),
      ),
    ],
    // The drawing's own background fills the corners that the SVG leaves transparent.
    [
      "apple-touch-icon.png",
      await screenshot(browser, faviconPage(TOUCH_ICON_SIZE, brandColors.footerBackground), TOUCH_ICON_SIZE),
    ],
  ];
  for (const [path, bytes] of outputs) {
    writeFileSync(join(publicDir, path), bytes);
    console.log(`public/${path}: ${bytes.length} bytes`);
  }
} finally {
  await browser.close();
}
