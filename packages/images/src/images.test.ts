import jpeg from "jpeg-js";
import pngjs from "pngjs";
import { describe, expect, it } from "vitest";
import { MAX_IMAGE_BASE64_BYTES, MAX_IMAGE_SIDE } from "./caps.js";
import { prepareImage } from "./prepare-image.js";
import { findImageMentions } from "./prompt-mentions.js";
import { sniffImage } from "./sniff.js";

function png(width: number, height: number, noise = false): Buffer {
  const image = new pngjs.PNG({ width, height });
  for (let i = 0; i < image.data.length; i += 4) {
    const v = noise ? Math.floor(Math.random() * 256) : (i / 4) % 256;
    image.data[i] = v;
    image.data[i + 1] = 255 - v;
    image.data[i + 2] = 128;
    image.data[i + 3] = 255;
  }
  return pngjs.PNG.sync.write(image);
}

function jpg(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4, 200);
  return jpeg.encode({ width, height, data }, 90).data;
}

const gif = Buffer.concat([
  Buffer.from("GIF89a", "latin1"),
  Buffer.from([0x20, 0x00, 0x10, 0x00]),
  Buffer.alloc(20),
]);
const webpLossless = (() => {
  const b = Buffer.alloc(30);
  b.write("RIFF", 0, "latin1");
  b.write("WEBP", 8, "latin1");
  b.write("VP8L", 12, "latin1");
  b[20] = 0x2f;
  b.writeUInt32LE((99 & 0x3fff) | ((49 & 0x3fff) << 14), 21);
  return b;
})();

describe("sniffImage", () => {
  it("knows PNG, JPEG, GIF and WebP by their bytes, with their size", () => {
    expect(sniffImage(png(30, 20))).toEqual({ mediaType: "image/png", width: 30, height: 20 });
    expect(sniffImage(jpg(40, 10))).toEqual({ mediaType: "image/jpeg", width: 40, height: 10 });
    expect(sniffImage(gif)).toEqual({ mediaType: "image/gif", width: 32, height: 16 });
    expect(sniffImage(webpLossless)).toEqual({ mediaType: "image/webp", width: 100, height: 50 });
  });
  it("says undefined for text", () => {
    expect(sniffImage(Buffer.from("hello, not an image"))).toBeUndefined();
  });
});

describe("prepareImage", () => {
  it("keeps a small image as it is, with its hash and size", () => {
    const bytes = png(10, 10);
    const result = prepareImage(bytes, "shot.png");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.block).toMatchObject({
      type: "image",
      mediaType: "image/png",
      bytes: bytes.length,
      width: 10,
      height: 10,
    });
    expect(Buffer.from(result.block.data!, "base64").equals(bytes)).toBe(true);
    expect(result.block.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(result.downscaledFrom).toBeUndefined();
  });
  it("downscales a PNG over the longest-side cap, keeping its aspect", () => {
    const result = prepareImage(png(3200, 800), "wide.png");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.block.width).toBe(MAX_IMAGE_SIDE);
    expect(result.block.height).toBe(392);
    expect(sniffImage(Buffer.from(result.block.data!, "base64"))).toEqual({
      mediaType: "image/png",
      width: MAX_IMAGE_SIDE,
      height: 392,
    });
    expect(result.downscaledFrom).toEqual({ width: 3200, height: 800 });
  });
  it("downscales a JPEG and re-encodes it as JPEG", () => {
    const result = prepareImage(jpg(2000, 1000), "photo.jpg");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.block).toMatchObject({ mediaType: "image/jpeg", width: MAX_IMAGE_SIDE, height: 784 });
  });
  it("shrinks a noisy PNG further until its base64 fits the byte cap", () => {
    const result = prepareImage(png(1500, 1500, true), "noise.png");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.block.data!.length).toBeLessThanOrEqual(MAX_IMAGE_BASE64_BYTES);
    expect(result.block.width).toBeLessThan(1500);
  });
  it("refuses what is not an image, and a GIF too large to send as it is", () => {
    expect(prepareImage(Buffer.from("just text"), "notes.png")).toEqual({
      ok: false,
      reason: "not a PNG, JPEG, GIF or WebP image",
    });
    const huge = Buffer.from(gif);
    huge.writeUInt16LE(9000, 6);
    const result = prepareImage(huge, "big.gif");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain("convert it to PNG or JPEG");
  });
});

describe("findImageMentions", () => {
  it("finds @mentions, quoted and escaped dropped paths, and skips plain words", () => {
    expect(
      findImageMentions(
        `look at @shot.png, then '/tmp/my shot.PNG' and /home/u/a\\ b.jpg or docs/x.webp; logo.png is text @notes.txt`,
      ),
    ).toEqual([
      { path: "shot.png", explicit: true },
      { path: "/tmp/my shot.PNG", explicit: false },
      { path: "/home/u/a b.jpg", explicit: false },
      { path: "docs/x.webp", explicit: false },
    ]);
  });
  it("decodes file:// URIs and names each path once", () => {
    expect(findImageMentions("file:///tmp/a%20b.gif @a.png @a.png")).toEqual([
      { path: "/tmp/a b.gif", explicit: false },
      { path: "a.png", explicit: true },
    ]);
  });
});
