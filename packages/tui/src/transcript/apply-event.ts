/**
 * The fold from session events to the screen: `applyEvent(view, event)` returns the items that
 * become finished and the new live area. Rules:
 * - `thinking_delta` (main lane) shows "thinking…" until text arrives;
 * - `text_delta` (main lane) grows the live reply; the assistant `message` or a tool call moves
 *   the reply so far into history, so text and tool lines keep their order;
 * - a tool call is live from `tool_call` until `tool_result`, then printed once with its status,
 *   timing and display; `approval_requested` marks it as awaiting approval; `tool_progress`
 *   shows the call's last progress report on its line (`3/5 · step 3`);
 * - subagent lanes show their tool lines (labelled with the lane) but not their streaming text;
 * - retries, compactions (a manual one between turns too), errors and subagent start/stop become
 *   notices; `turn_end` flushes what is left and notes an interrupted turn or one that hit the
 *   step limit. A mode change is shown by the status line (session-controller.ts).
 * Facts the screen does not show (requests, responses, pre-steps, Tier-2 loads…) pass through.
 */

import { hookRunLine, hookRunShown } from "@picasso/engine/context";
import type { SessionEvent, SessionEventOf } from "@picasso/protocol";
import { assertNever } from "@picasso/protocol/basics";
import { splitSettled } from "../markdown/markdown-blocks.js";
import type { LiveArea, NewItem, ToolCallView } from "./transcript.js";

export interface EventFold {
  live: LiveArea;
  finished: NewItem[];
}

export const EMPTY_LIVE: LiveArea = { text: "", tools: [] };

