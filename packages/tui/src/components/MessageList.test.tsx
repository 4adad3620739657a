import { Box } from "ink";
import { render } from "ink-testing-library";
import { beforeAll, describe, expect, it } from "vitest";
import { loadMarkdownReader } from "../markdown/markdown-reader.js";
import type { TranscriptItem } from "../transcript/transcript.js";
import { MessageList } from "./MessageList.js";

const items: TranscriptItem[] = [
  { id: 1, kind: "user", text: "explain the build" },
  {
    id: 2,
    kind: "assistant",
    lane: "main",
    text: "## Build\n\n- uses **turbo**\n- run `npm test`\n\n```sh\nnpm run build\n```",
  },
  {
    id: 3,
    kind: "tool",
    toolUseId: "t",
    lane: "main",
    name: "read",
    input: { path: "package.json" },
    status: "ok",
    durationMs: 4,
    content: "{}",
  },
  { id: 4, kind: "notice", tone: "warn", text: "interrupted" },
];

// marked loads on first need (markdown-reader.ts); these tests read Markdown from the start.
beforeAll(() => loadMarkdownReader());

describe("MessageList", () => {
  it("prints finished items with rendered markdown", () => {
    const frame = render(<MessageList items={items} live={{ text: "", tools: [] }} />).lastFrame()!;
    expect(frame).toContain("› explain the build");
    expect(frame).toContain("Build");
    expect(frame).not.toContain("## Build");
    expect(frame).toContain("• uses turbo");
    expect(frame).toContain("• run npm test");
    expect(frame).toContain("sh");
    expect(frame).toContain("npm run build");
    expect(frame).not.toContain("```");
    expect(frame).toContain("✓ read package.json · 4ms");
    expect(frame).toContain("interrupted");
  });

  it("renders the streaming reply and running tools in the live area", () => {
    const { lastFrame, rerender } = render(
      <MessageList items={items} live={{ text: "Looking at", tools: [] }} />,
    );
    expect(lastFrame()).toContain("Looking at");
    rerender(
      <MessageList
        items={items}
        live={{
          text: "Looking at the **tests**",
          tools: [
            { toolUseId: "b", lane: "main", name: "bash", input: { command: "npm test" }, status: "running" },
          ],
        }}
      />,
    );
    expect(lastFrame()).toContain("Looking at the tests");
    expect(lastFrame()).toContain("… bash npm test");
  });

  it("writes a finished item to the terminal once: later renders add only new items", async () => {
    const { PassThrough } = await import("node:stream");
    const { render: inkRender } = await import("ink");
    const out = Object.assign(new PassThrough(), { columns: 100, rows: 30, isTTY: true });
    let written = "";
    out.on("data", (chunk: Buffer) => {
      written += chunk.toString();
    });
    const app = inkRender(<MessageList items={items.slice(0, 1)} live={{ text: "", tools: [] }} />, {
      stdout: out as unknown as NodeJS.WriteStream,
      patchConsole: false,
    });
    for (const text of ["a", "ab", "abc"]) {
      app.rerender(<MessageList items={items.slice(0, 2)} live={{ text, tools: [] }} />);
      await new Promise((r) => setTimeout(r, 40));
    }
    app.unmount();
    expect(written).toContain("abc");
    expect(written.split("explain the build").length - 1).toBe(1);
    expect(written.split("uses").length - 1).toBe(1);
  });

  it("wraps a long reply inside its indent, within the width", () => {
    const reply: TranscriptItem = {
      id: 1,
      kind: "assistant",
      lane: "main",
      text:
        "This reply is long enough to wrap more than once at forty columns, and every wrapped line stays under the bullet.\n\n" +
        "- a list item that also wraps past the edge of a forty column terminal",
    };
    const frame = render(
      <Box width={40} flexDirection="column">
        <MessageList items={[reply]} live={{ text: "", tools: [] }} width={40} />
      </Box>,
    ).lastFrame()!;
    const lines = frame.split("\n").filter((l) => l.trim() !== "");
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
    expect(lines[0]).toMatch(/^● This reply/);
    // Paragraph lines continue under the text, list lines under the item's text.
    const item = lines.findIndex((l) => l.includes("• a list item"));
    for (const line of lines.slice(1, item)) expect(line).toMatch(/^ {2}\S/);
    expect(lines[item]).toMatch(/^ {2}• a list/);
    for (const line of lines.slice(item + 1)) expect(line).toMatch(/^ {4}\S/);
  });

  it("prints a 200 KB unbroken prompt without Ink wrapping it word by word", () => {
    const text = "QUJD".repeat(50_000);
    const started = performance.now();
    const frame = render(
      <Box width={100} flexDirection="column">
        <MessageList items={[{ id: 1, kind: "user", text }]} live={{ text: "", tools: [] }} width={100} />
      </Box>,
    ).lastFrame()!;
    // Generous: it takes about a second here; Ink's own wrapping of the run took minutes.
    expect(performance.now() - started).toBeLessThan(15_000);
    const rows = frame.split("\n").filter((l) => l.trim() !== "");
    expect(rows[0]).toBe(`› ${text.slice(0, 98)}`);
    expect(rows).toHaveLength(Math.ceil(text.length / 98));
    expect(rows.every((row) => row.length <= 100)).toBe(true);
  });

  it("wraps indented lines of notices and expanded text (the timeline's totals) at their indent", () => {
    const timeline: TranscriptItem = {
      id: 1,
      kind: "expanded",
      title: "context timeline",
      text: "Turn 1\n  turn totals: uncached 0 · cache read 0 · cache write 2,833 · output 63 · cache read share 0.0%",
    };
    const help: TranscriptItem = {
      id: 2,
      kind: "notice",
      tone: "info",
      text: "Commands:\n  /context [timeline] — what fills the context window and how it grew turn by turn",
    };
    const frame = render(
      <Box width={40} flexDirection="column">
        <MessageList items={[timeline, help]} live={{ text: "", tools: [] }} width={40} />
      </Box>,
    ).lastFrame()!;
    const lines = frame.split("\n").filter((l) => l.trim() !== "");
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
    const totals = lines.findIndex((l) => l.includes("turn totals"));
    const commands = lines.findIndex((l) => l.includes("Commands:"));
    // Every line after "Turn 1" up to "Commands:" belongs to the indented totals line.
    expect(commands - totals).toBeGreaterThan(1);
    for (const line of lines.slice(totals, commands)) expect(line).toMatch(/^ {2}\S/);
    expect(lines.length - commands).toBeGreaterThan(2);
    for (const line of lines.slice(commands + 1)) expect(line).toMatch(/^ {2}\S/);
  });
});

describe("MessageList streaming in settled blocks", () => {
  it("shows a continued part of a reply without a bullet of its own", () => {
    const parts: TranscriptItem[] = [
      { id: 1, kind: "assistant", lane: "main", text: "# Plan" },
      { id: 2, kind: "assistant", lane: "main", text: "First step.", continued: true },
    ];
    const frame = render(
      <MessageList items={parts} live={{ text: "Second step", tools: [], continued: true }} />,
    ).lastFrame()!;
    expect(frame.split("\n").filter((l) => l.trim() !== "")).toEqual([
      "● Plan",
      "  First step.",
      "  Second step",
    ]);
  });
});
