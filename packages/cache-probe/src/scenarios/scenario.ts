/**
 * A probe scenario: a workspace, then a list of actions — user turns (each with the scripted
 * model replies it takes, in request order, subagent replies included where the subagent runs),
 * mode switches, a resume (the session is closed and re-opened from its log in a fresh engine
 * session, or in a new process) and the next day (a new session 24 hours later). `toMockScript`
 * flattens the replies into one mock-provider script: replies with a `match` (compaction
 * summaries) go first, so they answer only the requests they match whenever those come; every
 * other reply answers the next request in order.
 */

import type { MemoryClass } from "@picasso/memory";
import type { MockScript } from "@picasso/mock-provider";
import type { PermissionMode } from "@picasso/protocol";

export type MockStep = NonNullable<MockScript["steps"]>[number];
export type ToolCall = { name: string; input: Record<string, unknown> };

export type ScenarioAction =
  | { kind: "turn"; input: string; label: string; replies: MockStep[] }
  | { kind: "mode"; mode: PermissionMode }
  /** Close the session and re-open it from its log: in a fresh engine session in this process, or
   *  (`newProcess`) in a child process that runs the rest of the scenario. */
  | { kind: "resume"; newProcess?: boolean }
  /** Close the session; 24 hours pass (the provider's cache expires); a new session — not a
   *  resume — of the same workspace and PICASSO_HOME runs the actions after it. */
  | { kind: "next-day" };

/** A scenario file's content: text, or bytes (an image the prompt mentions). */
export type ScenarioFile = string | Uint8Array;

/** A memory in the probe's `memory.db` when the scenario starts (`seed-memories.ts`). */
export interface ScenarioMemory {
  class: MemoryClass;
  title: string;
  body: string;
  /** `project`: the scenario workspace; `other`: another project (never shown here). */
  scope: "user" | "project" | "other";
  /** The other project's key, for scope `other` (default `another-project-0000`). */
  project?: string;
  importance: number;
}

export interface Scenario {
  name: string;
  description: string;
  /** Drive the session through this surface (default: the engine directly, as the CLI composes it). */
  surface?: "acp";
  /** The workspace's files: text, or bytes (an image). */
  files: Record<string, ScenarioFile>;
  /** Files of the probe's PICASSO_HOME (user skills in `skills/`; the Claude folder is `.claude/`). */
  homeFiles?: Record<string, string>;
  /** Memories in the probe's `memory.db` before the session opens, oldest first. */
  memories?: ScenarioMemory[];
  /** More memories, built only when the scenario runs (too many to build on import: `memory-100k`);
   *  seeded after `memories`, in the same transaction. */
  moreMemories?: () => ScenarioMemory[];
  /** Minutes between two seeded memories (default 60): the newest was written that long before the
   *  probe's clock. */
  memorySpacingMinutes?: number;
  actions: ScenarioAction[];
  /** Replies that answer matching requests whenever they come (compaction summaries). */
  matched?: MockStep[];
  settings?: { contextWindow?: number; compactAt?: number };
  /** Approval requests the user denies (the rest are allowed once). */
  deny?: (name: string, input: Record<string, unknown>) => boolean;
}

export function toMockScript(scenario: Scenario): MockScript {
  const ordered = scenario.actions.flatMap((a) => (a.kind === "turn" ? a.replies : []));
  return { steps: [...(scenario.matched ?? []), ...ordered] } as MockScript;
}

export function turns(scenario: Scenario): number {
  return scenario.actions.filter((a) => a.kind === "turn").length;
}

// Reply builders, so scenarios read like the conversation they script.
export const say = (text: string): MockStep => ({ text }) as MockStep;
export const calls = (text: string, ...toolCalls: ToolCall[]): MockStep =>
  ({ text, tool_calls: toolCalls }) as MockStep;
export const read = (path: string, extra: Record<string, unknown> = {}): ToolCall => ({
  name: "read",
  input: { path, ...extra },
});
export const search = (input: Record<string, unknown>): ToolCall => ({ name: "search", input });
export const bash = (command: string): ToolCall => ({ name: "bash", input: { command } });
export const edit = (path: string, oldString: string, newString: string): ToolCall => ({
  name: "edit",
  input: { path, old_string: oldString, new_string: newString },
});
export const write = (path: string, content: string): ToolCall => ({
  name: "write",
  input: { path, content },
});
export const tool = (name: string, input: Record<string, unknown>): ToolCall => ({ name, input });
export const turn = (label: string, input: string, ...replies: MockStep[]): ScenarioAction => ({
  kind: "turn",
  label,
  input,
  replies,
});
export const mode = (to: PermissionMode): ScenarioAction => ({ kind: "mode", mode: to });
export const nextDay = (): ScenarioAction => ({ kind: "next-day" });
