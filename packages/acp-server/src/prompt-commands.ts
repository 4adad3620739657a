/**
 * Prompts that are commands: `/name args`, where `name` is one of the session's operations (the
 * core ones of @picasso/surface, then each extension's), advertised in
 * `available_commands_update` (session-info.ts). One runs without a model turn and its text is
 * the answer, one agent message — `/context` the context table, `/context timeline` the timeline
 * table, `/compact`, `/mode plan` (a `current_mode_update` follows)… A `warn` answer says what
 * was wrong in its text. Any other text, `/`-prefixed or not, is a prompt for the model.
 */
import type { ExtensionOperation } from "@picasso/protocol";

export interface PromptCommand {
  operation: ExtensionOperation;
  args: string;
}

export function parsePromptCommand(
  text: string,
  operations: readonly ExtensionOperation[],
): PromptCommand | undefined {
  const m = /^\/(\S+)\s*([\s\S]*)$/.exec(text.trim());
  const operation = m ? operations.find((op) => op.name === m[1]) : undefined;
  return operation ? { operation, args: m![2]!.trim() } : undefined;
}
