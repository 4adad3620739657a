/**
 * The size caps every image passes before it is sent (docs/images.md):
 * - PNG and JPEG larger than `MAX_IMAGE_SIDE` pixels on their longest side are downscaled to it;
 * - the base64 of an image is at most `MAX_IMAGE_BASE64_BYTES` (a downscaled PNG or JPEG still
 *   above it is shrunk further, to `MIN_SHRINK_SIDE` at the least; GIF and WebP are not re-encoded
 *   and are refused above it);
 * - GIF and WebP are sent as they are up to `MAX_UNSCALED_SIDE` pixels on their longest side;
 * - a file above `MAX_IMAGE_FILE_BYTES` is not read, and one above `MAX_DECODE_PIXELS` pixels is
 *   not decoded (the memory a decode takes grows with its pixels);
 * - a user turn takes at most `MAX_IMAGES_PER_TURN` images (later ones get a note).
 */
export const MAX_IMAGE_SIDE = 1568;
export const MAX_IMAGE_BASE64_BYTES = 5 * 1024 * 1024;
export const MAX_UNSCALED_SIDE = 8000;
export const MAX_IMAGE_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_DECODE_PIXELS = 50_000_000;
export const MIN_SHRINK_SIDE = 256;
export const MAX_IMAGES_PER_TURN = 20;
/** JPEG quality of a re-encoded JPEG. */
export const JPEG_QUALITY = 85;

/** Base64 length of `bytes` raw bytes. */
export function base64Length(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}
