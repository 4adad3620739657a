import type { ContextView } from "@picasso/engine/context";
import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { contextViewFixture } from "../test-support/context-view-fixture.js";
import { closesPerKey, tick, waitForFrame } from "../test-support/wait-for-frame.js";
import { ContextPager, ContextPanel } from "./ContextPanel.js";

const view: ContextView = contextViewFixture();

describe("ContextPanel", () => {
  it("opens with the map: the window's fill, then every category with bytes, tokens and share", () => {
    const frame = render(<ContextPanel view={view} width={100} />).lastFrame()!;
    expect(frame).toContain("Context window: 5.0k of 200k used (2.5%), 195k free");
    expect(frame).toContain("provider: no request yet · estimated 5.0k tokens, 19.8 KB");
    for (const row of view.rows.filter((r) => r.category !== "free space"))
      expect(frame).toContain(row.category);
    expect(frame).toMatch(/system sections +█+ +5\.9 KB +1\.5k +30\.0%/);
    expect(frame).toMatch(/MCP catalogs +— +— +—/);
    for (const group of ["Tier 1 · 3.0k tokens", "history · 1.9k tokens", "Tier-2 loads · 170 tokens"])
      expect(frame).toContain(group);
  });

  it("puts the provider-reported figure beside the estimate", () => {
    const reported = { ...view, usedTokens: 5200, reportedPromptTokens: 5200 };
    const frame = render(<ContextPanel view={reported} width={100} />).lastFrame()!;
    expect(frame).toContain("Context window: 5.2k of 200k used (2.6%)");
    expect(frame).toContain("provider-reported 5.2k · estimated 5.0k tokens");
  });

  it("shows the lean-context fields and says what was not recorded", () => {
    const frame = render(<ContextPanel view={view} width={100} />).lastFrame()!;
    expect(frame).toContain("picasso-lean-context");
    expect(frame).toContain("wireTools: 10");
    expect(frame).toContain("snapshot: not recorded");
    expect(frame).toContain("totalSteps: 4");
    expect(frame).toContain("reminder: todos (120 bytes) (turn 2, step 1)");
  });

  it("says none yet for an empty event journal (it was recorded, it is empty)", () => {
    const empty = { ...view, leanContext: { ...view.leanContext!, events: [] } };
    const frame = render(<ContextPanel view={empty} width={100} />).lastFrame()!;
    expect(frame).toMatch(/events \(newest first\):[\s│]+none yet/);
  });

  it("says not recorded for every field when lean context is absent", () => {
    const frame = render(<ContextPanel view={{ ...view, leanContext: undefined }} width={60} />).lastFrame()!;
    expect(frame).toContain("registry: not recorded");
    expect(frame).toContain("counters: not recorded");
    expect(frame).toMatch(/events \(newest first\):[\s│]+not recorded/);
    expect(frame.split("\n").every((line) => line.length <= 60)).toBe(true);
  });

  it("shows the memory plugin's fields: the ranking in use says when there are no embeddings", () => {
    const withMemory: ContextView = {
      ...view,
      memory: {
        database: "/home/me/.picasso/memory.db",
        memories: 42,
        ranking: "0.625·fts + 0.250·importance + 0.125·recency (no embeddings endpoint: …)",
      },
    };
    const frame = render(<ContextPanel view={withMemory} width={100} />).lastFrame()!;
    expect(frame).toContain("picasso-memory");
    expect(frame).toContain("memories: 42");
    expect(frame).toContain("no embeddings endpoint");
    expect(render(<ContextPanel view={view} width={100} />).lastFrame()).not.toContain("picasso-memory");
  });

  it("shows each MCP server's state, tool count and catalog bytes, and no section without one", () => {
    expect(render(<ContextPanel view={view} width={100} />).lastFrame()!).not.toContain("MCP servers");
    const withServers: ContextView = {
      ...view,
      mcpServers: [
        { name: "fs", state: "running", pid: 4242, tools: 14, catalogBytes: 9300, error: null },
        { name: "github", state: "not spawned", pid: null, tools: null, catalogBytes: null, error: null },
        {
          name: "broken",
          state: "failed",
          pid: null,
          tools: 3,
          catalogBytes: 800,
          error: "could not start: exited (code 2)",
        },
      ],
    };
    const frame = render(<ContextPanel view={withServers} width={100} />).lastFrame()!;
    expect(frame).toContain("MCP servers");
    expect(frame).toContain("fs_call: running (pid 4242) · 14 tools, catalog 9.3k bytes");
    expect(frame).toContain("github_call: not spawned · no catalog yet");
    expect(frame).toContain(
      "broken_call: failed · 3 tools, catalog 800 bytes · could not start: exited (code 2)",
    );
  });

  it("never draws the bar wider than the panel", () => {
    const frame = render(<ContextPanel view={view} width={60} />).lastFrame()!;
    expect(frame.split("\n").every((line) => line.length <= 60)).toBe(true);
  });
});

