import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sessionTitle } from "./session-title.js";

describe("sessionTitle", () => {
  const dir = mkdtempSync(join(tmpdir(), "title-"));

  it("is the first turn's input, on one line and cut to fit", () => {
    const path = join(dir, "a.jsonl");
    writeFileSync(
      path,
      [
        JSON.stringify({ type: "session_start" }),
        JSON.stringify({ type: "turn_start", input: "fix the\nflaky test in engine" }),
        JSON.stringify({ type: "turn_start", input: "second" }),
      ].join("\n"),
    );
    expect(sessionTitle(path)).toBe("fix the flaky test in engine");
    expect(sessionTitle(path, 10)).toBe("fix the f…");
  });

  it("is undefined without a turn or a file", () => {
    const path = join(dir, "b.jsonl");
    writeFileSync(path, `${JSON.stringify({ type: "session_start" })}\n`);
    expect(sessionTitle(path)).toBeUndefined();
    expect(sessionTitle(join(dir, "missing.jsonl"))).toBeUndefined();
  });
});
