/**
 * Image bytes → an image block within the caps (caps.ts), or the reason it cannot be one.
 *
 * The type is sniffed from the bytes. PNG and JPEG over `MAX_IMAGE_SIDE` are decoded (pngjs,
 * jpeg-js: pure JS), shrunk by area averaging and re-encoded in their own format; one whose base64
 * is still over `MAX_IMAGE_BASE64_BYTES` is shrunk again (three quarters each time) down to
 * `MIN_SHRINK_SIDE`. GIF and WebP are never re-encoded (no pure-JS encoder is worth its weight):
 * they go as they are within the caps, and are refused above them with what to do.
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { formatByteSize, type ImageBlock, type ImageMediaType } from "@picasso/protocol";
import type jpegJs from "jpeg-js";
import type pngjsModule from "pngjs";
import {
  base64Length,
  JPEG_QUALITY,
  MAX_DECODE_PIXELS,
  MAX_IMAGE_BASE64_BYTES,
  MAX_IMAGE_SIDE,
  MAX_UNSCALED_SIDE,
  MIN_SHRINK_SIDE,
} from "./caps.js";
import { downscale, fitWithin, type Pixels } from "./downscale.js";
import { sniffImage } from "./sniff.js";

// The codecs load with the first image that needs shrinking, not with the session (start-up).
const requireHere = createRequire(import.meta.url);
const pngjs = () => requireHere("pngjs") as typeof pngjsModule;
const jpeg = () => requireHere("jpeg-js") as typeof jpegJs;

export type PreparedImage =
  | { ok: true; block: ImageBlock; downscaledFrom?: { width: number; height: number } }
  | { ok: false; reason: string };

const NOT_AN_IMAGE = "not a PNG, JPEG, GIF or WebP image";

export function prepareImage(bytes: Uint8Array, name: string): PreparedImage {
  const sniffed = sniffImage(bytes);
  if (!sniffed) return { ok: false, reason: NOT_AN_IMAGE };
  const { mediaType, width, height } = sniffed;
  const fits =
    width !== undefined &&
    height !== undefined &&
    Math.max(width, height) <= MAX_IMAGE_SIDE &&
    base64Length(bytes.byteLength) <= MAX_IMAGE_BASE64_BYTES;
  if (fits) return { ok: true, block: imageBlock(bytes, mediaType, name, width, height) };
  if (mediaType === "image/gif" || mediaType === "image/webp")
    return unscaled(bytes, mediaType, name, width, height);
  if (width !== undefined && height !== undefined && width * height > MAX_DECODE_PIXELS)
    return {
      ok: false,
      reason: `${width}×${height} pixels is more than Picasso decodes (${MAX_DECODE_PIXELS / 1_000_000} megapixels); resize it first`,
    };
  let pixels: Pixels;
  try {
    pixels = mediaType === "image/png" ? decodePng(bytes) : decodeJpeg(bytes);
  } catch (error) {
    return { ok: false, reason: `a damaged ${formatName(mediaType)} (${(error as Error).message})` };
  }
  let side = Math.min(MAX_IMAGE_SIDE, Math.max(pixels.width, pixels.height));
  for (;;) {
    const size = fitWithin(pixels.width, pixels.height, side);
    const small =
      size.width === pixels.width && size.height === pixels.height
        ? pixels
        : downscale(pixels, size.width, size.height);
    const encoded = mediaType === "image/png" ? encodePng(small) : encodeJpeg(small);
    if (base64Length(encoded.byteLength) <= MAX_IMAGE_BASE64_BYTES)
      return {
        ok: true,
        block: imageBlock(encoded, mediaType, name, small.width, small.height),
        downscaledFrom: { width: pixels.width, height: pixels.height },
      };
    if (side <= MIN_SHRINK_SIDE)
      return {
        ok: false,
        reason: `still over ${formatByteSize(MAX_IMAGE_BASE64_BYTES)} of base64 at ${side} px`,
      };
    side = Math.max(MIN_SHRINK_SIDE, Math.floor(side * 0.75));
  }
}

/** One line for people: `shot.png (image/png, 800×600, 12.0 KB)`. */
export function describeImage(block: ImageBlock): string {
  const size = block.width && block.height ? `, ${block.width}×${block.height}` : "";
  return `${block.name ?? "image"} (${block.mediaType}${size}, ${formatByteSize(block.bytes)})`;
}

function unscaled(
  bytes: Uint8Array,
  mediaType: ImageMediaType,
  name: string,
  width: number | undefined,
  height: number | undefined,
): PreparedImage {
  const format = formatName(mediaType);
  if (width === undefined || height === undefined)
    return { ok: false, reason: `a ${format} whose size cannot be read` };
  if (Math.max(width, height) > MAX_UNSCALED_SIDE)
    return {
      ok: false,
      reason: `a ${width}×${height} ${format}: over ${MAX_UNSCALED_SIDE} px and Picasso does not downscale ${format}; convert it to PNG or JPEG`,
    };
  if (base64Length(bytes.byteLength) > MAX_IMAGE_BASE64_BYTES)
    return {
      ok: false,
      reason: `a ${formatByteSize(bytes.byteLength)} ${format}: over the ${formatByteSize(MAX_IMAGE_BASE64_BYTES)} base64 cap and Picasso does not re-encode ${format}; convert it to PNG or JPEG`,
    };
  return { ok: true, block: imageBlock(bytes, mediaType, name, width, height) };
}

function formatName(mediaType: ImageMediaType): string {
  return { "image/png": "PNG", "image/jpeg": "JPEG", "image/gif": "GIF", "image/webp": "WebP" }[mediaType];
}

function imageBlock(
  bytes: Uint8Array,
  mediaType: ImageMediaType,
  name: string,
  width: number | undefined,
  height: number | undefined,
): ImageBlock {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    type: "image",
    mediaType,
    data: buffer.toString("base64"),
    sha256: createHash("sha256").update(buffer).digest("hex"),
    bytes: buffer.byteLength,
    ...(width !== undefined && height !== undefined ? { width, height } : {}),
    name,
  };
}

function decodePng(bytes: Uint8Array): Pixels {
  const png = pngjs().PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return { width: png.width, height: png.height, data: png.data };
}

function encodePng(pixels: Pixels): Buffer {
  const png = new (pngjs().PNG)({ width: pixels.width, height: pixels.height });
  png.data = Buffer.from(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength);
  return pngjs().PNG.sync.write(png);
}

function decodeJpeg(bytes: Uint8Array): Pixels {
  const image = jpeg().decode(bytes, {
    useTArray: true,
    formatAsRGBA: true,
    maxResolutionInMP: MAX_DECODE_PIXELS / 1_000_000,
    maxMemoryUsageInMB: 1024,
  });
  return { width: image.width, height: image.height, data: image.data };
}

function encodeJpeg(pixels: Pixels): Buffer {
  return jpeg().encode({ width: pixels.width, height: pixels.height, data: pixels.data }, JPEG_QUALITY).data;
}
