/**
 * Lifecycle gates: the points of a turn where an extension may decide, not just observe — the
 * user's prompt before it joins history, each tool call before and after it runs, and a lane about
 * to end its turn. User hooks (packages/hooks, docs/hooks.md) are built on them; the engine calls
 * every mounted extension's gate in mount order and awaits it (plugin-host.ts).
 *
 * A gate answers with a decision or `undefined` (no opinion). None of them can change Tier 1:
 * text meant for the model is appended to history by the extension's own `preStep`.
 * `halt` (a prompt or tool gate): end the turn after this step, with the reason shown to the user.
 */
import type { ToolStatus } from "./session-events.js";

export interface PromptGateContext {
  sessionId: string;
  turn: number;
  prompt: string;
}

/** `block`: the prompt is not sent; the reason is shown to the user. */
export interface PromptGate {
  block?: string;
}

export interface ToolCallGateContext {
  sessionId: string;
  lane: string;
  turn: number;
  toolUseId: string;
  /** The tool the model named (a gateway's target is in `target`). */
  name: string;
  input: Record<string, unknown>;
  /** For a gateway call (`tool_call`): the tool it runs. */
  target?: string;
}

/**
 * `deny`: the call does not run; the model is told `reason`. `allow`: it runs without asking the
 * user (never past a refusal: plan mode still refuses writes). `ask`: the user is asked even in a
 * mode that would have run it. `halt`: the turn ends after this step.
 */
export interface ToolCallGate {
  decision?: "allow" | "deny" | "ask";
  reason?: string;
  halt?: string;
}

export interface ToolCallDone extends ToolCallGateContext {
  status: ToolStatus;
  /** What the model sees of the result. */
  output: string;
}

export interface StopGateContext {
  sessionId: string;
  lane: string;
  turn: number;
  /** The model's last text in this run of the lane. */
  text: string;
  /** How many times a gate already kept this run going. */
  continued: number;
}

/** `continue`: the lane takes another step (the extension's `preStep` says why). */
export interface StopGate {
  continue?: boolean;
}
