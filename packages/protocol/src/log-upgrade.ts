/**
 * Reading logs written by older versions: `upgradeLogEvent` brings a parsed line of a known
 * older schema up to the current one, so an old log is never an error; `parseLogLineJson` is the
 * first step of every reader of a log line (jsonl.ts, log-scan.ts): its JSON, at the current version.
 *
 * v1 → v2:
 * - `approval` is `approval_decided` (v2 also logs `approval_requested`, which v1 did not have);
 * - `subagent_start` gains `parentLane: "main"` when absent (v1 subagents could only start from
 *   the main lane);
 * - `session_start` gains `workspaceRoot` = `cwd` when absent (the earliest v1 logs lacked it);
 * - every other v1 field kept its name and meaning; fields v2 added are optional.
 */
import { SESSION_LOG_VERSION } from "./log-version.js";

export function upgradeLogEvent(raw: unknown): { value: unknown } | { reason: string } {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return { reason: "not a JSON object" };
  const event = raw as Record<string, unknown>;
  const v = event.v;
  if (v === SESSION_LOG_VERSION) return { value: raw };
  if (v === 1) return { value: upgradeV1(event) };
  if (typeof v === "number" && v > SESSION_LOG_VERSION)
    return { reason: `schema version ${v} is newer than this picasso understands (${SESSION_LOG_VERSION})` };
  return { reason: "missing or unknown schema version field `v`" };
}

/** A log line's JSON at the current schema version, or why it is not a log event's JSON. */
export function parseLogLineJson(text: string): { value: unknown } | { reason: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { reason: "not valid JSON" };
  }
  return upgradeLogEvent(raw);
}

function upgradeV1(event: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...event, v: SESSION_LOG_VERSION };
  switch (event.type) {
    case "approval":
      out.type = "approval_decided";
      break;
    case "subagent_start":
      out.parentLane ??= "main";
      break;
    case "session_start":
      out.workspaceRoot ??= event.cwd;
      break;
    default:
      break;
  }
  return out;
}
