/**
 * Turning a streamed tool-call argument string into a `tool_use` input object.
 *
 * Decision: an argument string that is not a JSON object (truncated by max_tokens, malformed
 * by a small local model) does NOT fail the stream. The block still arrives as a `tool_use`,
 * with `input = { [INVALID_TOOL_INPUT_KEY]: <the raw text> }`, so the engine can answer the
 * model with a tool_result validation error ("your arguments were not valid JSON: …") and the
 * conversation stays well-formed (every tool_use gets its tool_result). Use
 * `invalidToolInput(block)` to detect it. An empty string means "no arguments": `{}`.
 */
import type { ToolUseBlock } from "@picasso/protocol";

export const INVALID_TOOL_INPUT_KEY = "__picasso_invalid_json";

export function parseToolInput(raw: string): Record<string, unknown> {
  if (raw.trim() === "") return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // fall through: kept raw below
  }
  return { [INVALID_TOOL_INPUT_KEY]: raw };
}

/** The raw argument text when the model sent arguments that were not a JSON object. */
export function invalidToolInput(block: ToolUseBlock): string | undefined {
  const raw = block.input[INVALID_TOOL_INPUT_KEY];
  return typeof raw === "string" && Object.keys(block.input).length === 1 ? raw : undefined;
}
