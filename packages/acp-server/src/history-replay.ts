/**
 * `session/load` replays the conversation: a resumed session's history as `session/update`s —
 * the user's prompts (the session-facts block and reminders left out), the assistant's text and
 * thinking, and one `tool_call` per tool use with its final status and output.
 */
import type * as acp from "@agentclientprotocol/sdk";
import type { Message } from "@picasso/protocol";
import { INTERRUPTED_RESULT, UNKNOWN_OUTCOME_RESULT } from "@picasso/protocol/basics";

const HIDDEN_PREFIXES = ["<session-facts>", "<system-reminder"];

export function historyUpdates(messages: readonly Message[]): acp.SessionUpdate[] {
  const results = new Map<string, { content: string; isError: boolean }>();
  for (const m of messages)
    for (const b of m.content)
      if (b.type === "tool_result")
        results.set(b.toolUseId, { content: b.content, isError: b.isError ?? false });
  const updates: acp.SessionUpdate[] = [];
  for (const message of messages) {
    for (const block of message.content) {
      if (message.role === "user") {
        if (block.type === "text" && !HIDDEN_PREFIXES.some((p) => block.text.startsWith(p)))
          updates.push({ sessionUpdate: "user_message_chunk", content: { type: "text", text: block.text } });
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
