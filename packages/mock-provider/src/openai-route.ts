/**
 * `POST /v1/chat/completions` (OpenAI Chat Completions).
 *
 * Validated (openai-request.ts; a 400 in OpenAI's error shape names the field), counted, checked
 * for a scripted fault, answered by the model, run through the automatic prefix cache, then sent as one
 * `chat.completion` or as `chat.completion.chunk`s: role first, content in fragments, each tool
 * call by `index` (id and name in its first fragment, `arguments` in several), a chunk with
 * `finish_reason`, a usage chunk with empty `choices` when `stream_options.include_usage`, then
 * `data: [DONE]`. After the first fragment carrying text or arguments, a `cut` fault destroys the
 * socket, a `stream_error` fault sends an error payload (`data: {"error": …}`) and ends the stream,
 * `malformed` sends a line that is not JSON, `stall` goes silent with the connection open (sse.ts).
 */
import type { ServerResponse } from "node:http";
import { estimateTokens } from "@picasso/protocol";
import { openaiView } from "./conversation.js";
import { openaiPromptBlocks, sumTokens } from "./prompt-blocks.js";
import { applyFault, pause, type RouteContext, sendWholeAnswer, toolCallId } from "./route-context.js";
import {
  fragmentJson,
  fragmentText,
  interruptStream,
  type StreamInterrupt,
  startEventStream,
  streamInterrupt,
  writeEvent,
} from "./sse.js";

const FINISH: Record<string, string> = {
  end_turn: "stop",
  stop_sequence: "stop",
  tool_use: "tool_calls",
  max_tokens: "length",
};

export async function handleChatCompletions(
  body: unknown,
  res: ServerResponse,
  ctx: RouteContext,
): Promise<void> {
  // The request reader (zod) loads with the first request: the mock starts without it.
  const { parseChatRequest } = await import("./openai-request.js");
  const chat = parseChatRequest(body);
  const tools = chat.tools ?? [];
  const requestNumber = ctx.nextRequestNumber();
  const fault = ctx.model.faultFor(requestNumber);
  if (await applyFault(fault, res, "openai")) return;

  const reply = ctx.model.reply(openaiView(tools, chat.messages));
  await pause(reply.delayMs, res);
  if (res.destroyed) return;

  const blocks = openaiPromptBlocks(tools, chat.messages);
  const promptTokens = sumTokens(blocks);
  const cached = ctx.cache.openai(chat.model, blocks);
  ctx.afterCacheUse?.();
  const toolCalls = reply.toolCalls.map((call, i) => ({
    id: toolCallId("call", chat.messages, i),
    type: "function" as const,
    function: { name: call.name, arguments: JSON.stringify(call.input) },
  }));
  const completionTokens =
    estimateTokens(reply.text ?? "") +
    toolCalls.reduce((s, c) => s + estimateTokens(c.function.arguments), 0);
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: cached },
  };
  const id = `chatcmpl-mock-${requestNumber}`;
  const created = Math.floor(Date.now() / 1000);
  const finish = FINISH[reply.stop] ?? "stop";
  const interrupt = streamInterrupt(fault?.kind);
  if (!chat.stream) {
    const message = {
      role: "assistant",
      content: reply.text ?? null,
      refusal: null,
      ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
    };
    const completion = {
      id,
      object: "chat.completion",
      created,
      model: chat.model,
      choices: [{ index: 0, message, finish_reason: finish, logprobs: null }],
      usage,
    };
    sendWholeAnswer(res, "openai", completion, interrupt);
    return;
  }

  const includeUsage = chat.stream_options?.include_usage === true;
  const chunk = (delta: object, finishReason: string | null = null) => ({
    id,
    object: "chat.completion.chunk",
    created,
    model: chat.model,
    choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
    ...(includeUsage ? { usage: null } : {}),
  });
  startEventStream(res);
  await writeEvent(res, undefined, chunk({ role: "assistant", content: "", refusal: null }));
  const deltas: object[] = [];
  if (reply.text) for (const content of fragmentText(reply.text)) deltas.push({ content });
  toolCalls.forEach((call, index) => {
    deltas.push({
      tool_calls: [
        { index, id: call.id, type: "function", function: { name: call.function.name, arguments: "" } },
      ],
    });
    for (const fragment of fragmentJson(call.function.arguments)) {
      deltas.push({ tool_calls: [{ index, function: { arguments: fragment } }] });
    }
  });
  for (const delta of deltas) {
    await writeEvent(res, undefined, chunk(delta));
    if (interrupt && carries(delta)) return breakStream(res, interrupt);
  }
  if (interrupt) return breakStream(res, interrupt);
  await writeEvent(res, undefined, chunk({}, finish));
  if (includeUsage) {
    await writeEvent(res, undefined, {
      id,
      object: "chat.completion.chunk",
      created,
      model: chat.model,
      choices: [],
      usage,
    });
  }
  await writeEvent(res, undefined, "[DONE]");
  res.end();
}

/** A delta with text or tool-call arguments in it (not the empty opening of a tool call). */
function carries(delta: object): boolean {
  const d = delta as {
    content?: string;
    tool_calls?: { function?: { arguments?: string; name?: string } }[];
  };
  if (d.content) return true;
  const fn = d.tool_calls?.[0]?.function;
  return Boolean(fn?.arguments) && fn?.name === undefined;
}

function breakStream(res: ServerResponse, how: StreamInterrupt): Promise<void> {
  return interruptStream(res, how, {
    event: undefined,
    data: {
      error: {
        message: "Overloaded (mock: scripted stream_error)",
        type: "overloaded_error",
        param: null,
        code: null,
      },
    },
  });
}
