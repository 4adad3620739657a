/**
 * What `history_read` can give back, found in one session's own JSONL log (the source of truth):
 *
 * - a **tool result** by its tool_use id: the content the model was given (the `tool_results`
 *   message), and when it was truncated the spill file its `tool_result` event names
 *   (`fullOutputPath`) — accepted only inside the session's own outputs folder;
 * - a **compacted span** by the `id` of its `compaction` event (`compaction-N`,
 *   `<lane>.compaction-N`): the lane's messages 0 … keptFrom-1 as they were, folded from the log's
 *   `message`, `compaction` and `history_repair` events the way the engine folds them.
 */
import { resolve, sep } from "node:path";
import { type LogEvent, type Message, readLogFileAll, type ToolUseBlock } from "@picasso/protocol";

export interface LoggedToolResult {
  id: string;
  lane: string;
  turn: number;
  /** The call as the model made it (absent when the log lost it). */
  call?: ToolUseBlock;
  /** What the model was given (the truncated head and notice, for a spilled output). */
  shown?: string;
  status?: string;
  /** The spill file holding the full output, when the result was truncated. */
  fullOutputPath?: string;
}

export interface LoggedSpan {
  id: string;
  lane: string;
  turn: number;
  trigger: string;
  messages: Message[];
}

export interface SessionHistory {
  toolResults: Map<string, LoggedToolResult>;
  spans: Map<string, LoggedSpan>;
}

/** Every tool result and compacted span of the session whose log is `logPath`. */
export async function readSessionHistory(logPath: string): Promise<SessionHistory> {
  const { events } = await readLogFileAll(logPath);
  return foldHistory(events);
}

export function foldHistory(events: readonly LogEvent[]): SessionHistory {
  const toolResults = new Map<string, LoggedToolResult>();
  const spans = new Map<string, LoggedSpan>();
  const lanes = new Map<string, Message[]>();
  const calls = new Map<string, ToolUseBlock>();
  const result = (e: LogEvent, id: string): LoggedToolResult => {
    let r = toolResults.get(id);
    if (!r) {
      r = { id, lane: e.lane, turn: e.turn };
      toolResults.set(id, r);
    }
    return r;
  };
  for (const e of events) {
    const history = lanes.get(e.lane) ?? [];
    lanes.set(e.lane, history);
    if (e.type === "message") {
      // An index below the end replaces from there (a line written twice); above it, lines were lost.
      if (e.index < history.length) history.length = e.index;
      history.push(e.message);
      for (const block of e.message.content) {
        if (block.type === "tool_use") calls.set(block.id, block);
        else if (block.type === "tool_result") {
          const r = result(e, block.toolUseId);
          r.shown = block.content;
          const call = calls.get(block.toolUseId);
          if (call) r.call = call;
        }
      }
    } else if (e.type === "tool_result") {
      const r = result(e, e.toolUseId);
      r.status = e.status;
      if (e.truncated && e.fullOutputPath) r.fullOutputPath = e.fullOutputPath;
      else delete r.fullOutputPath;
    } else if (e.type === "compaction") {
      if (e.id)
        spans.set(e.id, {
          id: e.id,
          lane: e.lane,
          turn: e.turn,
          trigger: e.trigger,
          messages: history.slice(0, e.keptFrom),
        });
      lanes.set(e.lane, [e.summary, ...history.slice(e.keptFrom)]);
    } else if (e.type === "history_repair") {
      lanes.set(e.lane, [...e.messages]);
    }
  }
  return { toolResults, spans };
}

/** Whether `path` lies inside `folder` (the session's own outputs folder). */
export function isInside(path: string, folder: string): boolean {
  const target = resolve(path);
  const root = resolve(folder);
  return target.startsWith(root + sep);
}
