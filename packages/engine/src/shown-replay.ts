/**
 * A resumed session's replay (`Session.replay`, lane-replay.ts) read as the conversation the
 * surfaces show — the TUI's screen items, ACP's `session/load` updates — so that no surface works
 * it out on its own:
 * - a user message as the text blocks the user typed, the `<session-facts>` block left out (each
 *   surface reads reminders and goal rounds out of them with protocol's `shownTurnInput`);
 * - the assistant's text and thinking blocks, in order;
 * - each tool use with the outcome of its matching `tool_result`: `ok`, `error`, or `interrupted`
 *   (no result, or the interrupted / unknown-outcome text) and its output;
 * - each compaction as its one line, after the messages it summarised (its summary is the
 *   model's context, not part of the conversation, and is never replayed).
 */
import type { Message } from "@picasso/protocol";
import { INTERRUPTED_RESULT, UNKNOWN_OUTCOME_RESULT } from "@picasso/protocol/basics";
import type { ReplayEntry } from "./lane-replay.js";

export type ToolOutcome = "ok" | "error" | "interrupted";

export type ShownReplayItem =
  /** A user message's typed text blocks (never empty). */
  | { kind: "user"; texts: string[] }
  | { kind: "text"; text: string }
  | { kind: "thinking"; text: string }
  | {
      kind: "tool";
      id: string;
      name: string;
      input: Record<string, unknown>;
      outcome: ToolOutcome;
      output: string;
    }
  /** `— conversation compacted (auto): 3 messages summarised —` */
  | { kind: "compaction"; line: string };

export function shownReplay(replay: readonly ReplayEntry[]): ShownReplayItem[] {
  const results = toolResults(replay);
  const items: ShownReplayItem[] = [];
  for (const entry of replay) {
    if (entry.kind === "compaction") {
      const n = entry.summarisedMessages;
      items.push({
        kind: "compaction",
        line: `— conversation compacted (${entry.trigger}): ${n} message${n === 1 ? "" : "s"} summarised —`,
      });
      continue;
    }
    const message = entry.message;
    if (message.role === "user") {
      const texts = typedTexts(message);
      if (texts.length > 0) items.push({ kind: "user", texts });
      continue;
    }
    for (const block of message.content) {
      if (block.type === "text") items.push({ kind: "text", text: block.text });
      if (block.type === "thinking") items.push({ kind: "thinking", text: block.thinking });
      if (block.type === "tool_use") {
        const result = results.get(block.id);
        items.push({
          kind: "tool",
          id: block.id,
          name: block.name,
          input: block.input,
          outcome: outcomeOf(result),
          output: result?.content ?? "",
        });
      }
    }
  }
  return items;
}

type ToolResult = { content: string; isError: boolean };

/** Every tool result of the replay by the id of its tool use. */
function toolResults(replay: readonly ReplayEntry[]): Map<string, ToolResult> {
  const results = new Map<string, ToolResult>();
  for (const entry of replay)
    if (entry.kind === "message")
      for (const b of entry.message.content)
        if (b.type === "tool_result")
          results.set(b.toolUseId, { content: b.content, isError: b.isError ?? false });
  return results;
}

function outcomeOf(result: ToolResult | undefined): ToolOutcome {
  if (!result || result.content === INTERRUPTED_RESULT || result.content === UNKNOWN_OUTCOME_RESULT)
    return "interrupted";
  return result.isError ? "error" : "ok";
}

/** A user message's text blocks but the session facts: what the user typed, with Picasso's reminders. */
function typedTexts(message: Message): string[] {
  return message.content.flatMap((b) =>
    b.type === "text" && !b.text.startsWith("<session-facts>") ? [b.text] : [],
  );
}
