import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { DiffView } from "./DiffView.js";
import { ToolLine } from "./ToolLine.js";
import { PLAIN_THEME, ThemeContext } from "./theme.js";

describe("ToolLine", () => {
  it("shows a running call with its argument", () => {
    const { lastFrame } = render(
      <ToolLine
        call={{
          toolUseId: "t1",
          lane: "main",
          name: "bash",
          input: { command: "npm test" },
          status: "running",
        }}
      />,
    );
    expect(lastFrame()).toContain("… bash npm test");
  });

  it("shows a running call's progress on its line", () => {
    const { lastFrame } = render(
      <ToolLine
        call={{
          toolUseId: "t1",
          lane: "main",
          name: "everything_call",
          input: { tool: "trigger-long-running-operation" },
          status: "running",
          progress: "3/5 · step 3",
        }}
      />,
    );
    expect(lastFrame()).toMatch(/… everything_call .* · 3\/5 · step 3/);
  });

  it("shows a 4 MB one-line output as one cut row without Ink measuring all of it", () => {
    const output = "QUJD".repeat(1024 * 1024);
    const started = performance.now();
    const frame = render(
      <ToolLine
        call={{
          toolUseId: "t1",
          lane: "main",
          name: "bash",
          input: { command: "base64 -w0 blob" },
          status: "ok",
          display: { kind: "command", command: "base64 -w0 blob", exitCode: 0, output },
        }}
        width={60}
      />,
    ).lastFrame()!;
    // Generous: milliseconds now; Ink's truncation measured the whole 4 MB line (~18 s here).
    expect(performance.now() - started).toBeLessThan(3_000);
    const rows = frame.split("\n");
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatch(/^ {2}QUJD.*…$/);
  });

  it("shows a bash command's exit code, timing and collapsed output", () => {
    const output = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join("\n");
    const { lastFrame } = render(
      <ToolLine
        call={{
          toolUseId: "t1",
          lane: "main",
          name: "bash",
          input: { command: "seq 20" },
          status: "ok",
          durationMs: 1530,
          display: { kind: "command", command: "seq 20", exitCode: 0, output },
        }}
      />,
    );
    const frame = lastFrame()!;
    expect(frame).toContain("✓ bash seq 20 · 1.5s");
    expect(frame).toContain("exit 0");
    expect(frame).toContain("line 6");
    expect(frame).not.toContain("line 7");
    expect(frame).toContain("… 14 more lines (ctrl+o to expand)");
  });

  it("marks denied and failed calls with their message", () => {
    const denied = render(
      <ToolLine
        call={{
          toolUseId: "t",
          lane: "main",
          name: "edit",
          input: { path: "a.ts" },
          status: "denied",
          durationMs: 3,
          content: "the user denied this",
        }}
      />,
    );
    expect(denied.lastFrame()).toContain("⊘ edit a.ts denied · 3ms");
    expect(denied.lastFrame()).toContain("the user denied this");
    const failed = render(
      <ToolLine
        call={{
          toolUseId: "t",
          lane: "main",
          name: "edit",
          input: { path: "a.ts" },
          status: "error",
          content: "plan mode is on",
        }}
      />,
    );
    expect(failed.lastFrame()).toContain("✗ edit a.ts failed");
    expect(failed.lastFrame()).toContain("plan mode is on");
  });

  it("labels subagent calls with their lane", () => {
    const { lastFrame } = render(
      <ToolLine
        call={{
          toolUseId: "t",
          lane: "agent-1",
          name: "read",
          input: { path: "x.md" },
          status: "ok",
          content: "a\nb",
        }}
      />,
    );
    expect(lastFrame()).toContain("[agent-1] read x.md");
    expect(lastFrame()).toContain("read 2 lines");
  });

  it("shows a read's own one-line summary instead of the file", () => {
    const { lastFrame } = render(
      <ToolLine
        call={{
          toolUseId: "t",
          lane: "main",
          name: "read",
          input: { path: "x.md" },
          status: "ok",
          content: "1\tsecret body",
          display: { kind: "text", text: "Read x.md (lines 1-1 of 1)" },
        }}
      />,
    );
    expect(lastFrame()).toContain("Read x.md (lines 1-1 of 1)");
    expect(lastFrame()).not.toContain("secret body");
  });
});

describe("DiffView", () => {
  const diff = "--- a/x.ts\n+++ b/x.ts\n@@ -1,2 +1,2 @@\n-const a = 1;\n+const a = 2;\n keep";

  it("drops file headers and keeps hunks, removals and additions", () => {
    const { lastFrame } = render(
      <ThemeContext.Provider value={PLAIN_THEME}>
        <DiffView diff={diff} />
      </ThemeContext.Provider>,
    );
    const frame = lastFrame()!;
    expect(frame).not.toContain("+++ b/x.ts");
    expect(frame).toContain("@@ -1,2 +1,2 @@");
    expect(frame).toContain("-const a = 1;");
    expect(frame).toContain("+const a = 2;");
  });

  it("prints no colour codes with the plain (NO_COLOR) theme", () => {
    const plain = render(
      <ThemeContext.Provider value={PLAIN_THEME}>
        <DiffView diff={diff} />
      </ThemeContext.Provider>,
    );
    expect(plain.lastFrame()).not.toMatch(/\u001b\[3\dm/);
  });

  it("collapses a long diff", () => {
    const long = Array.from({ length: 50 }, (_, i) => `+line ${i}`).join("\n");
    const { lastFrame } = render(<DiffView diff={long} maxLines={10} />);
    expect(lastFrame()).toContain("… 40 more lines");
  });
});
