/** Test helpers: a temporary workspace with files written in, and a model that answers from a list. */
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { ModelProvider, ModelRequest, StreamEvent } from "@picasso/protocol";

export function workspaceWith(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "picasso-init-ws-")));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

/** A provider answering each request with the next of `answers` (a string, or a fault message as `{ error }`). */
export function scriptedModel(
  answers: (string | { error: string })[],
): ModelProvider & { requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  return {
    name: "scripted",
    model: "scripted-1",
    contextWindow: 100_000,
    requests,
    async *stream(request: ModelRequest): AsyncIterable<StreamEvent> {
      requests.push(request);
      const answer = answers[requests.length - 1] ?? "";
      if (typeof answer !== "string") {
        yield { type: "error", error: { kind: "server", message: answer.error, retryable: false } };
        return;
      }
      yield { type: "text_delta", index: 0, text: answer };
      yield {
        type: "message_stop",
        stopReason: "end_turn",
        usage: {},
        content: answer === "" ? [] : [{ type: "text", text: answer }],
      };
    },
  };
}
