/**
 * Permission modes, enforced in code before a tool runs:
 * - `default`: `read` tools run; `write`, `exec` and `network` tools ask the approver (unless
 *   allowed for the session); `interactive` and `agent` tools run (a subagent's own calls are
 *   checked in its lane).
 * - `plan`: every `write`, `exec` and `network` tool is refused with a tool error saying plan
 *   mode is on.
 * - `auto`: nothing asks — except an `exec` call that would run outside the command sandbox
 *   (sandbox off, or bubblewrap unavailable), which asks as in `default`; the dangerous-command
 *   deny-list still refuses `exec` commands.
 * The deny-list applies in every mode (a denied command is never even offered for approval).
 */
import type { PermissionMode, ToolEffect } from "@picasso/protocol";
import { dangerousCommand } from "./dangerous-commands.js";

export type PermissionVerdict = { kind: "run" } | { kind: "ask" } | { kind: "refuse"; message: string };

export function checkPermission(args: {
  mode: PermissionMode;
  name: string;
  effect: ToolEffect;
  /** An `exec` call that runs inside the command sandbox. */
  sandboxed?: boolean;
  input: Record<string, unknown>;
  allowedForSession: ReadonlySet<string>;
}): PermissionVerdict {
  const { mode, name, effect, input } = args;
  const mutating = effect === "write" || effect === "exec" || effect === "network";
  if (mode === "plan" && mutating)
    return {
      kind: "refuse",
      message: `plan mode is on: "${name}" changes files, runs commands or reaches the network, so it is refused. Read, search and plan; the user leaves plan mode to make changes.`,
    };
  if (effect === "exec" && typeof input.command === "string") {
    const rule = dangerousCommand(input.command);
    if (rule)
      return { kind: "refuse", message: `refused: this command ${rule.reason}; it is never run by Picasso.` };
  }
  if (!mutating) return { kind: "run" };
  if (mode === "auto" && (effect !== "exec" || args.sandboxed === true)) return { kind: "run" };
  if (args.allowedForSession.has(name)) return { kind: "run" };
  return { kind: "ask" };
}
