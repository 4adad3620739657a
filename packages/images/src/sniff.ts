/**
 * What an image file is, from its first bytes: the media type (by magic number, never by file
 * name) and its width and height from the header (PNG IHDR, GIF screen descriptor, JPEG SOF
 * marker, WebP VP8/VP8L/VP8X chunk). `undefined` when the bytes are none of PNG/JPEG/GIF/WebP.
 */
import type { ImageMediaType } from "@picasso/protocol";

export interface SniffedImage {
  mediaType: ImageMediaType;
  /** Undefined when the header could not be read (a cut or odd file). */
  width?: number;
  height?: number;
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function sniffImage(bytes: Uint8Array): SniffedImage | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 8 && PNG_MAGIC.every((v, i) => b[i] === v)) {
    if (b.length < 24) return { mediaType: "image/png" };
    return sized("image/png", b.readUInt32BE(16), b.readUInt32BE(20));
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpeg(b);
  const head = b.subarray(0, 6).toString("latin1");
  if (head === "GIF87a" || head === "GIF89a") {
    if (b.length < 10) return { mediaType: "image/gif" };
    return sized("image/gif", b.readUInt16LE(6), b.readUInt16LE(8));
  }
  if (b.length >= 12 && b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP")
    return webp(b);
  return undefined;
}

function sized(mediaType: ImageMediaType, width: number, height: number): SniffedImage {
  return width > 0 && height > 0 ? { mediaType, width, height } : { mediaType };
}

/** Walk the JPEG markers to the first start-of-frame (SOF0…SOF15 but DHT, JPG and DAC). */
function jpeg(b: Buffer): SniffedImage {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return { mediaType: "image/jpeg" };
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = b.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return sized("image/jpeg", b.readUInt16BE(at + 7), b.readUInt16BE(at + 5));
    at += 2 + length;
  }
  return { mediaType: "image/jpeg" };
}

function webp(b: Buffer): SniffedImage {
  const chunk = b.toString("latin1", 12, 16);
  if (chunk === "VP8 " && b.length >= 30)
    return sized("image/webp", b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff);
  if (chunk === "VP8L" && b.length >= 25) {
    const bits = b.readUInt32LE(21);
    return sized("image/webp", (bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === "VP8X" && b.length >= 30)
    return sized("image/webp", b.readUIntLE(24, 3) + 1, b.readUIntLE(27, 3) + 1);
  return { mediaType: "image/webp" };
}
