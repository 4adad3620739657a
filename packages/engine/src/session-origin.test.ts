import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sessionOrigin } from "./session-origin.js";

const start = (provider: string, model: string) =>
  JSON.stringify({ v: 1, seq: 0, type: "session_start", provider, model, mode: "default" });

describe("sessionOrigin", () => {
  it("is the provider and model of the log's last session_start, skipping torn lines", async () => {
    const path = join(process.env.PICASSO_HOME!, "origin.jsonl");
    writeFileSync(
      path,
      [
        start("anthropic", "claude-sonnet-4-6"),
        JSON.stringify({ type: "message", text: 'mentions "session_start" in passing' }),
        start("openai", "qwen3:8b"),
        '{"type":"session_start","provider":"mo',
      ].join("\n"),
    );
    expect(await sessionOrigin(path)).toEqual({ provider: "openai", model: "qwen3:8b" });
  });

  it("is undefined for a log without one", async () => {
    const path = join(process.env.PICASSO_HOME!, "empty.jsonl");
    writeFileSync(path, "");
    expect(await sessionOrigin(path)).toBeUndefined();
  });
});
