import { describe, expect, it } from "vitest";
import { newestCollapsedOutput } from "./expandable.js";
import type { TranscriptItem } from "./transcript.js";

const long = Array.from({ length: 10 }, (_, i) => `line ${i}`).join("\n");

describe("newestCollapsedOutput", () => {
  it("finds the newest tool output longer than the lines shown", () => {
    const items: TranscriptItem[] = [
      {
        id: 1,
        kind: "tool",
        toolUseId: "a",
        lane: "main",
        name: "bash",
        input: {},
        status: "ok",
        display: { kind: "command", command: "x", exitCode: 0, output: long },
      },
      {
        id: 2,
        kind: "tool",
        toolUseId: "b",
        lane: "main",
        name: "read",
        input: {},
        status: "ok",
        content: "short",
      },
      { id: 3, kind: "assistant", lane: "main", text: long },
    ];
    expect(newestCollapsedOutput(items)).toEqual({ title: "bash — full output", text: long });
  });

  it("is undefined when nothing was collapsed", () => {
    expect(newestCollapsedOutput([{ id: 1, kind: "user", text: long }])).toBeUndefined();
  });
});
