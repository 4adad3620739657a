/**
 * What the mock's models see of a request, the same for both APIs: the latest user text, the
 * results of the tools the assistant called last turn (with the tool's name and input found by
 * id in the previous assistant message), and the tools offered.
 *
 * `latestInput` is what script steps match against: the text of the last user turn — its text
 * blocks and tool_result contents (OpenAI: the trailing tool messages, or the last user message).
 * `transcript` is the text of every message, in order (what a step's `${/regex/}` captures read).
 * Image blocks are accepted on both wires and counted: `images` lists the latest turn's (Anthropic:
 * `image` blocks, in the user's content or inside tool_result content; OpenAI: `image_url` parts
 * holding a base64 `data:` URL), and each appears in `latestInput` and `transcript` as a line
 * `[image <media type> <bytes> bytes]` — so a script step can `match` an image's arrival.
 */
import type { AnthropicBlock, AnthropicPrompt } from "./anthropic-request.js";

export interface ToolResultView {
  name?: string;
  input?: Record<string, unknown>;
  content: string;
  isError: boolean;
}

/** An image block the mock received: its media type and the byte size of its decoded data. */
export interface ImageSeen {
  mediaType: string;
  bytes: number;
}

export interface ConversationView {
  latestInput: string;
  /** The image blocks of the latest turn, in order. */
  images: ImageSeen[];
  /** The human's text in the last user message (no tool results, no session-facts or reminder blocks); undefined when it had no text. */
  userText?: string;
  toolResults: ToolResultView[];
  offeredTools: string[];
  /** Every message's text blocks and tool_result contents, in order, one per line. */
  transcript: string;
}

/** Picasso's own context blocks (session facts, reminders) are not the human's words. */
const CONTEXT_BLOCK = /<(session-facts|system-reminder)\b[^>]*>[\s\S]*?<\/\1>/g;
/**
 * Picasso sends every plugin's session facts as one text block ahead of the first prompt; notes
 * that follow the `<session-facts>` tag in that block (the sandbox's, the memory index) are
 * Picasso's words too, so the whole block is context.
 */
const SESSION_FACTS_BLOCK = /^\s*<session-facts\b/;

function humanText(texts: string[]): string {
  return texts
    .filter((text) => !SESSION_FACTS_BLOCK.test(text))
    .join("\n")
    .replace(CONTEXT_BLOCK, "")
    .trim();
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part) => {
      if (!part || typeof part !== "object") return "";
      const seen = imageOf(part);
      if (seen) return imageLine(seen);
      return "text" in part ? String(part.text) : "";
    })
    .filter((text) => text.length > 0)
    .join("\n");
}

/** An Anthropic `image` block with a base64 source, or an OpenAI `image_url` part with a data URL. */
function imageOf(part: object): ImageSeen | undefined {
  const p = part as {
    type?: unknown;
    source?: { type?: unknown; media_type?: unknown; data?: unknown };
    image_url?: { url?: unknown };
  };
  if (p.type === "image" && p.source?.type === "base64" && typeof p.source.data === "string")
    return { mediaType: String(p.source.media_type), bytes: Buffer.from(p.source.data, "base64").length };
  if (p.type === "image_url" && typeof p.image_url?.url === "string") {
    const m = /^data:([^;,]+);base64,(.*)$/s.exec(p.image_url.url);
    if (m) return { mediaType: m[1]!, bytes: Buffer.from(m[2]!, "base64").length };
  }
  return undefined;
}

/** The image lines `textOf` writes: not the human's words. */
const IMAGE_LINES = /^\[image [^\]\s]+ \d+ bytes\]$\n?/gm;

function imageLine(image: ImageSeen): string {
  return `[image ${image.mediaType} ${image.bytes} bytes]`;
}

/** The images in a content value (a string holds none). */
function imagesOf(content: unknown): ImageSeen[] {
  if (!Array.isArray(content)) return [];
  return content.flatMap((part) => {
    if (!part || typeof part !== "object") return [];
    const seen = imageOf(part);
    if (seen) return [seen];
    const inner = (part as { type?: unknown; content?: unknown }).type === "tool_result";
    return inner ? imagesOf((part as { content?: unknown }).content) : [];
  });
}

