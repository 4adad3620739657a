/**
 * The one-line texts both wires send in an image's place: when the model takes no images
 * (config.yaml `images: false`), and when a resumed log lost an image's bytes (its file in the
 * session's `images/` folder is gone). Shared so both wires say the same (docs/images.md).
 */
import type { ImageBlock } from "@picasso/protocol";

function described(image: ImageBlock): string {
  const size = image.width && image.height ? `, ${image.width}x${image.height}` : "";
  return `${image.name ?? "image"} (${image.mediaType}${size}, ${image.bytes} bytes)`;
}

export function imageNotSent(image: ImageBlock): string {
  return `[image ${described(image)} not sent: this model takes no images]`;
}

export function imageUnavailable(image: ImageBlock): string {
  return `[image ${described(image)} not available: its bytes are missing from the session's images folder]`;
}
