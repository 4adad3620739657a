/**
 * `@server:uri` mentions in a user's prompt (docs/mcp.md "Resources"): the session's image
 * resolver (prompt-images.ts) wrapped so that each mention of an MCP resource is read through the
 * `mcp` plugin (the server starts lazily) and its text attached to the user's message
 * (`ResolvedImages.texts`), with one note line each — attached, or not and why (no such server, a
 * failed read). Mentions are taken out of the text the image resolver looks at, so a resource
 * URI ending in `.png` is never tried as a workspace file. Without MCP servers the resolver is
 * the image resolver as it was.
 */
import { type McpPlugin, withoutResourceMentions } from "@picasso/mcp";
import type { ImageInput, ImageResolver, ResolvedImages } from "@picasso/protocol";

/** How long the mentions of one prompt may take to read before the turn goes on without them. */
const MENTIONS_TIMEOUT_MS = 90_000;

export function withResourceMentions(images: ImageResolver, mcp: McpPlugin | undefined): ImageResolver {
  if (!mcp) return images;
  return async (prompt: string, attached: readonly ImageInput[]): Promise<ResolvedImages> => {
    const resources = await mcp.resourceMentions(prompt, AbortSignal.timeout(MENTIONS_TIMEOUT_MS));
    const resolved = await images(withoutResourceMentions(prompt), attached);
    if (resources.texts.length === 0 && resources.notes.length === 0) return resolved;
    return {
      images: resolved.images,
      texts: [...(resolved.texts ?? []), ...resources.texts],
      notes: [...resources.notes, ...resolved.notes],
    };
  };
}