export function applyEvent(live: LiveArea, event: SessionEvent): EventFold {
  const finished: NewItem[] = [];
  const printText = (text: string, continued: boolean | undefined) => {
    if (text.trim() === "") return;
    const item = { kind: "assistant" as const, text: text.trimEnd(), lane: "main" };
    finished.push(continued ? { ...item, continued: true } : item);
  };
  const flushText = (area: LiveArea): LiveArea => {
    printText(area.text, area.continued);
    if (area.text === "" && !area.continued) return area;
    const { continued: _, ...rest } = area;
    return { ...rest, text: "" };
  };
  switch (event.type) {
    case "text_delta": {
      if (event.lane !== "main") return { live, finished };
      const { settled, rest } = splitSettled(live.text + event.text);
      if (settled.trim() === "")
        return { live: { ...live, text: live.text + event.text, thinking: false }, finished };
      printText(settled, live.continued);
      return { live: { ...live, text: rest, thinking: false, continued: true }, finished };
    }
    case "thinking_delta":
      if (event.lane !== "main" || live.thinking) return { live, finished };
      return { live: { ...live, thinking: true }, finished };
    case "message":
      if (event.lane !== "main" || event.source !== "assistant") return { live, finished };
      return { live: { ...flushText(live), thinking: false }, finished };
    case "tool_call": {
      const next = event.lane === "main" ? flushText(live) : live;
      const tool: ToolCallView = {
        toolUseId: event.toolUseId,
        lane: event.lane,
        name: event.name,
        input: event.input,
        status: "running",
      };
      return { live: { ...next, tools: [...next.tools, tool] }, finished };
    }
    case "approval_requested":
      return {
        live: {
          ...live,
          tools: live.tools.map((t) =>
            t.toolUseId === event.toolUseId ? { ...t, status: "awaiting approval" as const } : t,
          ),
        },
        finished,
      };
    case "approval_decided":
      return {
        live: {
          ...live,
          tools: live.tools.map((t) =>
            t.toolUseId === event.toolUseId && event.decision !== "deny"
              ? { ...t, status: "running" as const }
              : t,
          ),
        },
        finished,
      };
    case "tool_progress":
      return {
        live: {
          ...live,
          tools: live.tools.map((t) =>
            t.toolUseId === event.toolUseId ? { ...t, progress: progressText(event) } : t,
          ),
        },
        finished,
      };
    case "tool_result": {
      const started = live.tools.find((t) => t.toolUseId === event.toolUseId);
      finished.push({
        kind: "tool",
        toolUseId: event.toolUseId,
        lane: event.lane,
        name: event.name,
        input: started?.input ?? {},
        status: event.status,
        durationMs: event.durationMs,
        content: event.content,
        ...(event.display ? { display: event.display } : {}),
        ...(event.truncated ? { truncated: true } : {}),
      });
      return {
        live: { ...live, tools: live.tools.filter((t) => t.toolUseId !== event.toolUseId) },
        finished,
      };
    }
    case "hook_run":
      if (!hookRunShown(event)) return { live, finished };
      finished.push({ kind: "notice", tone: hookTone(event.outcome), text: hookRunLine(event) });
      return { live, finished };
    case "image_note":
      finished.push({ kind: "notice", tone: event.tone, text: event.message });
      return { live, finished };
    case "retry":
      finished.push({
        kind: "notice",
        tone: "warn",
        text: `provider: ${event.error.message} — retry ${event.attempt} in ${(event.delayMs / 1000).toFixed(1)}s`,
      });
      return { live, finished };
    case "compaction":
      finished.push({
        kind: "notice",
        tone: "info",
        text: `compacted ${event.removedMessages} messages (${event.trigger}): ${formatBytes(event.bytesBefore)} → ${formatBytes(event.bytesAfter)} of history`,
      });
      return { live, finished };
    case "subagent_start":
      finished.push({
        kind: "notice",
        tone: "info",
        text: `${event.label ? `${event.label} (${event.lane})` : event.lane} started: ${oneLine(event.task, 100)}`,
      });
      return { live, finished };
    case "subagent_stop":
      finished.push({ kind: "notice", tone: "info", text: `${event.lane} ${event.status}` });
      return { live, finished };
    case "wake":
      // A notice that woke the session (or joins its running turn): a line of its own, never a prompt.
      finished.push({
        kind: "notice",
        tone: "info",
        text: `⏰ ${event.source}: ${oneLine(event.text, 120)}`,
      });
      return { live, finished };
    case "watch_start":
      finished.push({
        kind: "notice",
        tone: "info",
        text: `${event.kind} ${event.id}${event.name ? ` "${event.name}"` : ""} armed: ${oneLine(event.what, 100)}`,
      });
      return { live, finished };
    case "watch_stop":
      // A match or a due prompt is told by its wake line; the other ends get one line.
      if (event.reason !== "matched" && event.reason !== "fired")
        finished.push({
          kind: "notice",
          tone: "info",
          text: `${event.kind} ${event.id} ended (${event.reason})`,
        });
      return { live, finished };
    case "ralph_loop_start":
      finished.push({
        kind: "notice",
        tone: "info",
        text: `ralph loop ${event.loop} started (until ${event.until === "check" ? "the check passes" : "goal_done"}, at most ${event.maxRounds} rounds)`,
      });
      return { live, finished };
    case "ralph_round_start":
      return { live, finished };
    case "ralph_round_end":
      finished.push({
        kind: "notice",
        tone: "info",
        text: `ralph ${event.loop} round ${event.round}: ${event.status}${event.goal ? `, goal_${event.goal}` : ""}${event.check ? `, check ${event.check.passed ? "passed" : `failed (${event.check.ended ?? `exit ${event.check.exitCode}`})`}` : ""}`,
      });
      return { live, finished };
    case "ralph_loop_end":
      finished.push({
        kind: "notice",
        tone: event.reason === "check_passed" || event.reason === "goal_done" ? "info" : "warn",
        text: `ralph loop ${event.loop} ended: ${event.reason.replace("_", " ")} after ${event.rounds} round${event.rounds === 1 ? "" : "s"}${event.message ? ` (${oneLine(event.message, 100)})` : ""}`,
      });
      return { live, finished };
    case "team_start":
      finished.push({
        kind: "notice",
        tone: "info",
        text: `team ${event.team} started: ${event.members.map((m) => `${m.name} (${m.lane})`).join(", ")}`,
      });
      return { live, finished };
    case "team_message":
      finished.push({
        kind: "notice",
        tone: "info",
        text: `team ${event.team} · ${event.from} → ${event.to}: ${oneLine(event.text, 100)}`,
      });
      return { live, finished };
    case "team_task":
      finished.push({
        kind: "notice",
        tone: "info",
        text: `team ${event.team} board · ${event.by} ${event.action} ${event.id}${event.title ? ` "${oneLine(event.title, 60)}"` : ""} → ${event.status}`,
      });
      return { live, finished };
    case "team_result":
      finished.push({
        kind: "notice",
        tone: event.status === "valid" ? "info" : "warn",
        text: `team ${event.team} · ${event.member} result ${event.status}${event.problems?.length ? `: ${oneLine(event.problems.join("; "), 100)}` : ""}`,
      });
      return { live, finished };
    case "error":
      if (event.scope === "plugin") return { live, finished };
      finished.push({ kind: "notice", tone: "error", text: `${event.scope} error: ${event.message}` });
      return { live, finished };
    case "turn_end": {
      if (event.lane !== "main") return { live, finished };
      const next = flushText(live);
      if (event.stopReason === "interrupted")
        finished.push({
          kind: "notice",
          tone: "warn",
          text: "interrupted — the session is intact; type to continue",
        });
      else if (event.stopReason === "max_steps")
        finished.push({
          kind: "notice",
          tone: "warn",
          text: `stopped after ${event.steps} steps (the step limit)`,
        });
      else if (event.stopReason === "max_tokens")
        finished.push({ kind: "notice", tone: "warn", text: "the reply hit the output token limit" });
      return { live: { ...next, tools: [] }, finished };
    }
    case "workflow_end":
      return {
        live,
        finished: [
          {
            kind: "notice",
            tone: event.status === "done" ? "info" : "warn",
            text: `workflow run ${event.run} ${event.status === "done" ? "finished" : event.status}: ${event.done} done, ${event.failed} failed, ${event.skipped} skipped (/workflow ${event.run})`,
          },
        ],
      };
    case "workflow_start": // /workflow shows runs live
    case "workflow_step_start":
    case "workflow_step_end":
    case "session_start":
    case "request_header":
    case "turn_start":
    case "pre_step":
    case "model_request":
    case "model_response":
    case "tier2_load":
    case "mcp_server_start":
    case "mcp_server_exit":
    case "mcp_elicitation": // the question was on screen; the tool's result tells the rest
    case "mcp_log": // counted in the MCP panel; a server's logs would drown the transcript
    case "catalog_build":
    case "interrupt":
    case "log_repair": // told once when the session opens (session-view.ts)
    case "history_repair": // a log fault repaired; the timeline lists it
    case "mode_change": // shown in the status line
    case "context_pin": // the /pin operation answers itself
    case "session_end":
      return { live, finished };
    default:
      return assertNever(event, "session event");
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A hook that decided something, or failed, is one line in the transcript. */
function hookTone(outcome: SessionEventOf<"hook_run">["outcome"]): "info" | "warn" {
  return outcome === "warning" || outcome === "blocked" || outcome === "stopped" ? "warn" : "info";
}

/** `3/5 · step 3`, `42% `, `7` — a progress report as the running tool's line shows it. */
export function progressText(event: SessionEventOf<"tool_progress">): string {
  const amount =
    event.total !== undefined && event.total > 0
      ? `${trimNumber(event.progress)}/${trimNumber(event.total)}`
      : trimNumber(event.progress);
  const message = event.message?.replace(/\s+/g, " ").trim().slice(0, 60);
  return message ? `${amount} · ${message}` : amount;
}

function trimNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}
