/**
 * ModelRequest → OpenAI Chat Completions parameters (streaming).
 *
 * - system blocks → ONE `system` message, blocks joined by a blank line (byte-stable, so
 *   automatic prefix caching keeps working);
 * - tool specs → `{type:"function", function:{name, description, parameters}}`;
 * - an assistant message → one assistant message: its text blocks joined as `content` (null when
 *   it only calls tools), its tool_use blocks as `tool_calls` (arguments = JSON of the input);
 *   thinking blocks are not sent (Chat Completions has no place for them);
 * - a user message → its tool_result blocks first, each a `role:"tool"` message (they must
 *   follow the assistant's tool_calls directly; an error result is prefixed "Error: " since the
 *   API has no error flag), then its text blocks as one `user` message if any, joined by a blank
 *   line (blocks are separate texts — session facts, then the prompt — and must not run together);
 *   with images, that `user` message's content is parts: the text, then each image as
 *   `{type:"image_url", image_url:{url:"data:<type>;base64,…"}}`. A tool message holds text only,
 *   so a tool result's images go in that `user` message, after a line naming the calls they came
 *   from (docs/images.md); an image without its bytes, or any image when the model takes none
 *   (`images: false`), goes as a one-line text part (image-notes.ts);
 * - `stream_options.include_usage` so the last chunk carries usage;
 * - max tokens: `max_completion_tokens` for api.openai.com (newer models reject `max_tokens`),
 *   `max_tokens` for other servers (Ollama, llama.cpp, vLLM all accept it).
 * Cache breakpoints are ignored: OpenAI-compatible servers cache prefixes automatically.
 */
import type { ImageBlock, Message, ModelRequest } from "@picasso/protocol";
import type OpenAI from "openai";
import { imageNotSent, imageUnavailable } from "./image-notes.js";

type Params = OpenAI.Chat.ChatCompletionCreateParamsStreaming;
type MessageParam = OpenAI.Chat.ChatCompletionMessageParam;

export function buildOpenAIParams(
  request: ModelRequest,
  options: { officialApi: boolean; images?: boolean },
): Params {
  const imagePart = options.images === false ? imageNote : imageUrl;
  const messages: MessageParam[] = [];
  if (request.system.length > 0) {
    messages.push({ role: "system", content: request.system.map((block) => block.text).join("\n\n") });
  }
  for (const message of request.messages) messages.push(...toMessageParams(message, imagePart));

  const params: Params = {
    model: request.model,
    messages,
    stream: true,
    stream_options: { include_usage: true },
  };
  if (options.officialApi) params.max_completion_tokens = request.maxTokens;
  else params.max_tokens = request.maxTokens;
  if (request.tools.length > 0) {
    params.tools = request.tools.map((tool) => ({
      type: "function",
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
    }));
  }
  if (request.temperature !== undefined) params.temperature = request.temperature;
  return params;
}

type ImagePart = (image: ImageBlock) => OpenAI.Chat.ChatCompletionContentPart;

function toMessageParams(message: Message, imagePart: ImagePart): MessageParam[] {
  const text = message.content
    .filter((block) => block.type === "text")
    .map((block) => block.text)
    .join(message.role === "user" ? "\n\n" : "");
  if (message.role === "assistant") {
    const toolCalls = message.content.flatMap((block) =>
      block.type === "tool_use"
        ? [
            {
              id: block.id,
              type: "function" as const,
              function: { name: block.name, arguments: JSON.stringify(block.input) },
            },
          ]
        : [],
    );
    if (toolCalls.length === 0) return [{ role: "assistant", content: text }];
    return [{ role: "assistant", content: text === "" ? null : text, tool_calls: toolCalls }];
  }
  const out: MessageParam[] = [];
  const resultImages: ImageBlock[] = [];
  const withImages: string[] = [];
  for (const block of message.content) {
    if (block.type !== "tool_result") continue;
    out.push({
      role: "tool",
      tool_call_id: block.toolUseId,
      content: block.isError ? `Error: ${block.content}` : block.content,
    });
    if (block.images?.length) {
      resultImages.push(...block.images);
      withImages.push(block.toolUseId);
    }
  }
  const images = [...resultImages, ...message.content.filter((block) => block.type === "image")];
  if (images.length === 0) {
    if (text !== "" || out.length === 0) out.push({ role: "user", content: text });
    return out;
  }
  const lead =
    withImages.length > 0
      ? `The images of the tool result${withImages.length === 1 ? "" : "s"} ${withImages.join(", ")}:`
      : "";
  const parts: OpenAI.Chat.ChatCompletionContentPart[] = [];
  for (const piece of [text, lead]) if (piece !== "") parts.push({ type: "text", text: piece });
  for (const image of images) parts.push(imagePart(image));
  out.push({ role: "user", content: parts });
  return out;
}

function imageUrl(image: ImageBlock): OpenAI.Chat.ChatCompletionContentPart {
  if (image.data === undefined) return { type: "text", text: imageUnavailable(image) };
  return { type: "image_url", image_url: { url: `data:${image.mediaType};base64,${image.data}` } };
}

function imageNote(image: ImageBlock): OpenAI.Chat.ChatCompletionContentPart {
  return { type: "text", text: imageNotSent(image) };
}
