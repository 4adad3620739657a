/**
 * The providers' pairing rules for tool calls, checked before every request so a damaged history
 * (a log repaired on resume, a bug) never reaches the provider as a request it rejects forever:
 *   1. every `tool_use` of an assistant message is answered by a `tool_result` with its id in the
 *      very next message, which is a user message;
 *   2. every `tool_result` answers a `tool_use` of the assistant message right before it;
 *   3. a tool_use id appears once in the history;
 *   4. no message is empty.
 * `repairPairing` makes a history follow them with the least change: an unanswered call gets an
 * "outcome unknown" result (in the next user message, first, or in a user message of its own); an
 * orphan result or a repeated call is dropped; a message left empty is dropped. It reports each
 * change in words. `pairingProblems` only finds them (cheap enough for every request: it stops
 * at the first problem).
 */
import {
  type ContentBlock,
  type Message,
  type ToolResultBlock,
  UNKNOWN_OUTCOME_RESULT,
} from "@picasso/protocol";

const uses = (m: Message | undefined): string[] =>
  m?.role === "assistant" ? m.content.flatMap((b) => (b.type === "tool_use" ? [b.id] : [])) : [];
const results = (m: Message | undefined): string[] =>
  m?.role === "user" ? m.content.flatMap((b) => (b.type === "tool_result" ? [b.toolUseId] : [])) : [];

/** Whether the history breaks a pairing rule (from message `from` on). */
export function breaksPairing(messages: readonly Message[], from = 0): boolean {
  const seen = new Set<string>();
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i]!;
    if (message.content.length === 0 && i >= from) return true;
    for (const id of uses(message)) {
      if (seen.has(id)) return true;
      seen.add(id);
    }
    if (i < from) continue;
    const answered = new Set(results(messages[i + 1]));
    if (uses(message).some((id) => !answered.has(id))) return true;
    const asked = new Set(uses(messages[i - 1]));
    if (results(message).some((id) => !asked.has(id))) return true;
  }
  return false;
}

export function repairPairing(messages: readonly Message[]): { messages: Message[]; problems: string[] } {
  const problems: string[] = [];
  const out: Message[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < messages.length; i++) {
    let message = messages[i]!;
    if (message.role === "assistant") {
      const content = message.content.filter((b) => {
        if (b.type !== "tool_use") return true;
        if (!seen.has(b.id)) {
          seen.add(b.id);
          return true;
        }
        problems.push(`message ${i}: a repeated tool call ${b.id} was dropped`);
        return false;
      });
      message = { ...message, content };
    } else {
      const asked = new Set(uses(out.at(-1)));
      const content = message.content.filter((b) => {
        if (b.type !== "tool_result" || asked.has(b.toolUseId)) return true;
        problems.push(`message ${i}: a result for ${b.toolUseId}, a call not right before it, was dropped`);
        return false;
      });
      message = { ...message, content: answerMissing(out.at(-1), content, i, problems) };
    }
    if (message.content.length === 0) {
      problems.push(`message ${i}: left empty, dropped`);
      continue;
    }
    if (message.role === "assistant" && out.at(-1)?.role === "assistant") closeCalls(out, i, problems);
    out.push(message);
  }
  closeCalls(out, messages.length, problems);
  return { messages: out, problems };
}

/** A user message's content with results first for every call of `previous` it does not answer. */
function answerMissing(
  previous: Message | undefined,
  content: ContentBlock[],
  at: number,
  problems: string[],
): ContentBlock[] {
  const answered = new Set(content.flatMap((b) => (b.type === "tool_result" ? [b.toolUseId] : [])));
  const missing = uses(previous).filter((id) => !answered.has(id));
  for (const id of missing)
    problems.push(`message ${at}: the call ${id} had no result; closed as outcome unknown`);
  return [...missing.map(unknown), ...content];
}

/** When the last message is an assistant message with calls, answer them in a message of their own. */
function closeCalls(out: Message[], at: number, problems: string[]): void {
  const missing = uses(out.at(-1));
  if (missing.length === 0) return;
  for (const id of missing)
    problems.push(`message ${at}: the call ${id} had no result; closed as outcome unknown`);
  out.push({ role: "user", content: missing.map(unknown) });
}

const unknown = (id: string): ToolResultBlock => ({
  type: "tool_result",
  toolUseId: id,
  content: UNKNOWN_OUTCOME_RESULT,
  isError: true,
});
