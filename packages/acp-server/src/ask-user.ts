/**
 * A question for the user (`ToolContext.askUser`: the `ask_user` tool, an MCP server's
 * elicitation) as ACP `session/request_permission`: ACP has no free-text prompt, so a question
 * with choices becomes a permission request whose options are the choices (those that refuse —
 * decline, cancel, no, skip — as `reject_once`, the others `allow_once`), and the answer is the
 * chosen option's text. A question without choices cannot be put to the editor: it fails with a
 * note, as in headless mode (an elicitation then declines). A cancelled request (the client
 * answers `cancelled`, or the turn is cancelled) answers `(cancelled)`.
 */
import type * as acp from "@agentclientprotocol/sdk";
import type { AskUserRequest } from "@picasso/protocol";
import type { PermissionAsker } from "./permission.js";

const REFUSING = /^(decline|cancel|no|reject|deny|\(skip\))\b/i;
const MAX_TITLE = 200;

export function acpAskUser(
  sessionId: () => string,
  ask: PermissionAsker,
  signal: () => AbortSignal | undefined,
): (request: AskUserRequest) => Promise<string> {
  let asked = 0;
  return async (request) => {
    const choices = request.choices ?? [];
    if (choices.length === 0)
      throw new Error(
        "the editor can only answer questions with choices (ACP has no free-text prompt); decide yourself and state your assumption",
      );
    const options: acp.PermissionOption[] = choices.map((choice, i) => ({
      optionId: `choice-${i}`,
      name: choice,
      kind: REFUSING.test(choice.trim()) ? "reject_once" : "allow_once",
    }));
    const firstLine = request.question.split("\n")[0] ?? "";
    const response = await ask(
      {
        sessionId: sessionId(),
        toolCall: {
          toolCallId: `question-${++asked}`,
          title: firstLine.length > MAX_TITLE ? `${firstLine.slice(0, MAX_TITLE - 1)}…` : firstLine,
          kind: "other",
          status: "pending",
          content: [{ type: "content", content: { type: "text", text: request.question } }],
        },
        options,
      },
      signal() ?? new AbortController().signal,
    );
    if (response.outcome.outcome === "cancelled") return "(cancelled)";
    const chosen = response.outcome.optionId;
    const index = options.findIndex((o) => o.optionId === chosen);
    return index >= 0 ? choices[index]! : "(cancelled)";
  };
}
