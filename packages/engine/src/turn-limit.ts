/**
 * The turn limit (`TurnToolLimit`, protocol turn-limit.ts) applied to one call: a custom
 * command's `allowed-tools` narrows what the model may call during the turn it started. A call to
 * a tool not listed — or a `bash` command outside the listed prefixes and commands — is refused
 * with a tool error naming the command that set the limit; the next turn has no limit. It only
 * narrows: an allowed call still goes through the mode and the approver as always.
 */
import type { TurnToolLimit } from "@picasso/protocol";

/** Why `limit` refuses the call of `name` with `input`, or undefined when it allows it. */
export function turnLimitRefusal(
  limit: TurnToolLimit | undefined,
  name: string,
  input: Record<string, unknown>,
): string | undefined {
  if (!limit) return undefined;
  if (!limit.tools.includes(name))
    return `"${name}" is not allowed during this turn: ${limit.by} allows only ${limit.tools.join(", ")}.`;
  if (name !== "bash" || (!limit.commandPrefixes && !limit.commands)) return undefined;
  const command = typeof input.command === "string" ? input.command.trim() : "";
  const prefixes = limit.commandPrefixes ?? [];
  const exact = limit.commands ?? [];
  if (exact.includes(command) || prefixes.some((p) => command === p || command.startsWith(`${p} `)))
    return undefined;
  const allowed = [...prefixes.map((p) => `${p} …`), ...exact].join(", ") || "none";
  return `this command is not allowed during this turn: ${limit.by} lets bash run only ${allowed}.`;
}
