/**
 * What a call really does, as permissions see it. A plain tool: its own effect, name and input.
 * A tool whose effect depends on its input (`callEffect`, e.g. the `tool_call` gateway) may name
 * a target: then the target's effect decides, `gateway:target` is the name approvals are
 * remembered under, and the deny-list reads the target's input.
 */
import type { ToolDefinition, ToolEffect } from "@picasso/protocol";

export interface ResolvedCall {
  effect: ToolEffect;
  /** It runs inside the command sandbox (only such `exec` calls run unasked in auto mode). */
  sandboxed: boolean;
  permissionName: string;
  input: Record<string, unknown>;
  target?: string;
}

export function resolveCall(tool: ToolDefinition, input: Record<string, unknown>): ResolvedCall {
  const call = tool.callEffect?.(input);
  if (!call) return { effect: tool.effect, sandboxed: false, permissionName: tool.spec.name, input };
  const sandboxed = call.sandboxed === true;
  if (!call.target) return { effect: call.effect, sandboxed, permissionName: tool.spec.name, input };
  return {
    effect: call.effect,
    sandboxed,
    permissionName: `${tool.spec.name}:${call.target.name}`,
    input: call.target.input,
    target: call.target.name,
  };
}
