/**
 * The families of the core tools (`fs`: read, write, edit, search; `shell`: bash; `agent`:
 * subagent). They are core rows, so Tier 1's families line never names them; declared for the
 * catalog group a composition that makes one of them deferred files it under.
 */
import type { ToolFamily } from "@picasso/protocol";

export const fsFamily: ToolFamily = { name: "fs", group: "workspace" };
export const shellFamily: ToolFamily = { name: "shell", group: "workspace" };
export const agentFamily: ToolFamily = { name: "agent", group: "agents" };
