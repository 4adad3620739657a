/**
 * A resumed session's history as screen items: user prompts (the session-facts block and tool
 * results left out), assistant text, and one tool line per `tool_use`, its status taken from the
 * matching `tool_result` (ok, failed, or interrupted when it says so). No timings — the log has
 * them, the messages do not.
 */

import type { Message } from "@picasso/protocol";
import { INTERRUPTED_RESULT, UNKNOWN_OUTCOME_RESULT } from "@picasso/protocol/basics";
import type { NewItem } from "./transcript.js";

export function historyItems(messages: readonly Message[]): NewItem[] {
  const results = new Map<string, { content: string; isError: boolean }>();
  for (const m of messages)
    for (const b of m.content)
      if (b.type === "tool_result")
        results.set(b.toolUseId, { content: b.content, isError: b.isError ?? false });
  const items: NewItem[] = [];
  for (const message of messages) {
    if (message.role === "user") {
      const text = message.content
        .filter(
          (b) =>
            b.type === "text" &&
            !b.text.startsWith("<session-facts>") &&
            !b.text.startsWith("<system-reminder"),
        )
        .map((b) => (b.type === "text" ? b.text : ""))
        .join("\n")
        .trim();
      if (text) items.push({ kind: "user", text });
      continue;
    }
    for (const block of message.content) {
      if (block.type === "text" && block.text.trim())
        items.push({ kind: "assistant", text: block.text.trim(), lane: "main" });
      if (block.type === "tool_use") {
        const result = results.get(block.id);
        items.push({
          kind: "tool",
          toolUseId: block.id,
          lane: "main",
          name: block.name,
          input: block.input as Record<string, unknown>,
          status: !result
            ? "interrupted"
            : result.content === INTERRUPTED_RESULT || result.content === UNKNOWN_OUTCOME_RESULT
              ? "interrupted"
              : result.isError
                ? "error"
                : "ok",
          content: result?.content ?? "",
        });
      }
    }
  }
  return items;
}
