/**
 * `session/load` replays the conversation: a resumed session's replay (the engine's
 * `Session.replay`) as `session/update`s — the user's prompts as they typed them (the
 * session-facts block and reminders left out, a goal's rounds as `/goal <objective>` and
 * `goal round N of M: <objective>`), the assistant's text and thinking, one `tool_call` per tool
 * use with its final status and output, and each compaction as one line after the messages it
 * summarised (its summary is the model's context, not part of the conversation).
 */
import type * as acp from "@agentclientprotocol/sdk";
import type { ReplayEntry } from "@picasso/engine";
import { shownTurnInputText } from "@picasso/protocol";
import { INTERRUPTED_RESULT, UNKNOWN_OUTCOME_RESULT } from "@picasso/protocol/basics";

export function historyUpdates(replay: readonly ReplayEntry[]): acp.SessionUpdate[] {
  const messages = replay.flatMap((entry) => (entry.kind === "message" ? [entry.message] : []));
  const results = new Map<string, { content: string; isError: boolean }>();
  for (const m of messages)
    for (const b of m.content)
      if (b.type === "tool_result")
        results.set(b.toolUseId, { content: b.content, isError: b.isError ?? false });
  const updates: acp.SessionUpdate[] = [];
  for (const entry of replay) {
    if (entry.kind === "compaction") {
      const text = `— conversation compacted (${entry.trigger}): ${entry.summarisedMessages} message${entry.summarisedMessages === 1 ? "" : "s"} summarised —`;
      updates.push({ sessionUpdate: "agent_message_chunk", content: { type: "text", text } });
      continue;
    }
    const message = entry.message;
    for (const block of message.content) {
      if (message.role === "user") {
        const shown =
          block.type === "text" && !block.text.startsWith("<session-facts>")
            ? shownTurnInputText(block.text)
            : "";
        if (shown)
          updates.push({ sessionUpdate: "user_message_chunk", content: { type: "text", text: shown } });
        continue;
      }
      if (block.type === "text" && block.text)
        updates.push({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: block.text } });
      if (block.type === "thinking" && block.thinking)
        updates.push({
          sessionUpdate: "agent_thought_chunk",
          content: { type: "text", text: block.thinking },
        });
      if (block.type === "tool_use") {
        const result = results.get(block.id);
        const failed =
          !result ||
          result.isError ||
          result.content === INTERRUPTED_RESULT ||
          result.content === UNKNOWN_OUTCOME_RESULT;
        updates.push({
          sessionUpdate: "tool_call",
          toolCallId: block.id,
          title: block.name,
          name: block.name,
          status: failed ? "failed" : "completed",
          rawInput: block.input,
          content: [{ type: "content", content: { type: "text", text: result?.content ?? "" } }],
        });
      }
    }
  }
  return updates;
}
