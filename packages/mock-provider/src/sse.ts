/**
 * Server-sent events for the mock routes: `event: <name>\ndata: <json>\n\n` (Anthropic) or
 * `data: <json>\n\n` (OpenAI), and the fragmenting of text and JSON into several deltas so
 * clients are exercised on accumulation rather than handed whole values.
 */
import type { ServerResponse } from "node:http";

export function startEventStream(res: ServerResponse): void {
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  res.flushHeaders();
}

/** Writes one event; resolves once the data is handed to the socket (or the socket is gone). */
export function writeEvent(res: ServerResponse, event: string | undefined, data: unknown): Promise<void> {
  const payload = typeof data === "string" ? data : JSON.stringify(data);
  const text = `${event ? `event: ${event}\n` : ""}data: ${payload}\n\n`;
  return new Promise((resolve) => {
    if (res.destroyed || res.writableEnded) return resolve();
    res.write(text, () => resolve());
  });
}

/** Splits text into about `parts` pieces at word boundaries (at least one piece, never empty ones). */
export function fragmentText(text: string, parts = 3): string[] {
  if (text.length === 0) return [""];
  const words = text.match(/\S+\s*|\s+/g) ?? [text];
  const size = Math.max(1, Math.ceil(words.length / parts));
  const out: string[] = [];
  for (let i = 0; i < words.length; i += size) out.push(words.slice(i, i + size).join(""));
  return out;
}

/** Splits a JSON string into several raw fragments, cutting inside keys and values on purpose. */
export function fragmentJson(json: string, parts = 4): string[] {
  if (json.length <= 2) return [json];
  const size = Math.max(1, Math.ceil(json.length / parts));
  const out: string[] = [];
  for (let i = 0; i < json.length; i += size) out.push(json.slice(i, i + size));
  return out;
}

/** How a scripted fault breaks a stream after its first real delta. */
export type StreamInterrupt = "cut" | "stream_error" | "malformed" | "stall";

export function streamInterrupt(kind: string | undefined): StreamInterrupt | undefined {
  return kind === "cut" || kind === "stream_error" || kind === "malformed" || kind === "stall"
    ? kind
    : undefined;
}

/**
 * Breaks a stream: `cut` destroys the socket; `stream_error` sends the API's error event (`error`
 * carries the provider's own shape) and ends; `malformed` sends a line that is not valid SSE JSON
 * and ends; `stall` sends nothing more and keeps the connection open (the client's idle timeout
 * must give up on it; the server's `close()` drops it).
 */
export async function interruptStream(
  res: ServerResponse,
  how: StreamInterrupt,
  error: { event: string | undefined; data: unknown },
): Promise<void> {
  if (how === "cut") {
    res.destroy();
    return;
  }
  if (how === "stall") return;
  if (how === "malformed") {
    await new Promise<void>((resolve) =>
      res.write(
        `${error.event ? "event: content_block_delta\n" : ""}data: {"type":"content_block_delta","index":0,"delta":{"ty\n\n`,
        () => resolve(),
      ),
    );
    res.end();
    return;
  }
  await writeEvent(res, error.event, error.data);
  res.end();
}
