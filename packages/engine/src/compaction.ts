/**
 * Compaction: older history is summarised by the model into one user-role message; recent
 * messages stay verbatim; Tier 1 is untouched and the originals stay in the log.
 *
 * The cut: the kept part starts at an assistant message, so no tool_use/tool_result pair is
 * split (a tool_use's results follow it; results before the cut belong to calls before it) and
 * roles still alternate after the summary. The cut is the earliest assistant message (not the
 * first message) whose suffix fits in `compactKeepShare` of the history's bytes, else the
 * newest assistant message. Fewer than two messages before any possible cut: nothing to do.
 * The summarisation request is Tier 1 + the messages being removed + one instruction message,
 * so it reads Tier 1 and that history from the cache; it is logged as a `model_request` with
 * `purpose: "compaction"` and the instruction in `appended`, so it too can be rebuilt.
 * The summary message's second text block, when anything is protected, is the lane's protected
 * context (protected-context.ts): the facts every compaction keeps, as they stand now.
 * Automatic when the estimated prompt (last reported prompt tokens + an o200k estimate of the
 * messages since) passes `compactAt` of the context window, and the history grew since the
 * previous compaction. The summary ends with the span's id and the tool results it removed
 * (compaction-index.ts), which `history_read` gives back.
 */
import {
  canonicalJson,
  estimateTokens,
  type Message,
  messageText,
  text,
  userMessage,
} from "@picasso/protocol";
import { compactionIndex, compactionSpanId } from "./compaction-index.js";
import { messageJson } from "./history-digest.js";
import type { Lane } from "./lane.js";
import { protectedBlocks } from "./protected-context.js";
import { buildRequest, messagesBytes } from "./request-builder.js";
import type { EngineRuntime } from "./runtime.js";
import { streamStep } from "./step.js";
import { recordRequest, recordResponse } from "./step-record.js";

export const SUMMARY_INSTRUCTION =
  "Summarise the conversation so far for yourself, to continue the work after older messages are removed. " +
  "Keep: the user's goals and constraints, decisions made, files read or changed (by path) and what changed, " +
  "commands run and their results, open problems and the next steps. Be concise and factual; no tool calls.";

export function chooseCut(messages: readonly Message[], keepShare: number): number | undefined {
  const total = messagesBytes(messages);
  let newest: number | undefined;
  let fitting: number | undefined;
  // Walking from the newest message, `kept` is messagesBytes(messages.slice(i)): "[", the
  // messages joined by ",", "]".
  let kept = 1;
  for (let i = messages.length - 1; i >= 2; i -= 1) {
    kept += messageJson(messages[i]!).bytes + 1;
    if (messages[i]!.role !== "assistant") continue;
    newest ??= i;
    if (kept <= total * keepShare) fitting = i;
  }
  return fitting ?? newest;
}

export function estimatePromptTokens(rt: EngineRuntime, lane: Lane): number {
  const last = lane.lastPrompt;
  if (last && last.messageCount <= lane.messages.length)
    return last.tokens + estimateTokens(canonicalJson(lane.messages.slice(last.messageCount)));
  return estimateTokens(
    canonicalJson({ tools: rt.tier1.tools, system: rt.tier1.system, messages: lane.messages }),
  );
}

export async function maybeAutoCompact(rt: EngineRuntime, lane: Lane, signal: AbortSignal): Promise<void> {
  if (lane.messages.length < lane.compactedAt + 4) return;
  const window = rt.settings.contextWindow ?? rt.provider.contextWindow;
  const limit = rt.settings.compactAt * window;
  // A token is at least one byte in practice, so a prompt with fewer bytes than the limit cannot
  // pass it: skip the tokenizer (slow to load) in the common case.
  const bytes = rt.tier1.bytes.total + messagesBytes(lane.messages);
  if (bytes < limit) return;
  if (estimatePromptTokens(rt, lane) < limit) return;
  await compactLane(rt, lane, "auto", signal);
}

export interface CompactionResult {
  compacted: boolean;
  reason?: string;
  removedMessages?: number;
  bytesBefore?: number;
  bytesAfter?: number;
}

export async function compactLane(
  rt: EngineRuntime,
  lane: Lane,
  trigger: "auto" | "manual",
  signal: AbortSignal,
): Promise<CompactionResult> {
  const cut = chooseCut(lane.messages, rt.settings.compactKeepShare);
  if (cut === undefined) return { compacted: false, reason: "the history is too short to compact" };
  const removed = lane.messages.slice(0, cut);
  const instruction = userMessage(text(SUMMARY_INSTRUCTION));
  const step = lane.steps++;
  const request = buildRequest({
    tier1: rt.tier1,
    messages: [...removed, instruction],
    model: rt.provider.model,
    maxTokens: rt.settings.maxTokens,
    previousEnd: cut - 1,
  });
  recordRequest(rt, lane.id, step, request, {
    messageCount: cut,
    purpose: "compaction",
    appended: [instruction],
  });
  const stream = streamStep(rt.provider, request, signal, step);
  let next = await stream.next();
  while (!next.done) next = await stream.next(); // summary deltas are not shown as assistant text
  const outcome = next.value;
  if (outcome.kind === "error") {
    recordResponse(rt, lane.id, step, {
      stopReason: "error",
      usage: outcome.usage,
      latencyMs: outcome.latencyMs,
      error: outcome.error,
    });
    const message = `compaction failed: ${outcome.error.message}`;
    rt.record({ type: "error", scope: "engine", message, kind: outcome.error.kind }, lane.id);
    rt.flush();
    return { compacted: false, reason: message };
  }
  recordResponse(rt, lane.id, step, {
    stopReason: outcome.stopReason,
    usage: outcome.usage,
    latencyMs: outcome.latencyMs,
  });
  const summaryText = messageText(outcome.message).trim() || "(the model returned no summary)";
  const id = compactionSpanId(lane.id, lane.compactions + 1);
  const index = compactionIndex({ spanId: id, removed, outputsDir: rt.outputsDir });
  const summary = userMessage(
    text(
      `<conversation-summary>\nEarlier messages of this session were compacted into this summary:\n${summaryText}\n\n${index}\n</conversation-summary>`,
    ),
    // What the lane protects, re-appended as one block (protected-context.ts).
    ...protectedBlocks(rt, lane.id),
  );
  const bytesBefore = messagesBytes(lane.messages);
  lane.replacePrefix(cut, summary);
  const bytesAfter = messagesBytes(lane.messages);
  rt.record(
    {
      type: "compaction",
      id,
      trigger,
      removedMessages: cut,
      summarisedMessages: cut,
      bytesBefore,
      bytesAfter,
      keptFrom: cut,
      summary,
    },
    lane.id,
  );
  rt.flush();
  return { compacted: true, removedMessages: cut, bytesBefore, bytesAfter };
}
