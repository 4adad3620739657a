/**
 * @picasso/images: image input for every surface (docs/images.md) — what a file is (sniff.ts),
 * the caps (caps.ts), bytes → a capped, downscaled image block (prepare-image.ts), and the image
 * paths a prompt names (prompt-mentions.ts). No file system access: callers read the bytes
 * through their own workspace checks.
 */
export {
  MAX_IMAGE_BASE64_BYTES,
  MAX_IMAGE_FILE_BYTES,
  MAX_IMAGE_SIDE,
  MAX_IMAGES_PER_TURN,
  MAX_UNSCALED_SIDE,
} from "./caps.js";
export { describeImage, type PreparedImage, prepareImage } from "./prepare-image.js";
export { findImageMentions, type ImageMention, isImageFileName } from "./prompt-mentions.js";
export { type SniffedImage, sniffImage } from "./sniff.js";
