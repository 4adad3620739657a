/**
 * `session/load` replays the conversation: a resumed session's replay as the engine reads it for
 * the surfaces (`shownReplay`, `@picasso/engine/replay`), as `session/update`s — the user's
 * prompts as they typed them (reminders left out, a goal's rounds as `/goal <objective>` and
 * `goal round N of M: <objective>`), the assistant's text and thinking, one `tool_call` per tool
 * use with its final status (`failed` unless it ran ok) and output, and each compaction as one
 * line after the messages it summarised.
 */
import type * as acp from "@agentclientprotocol/sdk";
import { type ReplayEntry, shownReplay } from "@picasso/engine/replay";
import { shownTurnInputText } from "@picasso/protocol";

export function historyUpdates(replay: readonly ReplayEntry[]): acp.SessionUpdate[] {
  const updates: acp.SessionUpdate[] = [];
  const say = (text: string) =>
    updates.push({ sessionUpdate: "agent_message_chunk", content: { type: "text", text } });
  for (const item of shownReplay(replay)) {
    switch (item.kind) {
      case "compaction":
        say(item.line);
        break;
      case "user":
        for (const text of item.texts) {
          const shown = shownTurnInputText(text);
          if (shown)
            updates.push({ sessionUpdate: "user_message_chunk", content: { type: "text", text: shown } });
        }
        break;
      case "text":
        if (item.text) say(item.text);
        break;
      case "thinking":
        if (item.text)
          updates.push({ sessionUpdate: "agent_thought_chunk", content: { type: "text", text: item.text } });
        break;
      case "tool":
        updates.push({
          sessionUpdate: "tool_call",
          toolCallId: item.id,
          title: item.name,
          name: item.name,
          status: item.outcome === "ok" ? "completed" : "failed",
          rawInput: item.input,
          content: [{ type: "content", content: { type: "text", text: item.output } }],
        });
        break;
    }
  }
  return updates;
}
