/**
 * ModelRequest → Anthropic Messages API parameters (streaming).
 *
 * - tools → `{name, description, input_schema}` in the given order (order is part of the cache
 *   prefix; the caller keeps it stable);
 * - system blocks → one text block each (their `id`s stay on our side);
 * - messages → content blocks: text, image (`{type:"image", source:{type:"base64", media_type,
 *   data}}`), tool_use, tool_result (`is_error` only when set; a result with images sends its
 *   text and then its images as the result's content), thinking (only with a signature: the API
 *   rejects unsigned thinking, so unsigned blocks are dropped). Empty text blocks are dropped
 *   (the API rejects them); an image without its bytes (a log that lost them), or any image when
 *   the model takes none (`images: false`), goes as a one-line text note (image-notes.ts);
 * - `cache_control: {type:"ephemeral"}` (with `ttl:"1h"` when the breakpoint asks for it) goes
 *   exactly where `cacheBreakpoints` point: `tools[index]`, `system[index]`, or the last content
 *   block of `messages[index]` that may carry it (thinking blocks may not; the nearest earlier
 *   block takes it). A breakpoint that points nowhere is a bug in the caller: `ProviderFault`
 *   `bad_request`, never a silently uncached request.
 * `temperature` is not sent: the Messages API has deprecated it (the SDK no longer types it).
 */
import type Anthropic from "@anthropic-ai/sdk";
import type { CacheBreakpoint, ContentBlock, ImageBlock, Message, ModelRequest } from "@picasso/protocol";
import { imageNotSent, imageUnavailable } from "./image-notes.js";
import { ProviderFault } from "./provider-fault.js";

type Params = Anthropic.MessageCreateParamsStreaming;
type BlockParam = Anthropic.ContentBlockParam;
type CacheControl = Anthropic.CacheControlEphemeral;

export function buildAnthropicParams(request: ModelRequest, options: { images?: boolean } = {}): Params {
  const imageParam = options.images === false ? imageNote : imageSource;
  const toMessageParam = (message: Message): Anthropic.MessageParam => {
    const content = message.content.flatMap((block) => toBlockParam(block, imageParam));
    return message.role === "user" ? { role: "user", content } : { role: "assistant", content };
  };
  const tools: Anthropic.Tool[] = request.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.inputSchema as Anthropic.Tool.InputSchema,
  }));
  const system: Anthropic.TextBlockParam[] = request.system.map((block) => ({
    type: "text",
    text: block.text,
  }));
  const messages: Anthropic.MessageParam[] = request.messages.map(toMessageParam);

  for (const breakpoint of request.cacheBreakpoints) {
    const control = cacheControl(breakpoint);
    if (breakpoint.segment === "tools") {
      const tool = tools[breakpoint.index];
      if (!tool) throw misplaced(breakpoint, tools.length);
      tool.cache_control = control;
    } else if (breakpoint.segment === "system") {
      const block = system[breakpoint.index];
      if (!block) throw misplaced(breakpoint, system.length);
      block.cache_control = control;
    } else {
      const message = messages[breakpoint.index];
      if (!message) throw misplaced(breakpoint, messages.length);
      const blocks = message.content as BlockParam[];
      const target = [...blocks].reverse().find((block) => block.type !== "thinking");
      if (!target) throw misplaced(breakpoint, messages.length);
      (target as { cache_control?: CacheControl }).cache_control = control;
    }
  }

  const params: Params = {
    model: request.model,
    max_tokens: request.maxTokens,
    messages,
    stream: true,
  };
  if (tools.length > 0) params.tools = tools;
  if (system.length > 0) params.system = system;
  return params;
}

function cacheControl(breakpoint: CacheBreakpoint): CacheControl {
  return breakpoint.ttl === "1h" ? { type: "ephemeral", ttl: "1h" } : { type: "ephemeral" };
}

function misplaced(breakpoint: CacheBreakpoint, length: number): ProviderFault {
  return new ProviderFault({
    kind: "bad_request",
    message: `cache breakpoint ${breakpoint.segment}[${breakpoint.index}] points past the end (${length} ${breakpoint.segment}) or at a block that cannot be cached`,
    retryable: false,
  });
}

type ImageParam = (block: ImageBlock) => Anthropic.ImageBlockParam | Anthropic.TextBlockParam;

function toBlockParam(block: ContentBlock, imageParam: ImageParam): BlockParam[] {
  switch (block.type) {
    case "text":
      return block.text === "" ? [] : [{ type: "text", text: block.text }];
    case "image":
      return [imageParam(block)];
    case "tool_use":
      return [{ type: "tool_use", id: block.id, name: block.name, input: block.input }];
    case "tool_result":
      return [
        {
          type: "tool_result",
          tool_use_id: block.toolUseId,
          content: block.images?.length
            ? [
                ...(block.content === "" ? [] : [{ type: "text" as const, text: block.content }]),
                ...block.images.map(imageParam),
              ]
            : block.content,
          ...(block.isError ? { is_error: true } : {}),
        },
      ];
    case "thinking":
      return block.signature
        ? [{ type: "thinking", thinking: block.thinking, signature: block.signature }]
        : [];
  }
}

function imageSource(block: ImageBlock): Anthropic.ImageBlockParam | Anthropic.TextBlockParam {
  if (block.data === undefined) return { type: "text", text: imageUnavailable(block) };
  return { type: "image", source: { type: "base64", media_type: block.mediaType, data: block.data } };
}

function imageNote(block: ImageBlock): Anthropic.TextBlockParam {
  return { type: "text", text: imageNotSent(block) };
}
