/**
 * A prompt sent as text that starts with `/name args` — `picasso -p "/name args"`, a probe
 * scenario's turn: when `name` is an extension's operation it runs first (core operations are not
 * run this way: `/context` and the like stay text for the model, as before). A custom command (the commands extension) answers with a `prompt` presentation: its
 * notes go to stderr and its expanded prompt is the turn's input, with its tool limit. Another
 * extension operation's answer is printed and no turn runs. A `/word` that names no command is
 * sent as typed, after one stderr line saying so.
 */
import { presentationOf } from "@picasso/engine/context";
import { type ExtensionOperation, OPERATION_NAME, type TurnToolLimit } from "@picasso/protocol";

export type PromptCommand =
  | { kind: "turn"; input: string; limit?: TurnToolLimit }
  | { kind: "answered"; text: string; warn: boolean };

export async function promptCommand(
  prompt: string,
  operations: readonly ExtensionOperation[],
  signal: AbortSignal,
  note: (line: string) => void,
): Promise<PromptCommand> {
  const m = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(prompt.trim());
  if (!m) return { kind: "turn", input: prompt };
  const name = m[1]!;
  const operation = operations.find((op) => op.name === name);
  if (!operation) {
    if (OPERATION_NAME.test(name)) note(`/${name} is not a custom command here; sending the prompt as typed`);
    return { kind: "turn", input: prompt };
  }
  const result = await operation.run((m[2] ?? "").trim(), { signal, offline: false });
  const shown = presentationOf(result.data);
  if (shown?.presentation !== "prompt")
    return { kind: "answered", text: result.text, warn: result.tone === "warn" };
  for (const line of shown.notes) note(line);
  return { kind: "turn", input: shown.prompt, ...(shown.limit ? { limit: shown.limit } : {}) };
}
