/**
 * Anthropic raw stream events → provider-neutral StreamEvents (a pure state machine).
 *
 * - `message_start` → `message_start`; its `usage` is the first usage snapshot.
 * - `content_block_start` opens a block at the API's `index` (text, thinking, tool_use; other
 *   block kinds such as redacted thinking or server tools are skipped). A tool_use yields
 *   `tool_use_start`.
 * - `content_block_delta`: `text_delta` → `text_delta`, `thinking_delta` → `thinking_delta`,
 *   `input_json_delta` → `tool_use_delta` (fragments accumulated), `signature_delta` kept on the
 *   thinking block. Unknown delta and event types are ignored, as the API asks.
 * - `content_block_stop` → `block_stop` with the complete block; tool input is parsed here
 *   (see tool-input.ts for unparseable input).
 * - `message_delta` carries the stop reason and CUMULATIVE usage: every non-null field replaces
 *   the snapshot's; fields it omits or sends as null keep the `message_start` value.
 * - `message_stop` marks the message complete; `finish()` then returns the terminal
 *   `message_stop` event. Without it the stream was cut (the adapter reports that).
 *
 * Usage mapping is exact: input_tokens → inputTokens, output_tokens → outputTokens,
 * cache_read_input_tokens → cacheReadTokens, cache_creation_input_tokens → cacheWriteTokens,
 * cache_creation.ephemeral_5m/1h_input_tokens → cacheWrite5m/1hTokens. Absent or null → undefined.
 */
import type Anthropic from "@anthropic-ai/sdk";
import type { ContentBlock, StopReason, StreamEvent, Usage } from "@picasso/protocol";
import { parseToolInput } from "./tool-input.js";

type RawUsage = Partial<Record<string, unknown>>;

type OpenBlock =
  | { type: "text"; text: string }
  | { type: "thinking"; thinking: string; signature: string }
  | { type: "tool_use"; id: string; name: string; json: string; startInput: Record<string, unknown> };

export class AnthropicStreamTranslator {
  private readonly open = new Map<number, OpenBlock>();
  private readonly done: Array<{ index: number; block: ContentBlock }> = [];
  private rawUsage: RawUsage = {};
  private stopReason: StopReason = "end_turn";
  /** True once `message_start` arrived. */
  started = false;
  /** True once `message_stop` arrived. */
  complete = false;

  handle(event: Anthropic.RawMessageStreamEvent): StreamEvent[] {
    switch (event.type) {
      case "message_start":
        this.started = true;
        this.mergeUsage(event.message.usage);
        return [{ type: "message_start", id: event.message.id, model: event.message.model }];
      case "content_block_start":
        return this.startBlock(event.index, event.content_block);
      case "content_block_delta":
        return this.delta(event.index, event.delta);
      case "content_block_stop":
        return this.stopBlock(event.index);
      case "message_delta":
        if (event.delta.stop_reason) this.stopReason = mapStopReason(event.delta.stop_reason);
        this.mergeUsage(event.usage);
        return [];
      case "message_stop":
        this.complete = true;
        return [];
      default:
        return [];
    }
  }

  /** Usage as known so far (also reported with a cut stream's error). */
  usage(): Usage {
    return mapAnthropicUsage(this.rawUsage);
  }

  /** The terminal event, once the message is complete. */
  finish(): StreamEvent {
    const content = [...this.done].sort((a, b) => a.index - b.index).map((entry) => entry.block);
    return { type: "message_stop", stopReason: this.stopReason, usage: this.usage(), content };
  }

  private startBlock(
    index: number,
    block: Anthropic.RawContentBlockStartEvent["content_block"],
  ): StreamEvent[] {
    if (block.type === "text") {
      this.open.set(index, { type: "text", text: block.text });
      return block.text ? [{ type: "text_delta", index, text: block.text }] : [];
    }
    if (block.type === "thinking") {
      this.open.set(index, { type: "thinking", thinking: block.thinking, signature: block.signature ?? "" });
      return block.thinking ? [{ type: "thinking_delta", index, thinking: block.thinking }] : [];
    }
    if (block.type === "tool_use") {
      const startInput = (block.input ?? {}) as Record<string, unknown>;
      this.open.set(index, { type: "tool_use", id: block.id, name: block.name, json: "", startInput });
      return [{ type: "tool_use_start", index, id: block.id, name: block.name }];
    }
    return [];
  }

  private delta(index: number, delta: Anthropic.RawContentBlockDelta): StreamEvent[] {
    const block = this.open.get(index);
    if (!block) return [];
    if (delta.type === "text_delta" && block.type === "text") {
      block.text += delta.text;
      return [{ type: "text_delta", index, text: delta.text }];
    }
    if (delta.type === "thinking_delta" && block.type === "thinking") {
      block.thinking += delta.thinking;
      return [{ type: "thinking_delta", index, thinking: delta.thinking }];
    }
    if (delta.type === "signature_delta" && block.type === "thinking") {
      block.signature += delta.signature;
      return [];
    }
    if (delta.type === "input_json_delta" && block.type === "tool_use") {
      block.json += delta.partial_json;
      return [{ type: "tool_use_delta", index, partialJson: delta.partial_json }];
    }
    return [];
  }

  private stopBlock(index: number): StreamEvent[] {
    const open = this.open.get(index);
    if (!open) return [];
    this.open.delete(index);
    const block = closeBlock(open);
    this.done.push({ index, block });
    return [{ type: "block_stop", index, block }];
  }

  /** Keeps every usage field the provider reported, later values over earlier ones (SDK types or not). */
  private mergeUsage(usage: object | null | undefined): void {
    if (!usage) return;
    for (const [key, value] of Object.entries(usage)) {
      if (value !== null && value !== undefined) this.rawUsage[key] = value;
    }
  }
}

function closeBlock(open: OpenBlock): ContentBlock {
  switch (open.type) {
    case "text":
      return { type: "text", text: open.text };
    case "thinking":
      return open.signature
        ? { type: "thinking", thinking: open.thinking, signature: open.signature }
        : { type: "thinking", thinking: open.thinking };
    case "tool_use":
      return {
        type: "tool_use",
        id: open.id,
        name: open.name,
        input: open.json === "" ? open.startInput : parseToolInput(open.json),
      };
  }
}

export function mapAnthropicUsage(raw: RawUsage): Usage {
  const creation = raw.cache_creation as RawUsage | null | undefined;
  const usage: Usage = {};
  const set = (key: keyof Usage, value: unknown) => {
    if (typeof value === "number" && Number.isFinite(value)) usage[key] = value;
  };
  set("inputTokens", raw.input_tokens);
  set("outputTokens", raw.output_tokens);
  set("cacheReadTokens", raw.cache_read_input_tokens);
  set("cacheWriteTokens", raw.cache_creation_input_tokens);
  set("cacheWrite5mTokens", creation?.ephemeral_5m_input_tokens);
  set("cacheWrite1hTokens", creation?.ephemeral_1h_input_tokens);
  return usage;
}

export function mapStopReason(reason: string): StopReason {
  switch (reason) {
    case "end_turn":
    case "tool_use":
    case "max_tokens":
    case "stop_sequence":
    case "refusal":
    case "pause_turn":
      return reason;
    case "model_context_window_exceeded":
      return "max_tokens";
    default:
      return "end_turn";
  }
}