/** A session whose lean-context fields make the panel much taller than 20 rows. */
const tall: ContextView = {
  ...view,
  leanContext: {
    registry: Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`field${i}`, `value ${i}`])),
    snapshot: { tier1Hash: "6082d67d318180c53e5f26c5f32273ef5c02627186548658385a5bc570ef5dcf" },
    counters: { totalSteps: 4 },
    events: Array.from({ length: 8 }, (_, i) => ({ kind: "reminder", detail: `event ${i}` })),
  },
};

async function pager(height = 20) {
  let closed = 0;
  const shown = render(
    <ContextPager
      view={tall}
      width={60}
      height={height}
      onClose={() => {
        closed++;
      }}
    />,
  );
  await tick();
  return { ...shown, closed: () => closed };
}

describe("ContextPager", () => {
  it("fits the height it is given and says which lines it shows", async () => {
    const { lastFrame } = await pager(20);
    const frame = lastFrame()!;
    expect(frame.split("\n").length).toBeLessThanOrEqual(20);
    expect(frame.split("\n").every((line) => line.length <= 60)).toBe(true);
    expect(frame).toContain("Context window: 5.0k of 200k used (2.5%)");
    expect(frame).not.toContain("events (newest first)");
    expect(frame).toMatch(/lines 1–17 of \d+/);
    expect(frame).toContain("Esc close");
  });

  it("scrolls by line, by page and to either end", async () => {
    const { lastFrame, stdin } = await pager(20);
    stdin.write("\x1b[B");
    await waitForFrame(lastFrame, (f) => /lines 2–18 of/.test(f));
    stdin.write("\x1b[6~");
    await waitForFrame(lastFrame, (f) => /lines 19–35 of/.test(f));
    stdin.write("\x1b[F");
    const end = await waitForFrame(lastFrame, (f) => f.includes("reminder: event 7"));
    expect(end).toContain("events (newest first)");
    expect(end).not.toContain("Context window:");
    expect(end.split("\n").length).toBeLessThanOrEqual(20);
    stdin.write("\x1b[5~");
    stdin.write("\x1b[H");
    await waitForFrame(lastFrame, (f) => f.includes("Context window:") && /lines 1–17 of/.test(f));
  });

  it("wraps a long value under its key instead of at the panel's edge", async () => {
    const { lastFrame, stdin } = await pager(60);
    stdin.write("\x1b[F");
    const frame = await waitForFrame(lastFrame, (f) => f.includes("tier1Hash"));
    const lines = frame.split("\n");
    const at = lines.findIndex((l) => l.includes("tier1Hash"));
    expect(lines[at + 1]).toMatch(/^│ {5}\S/);
  });

  it("closes with Esc or q", async () => {
    expect(await closesPerKey(["\x1b", "q"], () => pager())).toEqual([1, 1]);
  });
});
