/**
 * OpenAI Chat Completions chunks → provider-neutral StreamEvents (a pure state machine).
 *
 * Only `choices[0]` is read. Our block indexes are assigned in order of first appearance: the
 * text block when the first text arrives, each tool call when it first shows up; reasoning text
 * some local servers send (`reasoning_content` / `reasoning`) becomes a thinking block.
 * Tool calls are accumulated by the chunk's `index`. Quirks tolerated:
 * - Ollama-style servers reuse `index` 0 for parallel calls: a fragment carrying an `id`
 *   different from the call already at that index starts a new call;
 * - `choices: null` or `[]` on the usage chunk (some vLLM builds);
 * - `tool_use_start` is emitted once the call's name is known (ids missing from a server are
 *   generated as `call_<n>`).
 * The message is complete once a `finish_reason` arrived; blocks are closed at the end of the
 * stream (the usage chunk comes after the finish chunk), then `message_stop`.
 *
 * Usage: inputTokens = prompt_tokens − cached_tokens when `prompt_tokens_details.cached_tokens`
 * is reported (cacheReadTokens = cached_tokens), else inputTokens = prompt_tokens and
 * cacheReadTokens undefined; outputTokens = completion_tokens; cacheWriteTokens is always
 * undefined (Chat Completions does not report cache writes in a comparable way). No usage chunk
 * → every field undefined.
 */
import type { ContentBlock, StopReason, StreamEvent, Usage } from "@picasso/protocol";
import type OpenAI from "openai";
import type { ChatCompletionChunk as Chunk } from "openai/resources/chat/completions";
import { parseToolInput } from "./tool-input.js";

interface ToolCallSlot {
  index: number;
  id: string | undefined;
  name: string;
  args: string;
  started: boolean;
}

export class OpenAIStreamTranslator {
  private nextIndex = 0;
  private text: { index: number; text: string } | undefined;
  private thinking: { index: number; thinking: string } | undefined;
  private readonly calls: ToolCallSlot[] = [];
  private readonly callsByWireIndex = new Map<number, ToolCallSlot>();
  private finishReason: string | undefined;
  private rawUsage: OpenAI.CompletionUsage | undefined;
  started = false;
  /** True once a finish_reason arrived. */
  complete = false;

  handle(chunk: Chunk): StreamEvent[] {
    const out: StreamEvent[] = [];
    if (!this.started) {
      this.started = true;
      out.push({ type: "message_start", id: chunk.id, model: chunk.model });
    }
    if (chunk.usage) this.rawUsage = chunk.usage;
    const choice = chunk.choices?.[0];
    if (!choice) return out;
    const delta = (choice.delta ?? {}) as Chunk.Choice.Delta & {
      reasoning_content?: string;
      reasoning?: string;
    };
    const reasoning = delta.reasoning_content ?? delta.reasoning;
    if (typeof reasoning === "string" && reasoning !== "") {
      this.thinking ??= { index: this.nextIndex++, thinking: "" };
      this.thinking.thinking += reasoning;
      out.push({ type: "thinking_delta", index: this.thinking.index, thinking: reasoning });
    }
    if (typeof delta.content === "string" && delta.content !== "") {
      this.text ??= { index: this.nextIndex++, text: "" };
      this.text.text += delta.content;
      out.push({ type: "text_delta", index: this.text.index, text: delta.content });
    }
    for (const fragment of delta.tool_calls ?? []) out.push(...this.toolFragment(fragment));
    if (choice.finish_reason) {
      this.finishReason = choice.finish_reason;
      this.complete = true;
    }
    return out;
  }

  /** Close every block and produce the terminal event. */
  finish(): StreamEvent[] {
    const out: StreamEvent[] = [];
    const blocks: Array<{ index: number; block: ContentBlock }> = [];
    if (this.thinking)
      blocks.push({
        index: this.thinking.index,
        block: { type: "thinking", thinking: this.thinking.thinking },
      });
    if (this.text) blocks.push({ index: this.text.index, block: { type: "text", text: this.text.text } });
    for (const call of this.calls) {
      if (!call.started) out.push(...this.startCall(call));
      blocks.push({
        index: call.index,
        block: {
          type: "tool_use",
          id: call.id ?? `call_${call.index}`,
          name: call.name,
          input: parseToolInput(call.args),
        },
      });
    }
    blocks.sort((a, b) => a.index - b.index);
    for (const { index, block } of blocks) out.push({ type: "block_stop", index, block });
    const content = blocks.map((entry) => entry.block);
    const hasToolUse = this.calls.length > 0;
    out.push({
      type: "message_stop",
      stopReason: mapFinishReason(this.finishReason, hasToolUse),
      usage: this.usage(),
      content,
    });
    return out;
  }

  usage(): Usage {
    return mapOpenAIUsage(this.rawUsage);
  }

  private toolFragment(fragment: Chunk.Choice.Delta.ToolCall): StreamEvent[] {
    const wireIndex = typeof fragment.index === "number" ? fragment.index : this.calls.length;
    let slot = this.callsByWireIndex.get(wireIndex);
    if (!slot || (fragment.id && slot.id && fragment.id !== slot.id)) {
      slot = { index: this.nextIndex++, id: fragment.id || undefined, name: "", args: "", started: false };
      this.calls.push(slot);
      this.callsByWireIndex.set(wireIndex, slot);
    }
    if (fragment.id && !slot.id) slot.id = fragment.id;
    if (fragment.function?.name && !slot.name) slot.name = fragment.function.name;
    const args = fragment.function?.arguments ?? "";
    slot.args += args;
    if (!slot.started) return slot.name ? this.startCall(slot) : [];
    return args ? [{ type: "tool_use_delta", index: slot.index, partialJson: args }] : [];
  }

  private startCall(slot: ToolCallSlot): StreamEvent[] {
    slot.started = true;
    slot.id ??= `call_${slot.index}`;
    const out: StreamEvent[] = [{ type: "tool_use_start", index: slot.index, id: slot.id, name: slot.name }];
    if (slot.args) out.push({ type: "tool_use_delta", index: slot.index, partialJson: slot.args });
    return out;
  }
}

export function mapOpenAIUsage(raw: OpenAI.CompletionUsage | null | undefined): Usage {
  const usage: Usage = {};
  if (!raw) return usage;
  const prompt = numberOrUndefined(raw.prompt_tokens);
  const cached = numberOrUndefined(raw.prompt_tokens_details?.cached_tokens);
  const completion = numberOrUndefined(raw.completion_tokens);
  if (prompt !== undefined) usage.inputTokens = cached !== undefined ? Math.max(0, prompt - cached) : prompt;
  if (cached !== undefined) usage.cacheReadTokens = cached;
  if (completion !== undefined) usage.outputTokens = completion;
  return usage;
}

function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

export function mapFinishReason(reason: string | undefined, hasToolUse: boolean): StopReason {
  switch (reason) {
    case "stop":
      return hasToolUse ? "tool_use" : "end_turn";
    case "tool_calls":
    case "function_call":
      return "tool_use";
    case "length":
      return "max_tokens";
    case "content_filter":
      return "refusal";
    default:
      return hasToolUse ? "tool_use" : "end_turn";
  }
}
