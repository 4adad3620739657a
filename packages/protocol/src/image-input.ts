/**
 * Images a surface hands a turn, before they are checked and prepared, and the resolver that turns
 * them (and the image mentions in the prompt's text) into image blocks.
 *
 * - `{ path }`: a file named by the user (`picasso -p … --image shot.png`); checked like an
 *   `@path` mention (inside the workspace, a PNG/JPEG/GIF/WebP, within the caps).
 * - `{ data, mediaType }`: image bytes a client sent (an ACP `image` content block), base64.
 * The surface builds the resolver (@picasso/surface, with @picasso/images); the engine calls it
 * once per user turn. Every input that does not become a block gets one `notes` line saying why
 * (a missing file, a file that is not an image, one too large to downscale); the turn goes on.
 * The surface may attach text too (`texts`: MCP resources the prompt mentions), noted the same way.
 */
import type { ImageBlock } from "./content.js";

export type ImageInput = { path: string } | { data: string; mediaType: string; name?: string };

export interface ResolvedImages {
  images: ImageBlock[];
  /**
   * Text attached to the user's message after the prompt, before the images: what an
   * `@server:uri` mention of an MCP resource read (docs/mcp.md). None when absent.
   */
  texts?: string[];
  /** One line each: an image that was attached (`tone: "info"`) or not (`warn`, with the reason). */
  notes: { tone: "info" | "warn"; message: string }[];
}

export type ImageResolver = (prompt: string, attached: readonly ImageInput[]) => Promise<ResolvedImages>;
