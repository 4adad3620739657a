import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Message } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { compactionIndex, compactionSpanId, INDEX_MAX_ENTRIES } from "./compaction-index.js";

/** `n` steps of one tool call and its result each. */
function history(n: number): Message[] {
  const out: Message[] = [{ role: "user", content: [{ type: "text", text: "go" }] }];
  for (let i = 1; i <= n; i++) {
    out.push({
      role: "assistant",
      content: [
        i % 2
          ? { type: "tool_use", id: `tu_${i}`, name: "bash", input: { command: `echo ${i}` } }
          : {
              type: "tool_use",
              id: `tu_${i}`,
              name: "tool_call",
              input: { name: "glob", arguments: { pattern: `src/${i}/**` } },
            },
      ],
    });
    out.push({ role: "user", content: [{ type: "tool_result", toolUseId: `tu_${i}`, content: `out ${i}` }] });
  }
  return out;
}

describe("the compaction index", () => {
  it("names the span per lane", () => {
    expect(compactionSpanId("main", 1)).toBe("compaction-1");
    expect(compactionSpanId("agent-2", 3)).toBe("agent-2.compaction-3");
  });

  it("lists each removed tool result with its tool, target and full size (a spilled one's file)", () => {
    const outputs = mkdtempSync(join(tmpdir(), "picasso-index-"));
    mkdirSync(outputs, { recursive: true });
    writeFileSync(join(outputs, "tu_1.txt"), "x".repeat(70_000));
    const text = compactionIndex({ spanId: "compaction-2", removed: history(2), outputsDir: outputs });
    expect(text).toBe(
      [
        'Compacted span compaction-2: messages 0–4 before this summary. Read it back with history_read {id: "compaction-2"}.',
        "Tool results it removed (history_read {id} returns the original output, the full one when it was truncated):",
        "- tu_1 · bash · echo 1 · 70000 bytes",
        "- tu_2 · glob · src/2/** · 5 bytes",
      ].join("\n"),
    );
    // The same messages give the same bytes.
    expect(compactionIndex({ spanId: "compaction-2", removed: history(2), outputsDir: outputs })).toBe(text);
  });

  it("keeps the newest 40 and counts the older ones, pointing at the span", () => {
    const text = compactionIndex({
      spanId: "compaction-1",
      removed: history(45),
      outputsDir: "/nonexistent",
    });
    const lines = text.split("\n");
    expect(lines.filter((l) => l.startsWith("- "))).toHaveLength(INDEX_MAX_ENTRIES);
    expect(lines[2]).toBe("- tu_6 · glob · src/6/** · 5 bytes");
    expect(lines.at(-2)).toBe("- tu_45 · bash · echo 45 · 6 bytes");
    expect(lines.at(-1)).toBe('… and 5 older: history_read {id: "compaction-1"} lists them all.');
    expect(compactionIndex({ spanId: "compaction-1", removed: history(0), outputsDir: "/x" })).toContain(
      "It held no tool results.",
    );
  });
});
