/**
 * A resumed session's replay (the engine's `Session.replay`) as screen items: the user's prompts
 * as they typed them (the session-facts block, reminders and tool results left out; a goal's first
 * round as `/goal <objective>`, a later round as the notice the live screen showed), assistant
 * text, one tool line per `tool_use` with its status taken from the matching `tool_result` (ok,
 * failed, or interrupted when it says so), and each compaction as one line — the messages it
 * summarised are replayed before it, its summary never. No timings — the log has them, the
 * messages do not.
 */

import type { ReplayEntry } from "@picasso/engine";
import { type Message, shownTurnInput } from "@picasso/protocol";
import { INTERRUPTED_RESULT, UNKNOWN_OUTCOME_RESULT } from "@picasso/protocol/basics";
import type { NewItem } from "./transcript.js";

export function historyItems(replay: readonly ReplayEntry[]): NewItem[] {
  const messages = replay.flatMap((entry) => (entry.kind === "message" ? [entry.message] : []));
  const results = new Map<string, { content: string; isError: boolean }>();
  for (const m of messages)
    for (const b of m.content)
      if (b.type === "tool_result")
        results.set(b.toolUseId, { content: b.content, isError: b.isError ?? false });
  const items: NewItem[] = [];
  for (const entry of replay) {
    if (entry.kind === "compaction") {
      items.push({
        kind: "notice",
        tone: "info",
        text: `— conversation compacted (${entry.trigger}): ${entry.summarisedMessages} message${entry.summarisedMessages === 1 ? "" : "s"} summarised —`,
      });
      continue;
    }
    const message = entry.message;
    if (message.role === "user") {
      const item = userItem(message);
      if (item) items.push(item);
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

/** A user message as the user typed it; undefined for one that holds only Picasso's words. */
function userItem(message: Message): NewItem | undefined {
  const typed = message.content
    .filter((b) => b.type === "text" && !b.text.startsWith("<session-facts>"))
    .map((b) => (b.type === "text" ? b.text : ""))
    .join("\n");
  const shown = shownTurnInput(typed);
  switch (shown.kind) {
    case "prompt":
      return shown.text ? { kind: "user", text: shown.text } : undefined;
    case "goal":
      return { kind: "user", text: `/goal ${shown.objective}` };
    case "goal_round":
      return {
        kind: "notice",
        tone: "info",
        text: `goal round ${shown.round} of ${shown.maxRounds}: ${shown.objective}`,
      };
  }
}
