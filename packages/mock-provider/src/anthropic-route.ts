/**
 * `POST /v1/messages` and `POST /v1/messages/count_tokens`.
 *
 * A messages request is validated, counted, checked for a scripted fault, answered by the model,
 * run through the cache simulator, then sent either as one JSON message or as the real SSE
 * sequence: message_start (usage with the cache split) → ping → per block content_block_start /
 * content_block_delta (text_delta, or input_json_delta in several partial_json fragments) /
 * content_block_stop → message_delta (stop_reason, cumulative usage) → message_stop.
 * After the first delta that carries text or tool-call JSON, a `cut` fault destroys the socket, a
 * `stream_error` fault sends an `error` event (overloaded_error) and ends the stream, `malformed`
 * sends a line that is not JSON, `stall` goes silent with the connection open (sse.ts).
 */
import type { ServerResponse } from "node:http";
import { estimateTokens } from "@picasso/protocol";
import type { AnthropicCacheUsage } from "./cache-simulator.js";
import { anthropicView } from "./conversation.js";
import { anthropicPromptBlocks, sumTokens } from "./prompt-blocks.js";
import type { MockReply } from "./reply.js";
import {
  applyFault,
  pause,
  type RouteContext,
  sendJson,
  sendWholeAnswer,
  toolCallId,
} from "./route-context.js";
import {
  fragmentJson,
  fragmentText,
  interruptStream,
  type StreamInterrupt,
  startEventStream,
  streamInterrupt,
  writeEvent,
} from "./sse.js";

type ContentBlock =
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> };

/** The request reader (zod) loads with the first request: the mock starts without it. */
const requestReader = () => import("./anthropic-request.js");

export async function handleCountTokens(body: unknown, res: ServerResponse): Promise<void> {
  const { parseAnthropicRequest } = await requestReader();
  const prompt = parseAnthropicRequest(body, { countTokens: true });
  sendJson(res, { input_tokens: sumTokens(anthropicPromptBlocks(prompt)) });
}

export async function handleMessages(body: unknown, res: ServerResponse, ctx: RouteContext): Promise<void> {
  const { parseAnthropicRequest } = await requestReader();
  const prompt = parseAnthropicRequest(body);
  const requestNumber = ctx.nextRequestNumber();
  const fault = ctx.model.faultFor(requestNumber);
  if (await applyFault(fault, res, "anthropic")) return;

  const prewarm = prompt.maxTokens === 0;
  const reply: MockReply = prewarm
    ? { toolCalls: [], stop: "max_tokens", delayMs: 0 }
    : ctx.model.reply(anthropicView(prompt));
  await pause(reply.delayMs, res);
  if (res.destroyed) return;

  const cache = ctx.cache.anthropic(prompt.model, anthropicPromptBlocks(prompt));
  ctx.afterCacheUse?.();
  const content: ContentBlock[] = [];
  if (reply.text) content.push({ type: "text", text: reply.text });
  reply.toolCalls.forEach((call, i) => {
    content.push({
      type: "tool_use",
      id: toolCallId("toolu", prompt.messages, i),
      name: call.name,
      input: call.input,
    });
  });
  const outputTokens = content.reduce(
    (sum, block) => sum + estimateTokens(block.type === "text" ? block.text : JSON.stringify(block.input)),
    0,
  );
  const id = `msg_mock_${requestNumber}`;
  const interrupt = streamInterrupt(fault?.kind);
  if (!prompt.stream) {
    const message = {
      id,
      type: "message",
      role: "assistant",
      model: prompt.model,
      content,
      stop_reason: reply.stop,
      stop_sequence: null,
      usage: { ...cache, output_tokens: outputTokens },
    };
    sendWholeAnswer(res, "anthropic", message, interrupt);
    return;
  }
  await streamMessage(res, {
    id,
    model: prompt.model,
    content,
    stop: reply.stop,
    cache,
    outputTokens,
    interrupt,
  });
}

interface StreamPlan {
  id: string;
  model: string;
  content: ContentBlock[];
  stop: MockReply["stop"];
  cache: AnthropicCacheUsage;
  outputTokens: number;
  interrupt: StreamInterrupt | undefined;
}

async function streamMessage(res: ServerResponse, plan: StreamPlan): Promise<void> {
  startEventStream(res);
  await writeEvent(res, "message_start", {
    type: "message_start",
    message: {
      id: plan.id,
      type: "message",
      role: "assistant",
      model: plan.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { ...plan.cache, output_tokens: 1 },
    },
  });
  await writeEvent(res, "ping", { type: "ping" });
  for (const [index, block] of plan.content.entries()) {
    const start = block.type === "text" ? { type: "text", text: "" } : { ...block, input: {} };
    await writeEvent(res, "content_block_start", {
      type: "content_block_start",
      index,
      content_block: start,
    });
    const deltas =
      block.type === "text"
        ? fragmentText(block.text).map((text) => ({ type: "text_delta", text }))
        : ["", ...fragmentJson(JSON.stringify(block.input))].map((partial_json) => ({
            type: "input_json_delta",
            partial_json,
          }));
    for (const delta of deltas) {
      await writeEvent(res, "content_block_delta", { type: "content_block_delta", index, delta });
      // After the first delta that carries something (mid-text, or inside a tool call's JSON).
      if (plan.interrupt && ("text" in delta ? delta.text : delta.partial_json) !== "")
        return interrupt(res, plan.interrupt);
    }
    await writeEvent(res, "content_block_stop", { type: "content_block_stop", index });
    if (index === 0) await writeEvent(res, "ping", { type: "ping" });
  }
  if (plan.interrupt) return interrupt(res, plan.interrupt);
  await writeEvent(res, "message_delta", {
    type: "message_delta",
    delta: { stop_reason: plan.stop, stop_sequence: null },
    usage: { ...plan.cache, output_tokens: plan.outputTokens },
  });
  await writeEvent(res, "message_stop", { type: "message_stop" });
  res.end();
}

function interrupt(res: ServerResponse, how: StreamInterrupt): Promise<void> {
  return interruptStream(res, how, {
    event: "error",
    data: {
      type: "error",
      error: { type: "overloaded_error", message: "Overloaded (mock: scripted stream_error)" },
    },
  });
}
