/**
 * Provider-neutral conversation content: messages, content blocks and tool specs.
 *
 * These are the shapes every package agrees on. Adapters in `@picasso/providers` translate them
 * to and from each provider's wire format; the session log stores them verbatim so a request can
 * be rebuilt byte for byte. Schemas validate data where it crosses a boundary (log files,
 * scripts, SDK input); inside the process the inferred types are trusted. Building and reading
 * messages needs no schema: messages.ts does it without loading zod.
 */
import { z } from "zod";
import { IMAGE_MEDIA_TYPES } from "./image-media-types.js";

export const TextBlockSchema = z.object({ type: z.literal("text"), text: z.string() });
export const ToolUseBlockSchema = z.object({
  type: z.literal("tool_use"),
  id: z.string().min(1),
  name: z.string().min(1),
  input: z.record(z.string(), z.unknown()),
});
export const ImageMediaTypeSchema = z.enum(IMAGE_MEDIA_TYPES);
export type ImageMediaType = z.infer<typeof ImageMediaTypeSchema>;

/**
 * An image the model sees (already capped and downscaled: @picasso/images). `data` is the base64
 * of the image bytes; a session-log line leaves it out (the bytes are stored once, by `sha256`, in
 * the session's `images/` folder) and resuming puts it back. `bytes`: the image's size in bytes
 * (not the base64); `sha256`: hex digest of those bytes; `name`: where it came from, for people
 * (a workspace path or a label such as `pasted image`).
 */
export const ImageBlockSchema = z.object({
  type: z.literal("image"),
  mediaType: ImageMediaTypeSchema,
  data: z.string().optional(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  bytes: z.number().int().nonnegative(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  name: z.string().optional(),
});
export const ToolResultBlockSchema = z.object({
  type: z.literal("tool_result"),
  toolUseId: z.string().min(1),
  content: z.string(),
  isError: z.boolean().optional(),
  /** Images the result carries after its text (the `read` tool on an image file). */
  images: z.array(ImageBlockSchema).optional(),
});
export const ThinkingBlockSchema = z.object({
  type: z.literal("thinking"),
  thinking: z.string(),
  signature: z.string().optional(),
});

export const ContentBlockSchema = z.discriminatedUnion("type", [
  TextBlockSchema,
  ImageBlockSchema,
  ToolUseBlockSchema,
  ToolResultBlockSchema,
  ThinkingBlockSchema,
]);

export const RoleSchema = z.enum(["user", "assistant"]);
export const MessageSchema = z.object({ role: RoleSchema, content: z.array(ContentBlockSchema) });

export type TextBlock = z.infer<typeof TextBlockSchema>;
export type ImageBlock = z.infer<typeof ImageBlockSchema>;
export type ToolUseBlock = z.infer<typeof ToolUseBlockSchema>;
export type ToolResultBlock = z.infer<typeof ToolResultBlockSchema>;
export type ThinkingBlock = z.infer<typeof ThinkingBlockSchema>;
export type ContentBlock = z.infer<typeof ContentBlockSchema>;
export type Role = z.infer<typeof RoleSchema>;
export type Message = z.infer<typeof MessageSchema>;

/** A JSON Schema object describing a tool's input. Kept as plain JSON. */
export type JsonSchema = { [key: string]: unknown };

export const ToolSpecSchema = z.object({
  name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, "tool names are 1-64 letters, digits, _ or -"),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
});
export type ToolSpec = z.infer<typeof ToolSpecSchema>;

/** One block of the system prompt. `id` names the section it came from (e.g. `harness:identity`). */
export const SystemBlockSchema = z.object({ id: z.string(), text: z.string() });
export type SystemBlock = z.infer<typeof SystemBlockSchema>;