/**
 * The newest turn of the conversation is the trailing run of user messages (the API merges
 * consecutive user messages into one turn): the human's prompt may be followed by Picasso's
 * reminders, and tool results by a reminder.
 */
export function anthropicView(prompt: AnthropicPrompt): ConversationView {
  const offeredTools = prompt.tools.map((t) => t.name);
  let start = prompt.messages.length;
  while (start > 0 && prompt.messages[start - 1]?.role === "user") start--;
  const calls = new Map<string, Extract<AnthropicBlock, { type: "tool_use" }>>();
  for (const block of prompt.messages[start - 1]?.content ?? []) {
    if (block.type === "tool_use") calls.set(block.id, block);
  }
  const texts: string[] = [];
  const toolResults: ToolResultView[] = [];
  const latest = prompt.messages.slice(start).flatMap((m) => m.content);
  for (const block of latest) {
    if (block.type === "text") texts.push(block.text);
    if (block.type === "image") {
      const seen = imageOf(block);
      if (seen) texts.push(imageLine(seen));
    }
    if (block.type === "tool_result") {
      const call = calls.get(block.tool_use_id);
      toolResults.push({
        ...(call ? { name: call.name, input: call.input } : {}),
        content: textOf(block.content),
        isError: block.is_error === true,
      });
    }
  }
  const transcript = prompt.messages
    .flatMap((m) => m.content)
    .flatMap((b) =>
      b.type === "text" || b.type === "image"
        ? [textOf([b])]
        : b.type === "tool_result"
          ? [textOf(b.content)]
          : [],
    )
    .join("\n");
  return view(texts, toolResults, offeredTools, transcript, imagesOf(latest));
}

/** The view of a request: its latest input is the newest tool results, then the user's text. */
function view(
  texts: string[],
  toolResults: ToolResultView[],
  offeredTools: string[],
  transcript: string,
  images: ImageSeen[],
): ConversationView {
  const latestInput = [...toolResults.map((r) => r.content), ...texts].join("\n");
  const userText = humanText(texts.map((t) => t.replace(IMAGE_LINES, "")));
  return { latestInput, images, ...(userText ? { userText } : {}), toolResults, offeredTools, transcript };
}

interface OpenAIMessageLike {
  role: string;
  content?: unknown;
  tool_call_id?: string;
  tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
}

export function openaiView(
  tools: Array<{ function?: { name?: string } }>,
  messages: unknown[],
): ConversationView {
  const list = messages as OpenAIMessageLike[];
  const offeredTools = tools.flatMap((t) => (t.function?.name ? [t.function.name] : []));
  let end = list.length;
  while (end > 0 && list[end - 1]?.role === "user") end--;
  const texts = list.slice(end).map((m) => textOf(m.content));
  let start = end;
  while (start > 0 && list[start - 1]?.role === "tool") start--;
  const transcript = list
    .map((m) => textOf(m.content))
    .filter((t) => t.length > 0)
    .join("\n");
  const images = list.slice(end).flatMap((m) => imagesOf(m.content));
  if (start === end) return view(texts, [], offeredTools, transcript, images);
  const calls = new Map((list[start - 1]?.tool_calls ?? []).map((c) => [c.id, c]));
  const toolResults = list.slice(start, end).map((message): ToolResultView => {
    const call = message.tool_call_id ? calls.get(message.tool_call_id) : undefined;
    let input: Record<string, unknown> | undefined;
    try {
      input = call ? (JSON.parse(call.function.arguments) as Record<string, unknown>) : undefined;
    } catch {
      input = undefined;
    }
    return {
      ...(call ? { name: call.function.name } : {}),
      ...(input ? { input } : {}),
      content: textOf(message.content),
      isError: false,
    };
  });
  return view(texts, toolResults, offeredTools, transcript, images);
}

/**
 * Every image block of a request body as the mock received it (both wires, every message, tool
 * results included), for tests to assert what arrived: `server.requests.map((r) => requestImages(r.body))`.
 */
export function requestImages(body: unknown): ImageSeen[] {
  const messages = (body as { messages?: unknown })?.messages;
  if (!Array.isArray(messages)) return [];
  return messages.flatMap((m) => imagesOf((m as { content?: unknown })?.content));
}
