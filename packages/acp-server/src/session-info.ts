/**
 * What the client is told about a session besides its conversation: the permission modes (ACP
 * session modes) and the commands a prompt may start with (`available_commands_update`): every
 * operation of the session, core first (prompt-commands.ts runs them).
 */
import type * as acp from "@agentclientprotocol/sdk";
import type { ExtensionOperation } from "@picasso/protocol";
import type { PermissionMode } from "@picasso/protocol/basics";

const MODES: acp.SessionMode[] = [
  { id: "default", name: "Default", description: "ask before edits, commands and network" },
  { id: "plan", name: "Plan", description: "read and plan only: edits and commands are refused" },
  { id: "auto", name: "Auto", description: "run edits and sandboxed commands without asking" },
];

export function sessionModes(current: PermissionMode): acp.SessionModeState {
  return { currentModeId: current, availableModes: MODES };
}

export function availableCommands(operations: readonly ExtensionOperation[]): acp.SessionUpdate {
  return {
    sessionUpdate: "available_commands_update",
    availableCommands: operations.map((op) => ({
      name: op.name,
      description: op.summary,
      ...(op.args ? { input: { hint: op.args } } : {}),
    })),
  };
}
