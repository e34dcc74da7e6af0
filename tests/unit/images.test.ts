import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { SOCIAL_IMAGE } from "../../app/lib/meta";
import { readSiteConfig } from "../../app/config.server";

// The bitmaps scripts/render-images.ts renders from our SVG drawings, read
// byte by byte: no image library, only the file formats' own headers.

const publicDir = join(import.meta.dirname, "../../public");
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
}

/** The IHDR chunk, which the PNG format puts first, right after the signature. */
function pngHeader(bytes: Buffer): PngHeader {
  assert.ok(bytes.subarray(0, 8).equals(PNG_SIGNATURE), "PNG signature");
  assert.equal(bytes.readUInt32BE(8), 13, "IHDR length");
  assert.equal(bytes.toString("latin1", 12, 16), "IHDR");
  return {
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
    bitDepth: bytes[24]!,
    colourType: bytes[25]!,
  };
}

interface IcoImage {
  width: number;
  height: number;
  bitCount: number;
  data: Buffer;
}

function parseIco(bytes: Buffer): IcoImage[] {
  assert.equal(bytes.readUInt16LE(0), 0, "reserved");
  assert.equal(bytes.readUInt16LE(2), 1, "type 1 is an icon");
  const count = bytes.readUInt16LE(4);
  return Array.from({ length: count }, (_, index) => {
    const entry = 6 + 16 * index;
    const size = bytes.readUInt32LE(entry + 8);
    const offset = bytes.readUInt32LE(entry + 12);
    assert.ok(offset >= 6 + 16 * count && offset + size <= bytes.length, `image ${index} lies inside the file`);
    return {
      width: bytes[entry] || 256,
      height: bytes[entry + 1] || 256,
      bitCount: bytes.readUInt16LE(entry + 6),
      data: bytes.subarray(offset, offset + size),
    };
  });
}

const read = (path: string) => readFileSync(join(publicDir, path));

describe("the social card", () => {
  test("the PNG is 1200×630, the size the Open Graph tags announce", () => {
    const header = pngHeader(read("img/social-card.png"));
    assert.deepEqual({ width: header.width, height: header.height }, { width: 1200, height: 630 });
    assert.deepEqual({ width: SOCIAL_IMAGE.width, height: SOCIAL_IMAGE.height }, { width: 1200, height: 630 });
    assert.equal(SOCIAL_IMAGE.path, "/img/social-card.png");
  });

  test("the SVG source is 1200×630 and carries the brand, tagline and brand colours of the site configuration", () => {
    const svg = read("img/social-card.svg").toString("utf8");
    const config = readSiteConfig({});
    assert.match(svg, /<svg [^>]*width="1200" height="630" viewBox="0 0 1200 630"/);
    assert.match(svg, new RegExp(`>${config.brand}</text>`));
    assert.match(svg, new RegExp(`>${config.tagline}</text>`));
    for (const colour of [config.colors.primary, config.colors.footerBackground])
      assert.ok(svg.includes(colour), colour);
    assert.match(svg, /font-family="'DM Sans', sans-serif"/);
    assert.doesNotMatch(svg, /href="https?:/, "nothing to fetch");
  });
});

describe("the icons", () => {
  test("apple-touch-icon.png is 180×180 and opaque", () => {
    const header = pngHeader(read("apple-touch-icon.png"));
    assert.deepEqual(header, { width: 180, height: 180, bitDepth: 8, colourType: 2 });
  });

  test("favicon.ico holds 16, 32 and 48 px PNG images whose headers agree with the directory", () => {
    const images = parseIco(read("favicon.ico"));
    assert.deepEqual(
      images.map((image) => [image.width, image.height, image.bitCount]),
      [
        [16, 16, 32],
        [32, 32, 32],
        [48, 48, 32],
      ],
    );
    for (const image of images) {
      const header = pngHeader(image.data);
      assert.deepEqual({ width: header.width, height: header.height }, { width: image.width, height: image.height });
      assert.equal(header.colourType, 6, "RGBA: the rounded corners stay transparent");
    }
  });
});
