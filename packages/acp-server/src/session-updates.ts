/**
 * Session events → ACP `session/update`s, for one session's main lane (subagents report through
 * their `subagent` tool call). Pure but for one read: before a call whose effect is `write` runs,
 * the file its `path` names is read, so its update carries the whole old and new text (what an
 * editor's diff view wants) — the tool_call event is recorded before the tool runs.
 *
 * - `text_delta` / `thinking_delta` → `agent_message_chunk` / `agent_thought_chunk`;
 * - `tool_call` → `tool_call` (pending, kind from the call's effect, locations from `path`);
 *   `approval_decided` allow → `tool_call_update` in_progress; `tool_result` → `tool_call_update`
 *   completed / failed with its content (a diff, a command's output, text);
 * - a `todos` display (the `todo_write` tool) → `plan`;
 * - `mode_change` → `current_mode_update`;
 * - an `image_note` that an image was left out (warn) → one `agent_message_chunk` line.
 * Everything else is the log's and the timeline's (`_picasso/context/timeline`), not the editor's.
 */
import { readFileSync, statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import type * as acp from "@agentclientprotocol/sdk";
import type { SessionEvent, SessionEventOf, TodoItem, ToolEffect } from "@picasso/protocol";

/** Files larger than this are not read for a diff (the update carries the unified diff instead). */
const DIFF_MAX_BYTES = 1_000_000;

export function toolKind(effect: ToolEffect | undefined): acp.ToolKind {
  switch (effect) {
    case "read":
      return "read";
    case "write":
      return "edit";
    case "exec":
      return "execute";
    case "network":
      return "fetch";
    case "agent":
      return "think";
    default:
      return "other";
  }
}

/** A short title: the tool's name and its first string argument, cut to one line. */
export function toolTitle(name: string, input: Record<string, unknown>, target?: string): string {
  const first = Object.values(input).find((v): v is string => typeof v === "string");
  const arg = first?.split("\n")[0]?.slice(0, 80);
  return `${target ?? name}${arg ? `: ${arg}` : ""}`;
}

export function toolLocations(input: Record<string, unknown>, cwd: string): acp.ToolCallLocation[] {
  const path = input.path;
  return typeof path === "string" && path ? [{ path: isAbsolute(path) ? path : resolve(cwd, path) }] : [];
}

export function planEntries(items: readonly TodoItem[]): acp.PlanEntry[] {
  return items.map((item) => ({
    content: item.content,
    priority: "medium",
    status: item.status === "done" ? "completed" : item.status,
  }));
}

export function readSmallText(path: string): string | undefined {
  try {
    if (statSync(path).size > DIFF_MAX_BYTES) return undefined;
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** Turns one session's events into updates; keeps what a later event needs (inputs, old texts). */
export class UpdateMapper {
  private readonly calls = new Map<string, { input: Record<string, unknown>; oldText?: string | null }>();

  constructor(private readonly cwd: string) {}

  map(event: SessionEvent): acp.SessionUpdate[] {
    if (event.lane !== "main") return [];
    switch (event.type) {
      case "text_delta":
        return [{ sessionUpdate: "agent_message_chunk", content: { type: "text", text: event.text } }];
      case "thinking_delta":
        return [{ sessionUpdate: "agent_thought_chunk", content: { type: "text", text: event.text } }];
      case "image_note":
        // An image left out of the prompt, and why: one line the user sees (docs/images.md).
        return event.tone === "warn"
          ? [
              {
                sessionUpdate: "agent_message_chunk",
                content: { type: "text", text: `[${event.message}]\n` },
              },
            ]
          : [];
      case "tool_call":
        return [this.toolCall(event)];
      case "approval_decided":
        return event.decision === "deny"
          ? []
          : [{ sessionUpdate: "tool_call_update", toolCallId: event.toolUseId, status: "in_progress" }];
      case "tool_result":
        return this.toolResult(event);
      case "mode_change":
        return [{ sessionUpdate: "current_mode_update", currentModeId: event.to }];
      default:
        return [];
    }
  }

  private toolCall(event: SessionEventOf<"tool_call">): acp.SessionUpdate {
    const locations = toolLocations(event.input, this.cwd);
    const oldText =
      event.effect === "write" && locations[0] ? (readSmallText(locations[0].path) ?? null) : undefined;
    this.calls.set(event.toolUseId, { input: event.input, ...(oldText !== undefined ? { oldText } : {}) });
    return {
      sessionUpdate: "tool_call",
      toolCallId: event.toolUseId,
      title: toolTitle(event.name, event.input, event.target),
      name: event.name,
      kind: toolKind(event.effect),
      status: "pending",
      locations,
      rawInput: event.input,
    };
  }

  private toolResult(event: SessionEventOf<"tool_result">): acp.SessionUpdate[] {
    const call = this.calls.get(event.toolUseId);
    this.calls.delete(event.toolUseId);
    const status: acp.ToolCallStatus = event.status === "ok" ? "completed" : "failed";
    const updates: acp.SessionUpdate[] = [];
    const content: acp.ToolCallContent[] = [];
    const display = event.display;
    if (display?.kind === "diff") {
      const path = resolve(this.cwd, display.path);
      const newText = call && call.oldText !== undefined ? readSmallText(path) : undefined;
      if (call && newText !== undefined) content.push({ type: "diff", path, oldText: call.oldText, newText });
      else content.push(textContent(display.diff));
    } else if (display?.kind === "command") {
      content.push(
        textContent(`$ ${display.command}\n${display.output}\n(exit ${display.exitCode ?? "killed"})`),
      );
    } else if (display?.kind === "todos") {
      updates.push({ sessionUpdate: "plan", entries: planEntries(display.items) });
      content.push(textContent(event.content));
    } else if (display?.kind === "text") content.push(textContent(display.text));
    else content.push(textContent(event.content));
    updates.unshift({
      sessionUpdate: "tool_call_update",
      toolCallId: event.toolUseId,
      status,
      content,
      rawOutput: { status: event.status, bytes: event.bytes, durationMs: event.durationMs },
    });
    return updates;
  }
}

function textContent(text: string): acp.ToolCallContent {
  return { type: "content", content: { type: "text", text } };
}
