import type { ContextView } from "@picasso/engine/context";
import type { ContextPanel as ExtensionPanel } from "@picasso/protocol";
import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { contextViewFixture, leanContextPanelFixture } from "../test-support/context-view-fixture.js";
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

  it("shows lean context's panel below the map: title, headings, rows by level, what was not recorded", () => {
    const frame = render(<ContextPanel view={view} width={100} />).lastFrame()!;
    const lines = frame.split("\n").map((l) => l.replace(/^│ ?|│$/g, "").trimEnd());
    const at = lines.indexOf("lean context");
    expect(at).toBeGreaterThan(0);
    expect(lines.slice(at, at + 10)).toEqual([
      "lean context",
      "  registry:",
      "    wireTools: 10",
      "    deferredTools: 3",
      "  snapshot: not recorded",
      "  counters:",
      "    totalSteps: 4",
      "    remindersInjected: 1",
      "  events (newest first):",
      "    reminder: todos (120 bytes) (turn 2, step 1)",
    ]);
  });

  it("renders a panel of an extension it does not know the same way, in mount order", () => {
    const lean = leanContextPanelFixture();
    const weather: ExtensionPanel = { ...lean, id: "weather", title: "weather" };
    const frame = render(
      <ContextPanel view={{ ...view, panels: [lean, weather] }} width={100} />,
    ).lastFrame()!;
    const lines = frame.split("\n");
    const first = lines.findIndex((l) => l.includes("lean context"));
    const second = lines.findIndex((l) => l.includes("weather"));
    expect(second).toBeGreaterThan(first);
    const body = (from: number) => lines.slice(from + 1, from + 1 + lean.rows.length);
    expect(body(second)).toEqual(body(first));
    expect(lines[second - 1]).toMatch(/^│ +│$/);
  });

  it("says a panel's empty text when it has no rows, and shows nothing below the map without panels", () => {
    const empty: ExtensionPanel = { id: "weather", title: "weather", rows: [], empty: "no forecast yet" };
    const frame = render(<ContextPanel view={{ ...view, panels: [empty] }} width={100} />).lastFrame()!;
    expect(frame).toMatch(/weather +│\n│ {3}no forecast yet/);
    const bare = render(<ContextPanel view={{ ...view, panels: [] }} width={100} />).lastFrame()!;
    expect(bare).not.toContain("lean context");
    expect(bare.split("\n").at(-3)).toContain("estimates");
  });

  it("wraps a long row under its label within a narrow panel, and cuts a very long value", () => {
    const long: ExtensionPanel = {
      id: "mcp",
      title: "MCP servers",
      rows: [
        {
          label: "broken_call",
          value: "failed · 3 tools · catalog 800 B · could not start: exited (code 2)",
          tone: "error",
        },
        { label: "coreTools", value: "x".repeat(400), level: 1 },
      ],
    };
    const frame = render(<ContextPanel view={{ ...view, panels: [long] }} width={60} />).lastFrame()!;
    expect(frame.split("\n").every((line) => line.length <= 60)).toBe(true);
    const lines = frame.split("\n");
    const at = lines.findIndex((l) => l.includes("broken_call:"));
    expect(lines[at]).toMatch(/^│ {3}broken_call: failed/);
    expect(lines[at + 1]).toMatch(/^│ {5}\S/);
    expect(frame).toContain("…");
    expect(frame.match(/x/g)!.length).toBeLessThan(200);
  });

  it("never draws the bar wider than the panel", () => {
    const frame = render(<ContextPanel view={view} width={60} />).lastFrame()!;
    expect(frame.split("\n").every((line) => line.length <= 60)).toBe(true);
  });
});

/** A session whose lean-context panel makes the /context panel much taller than 20 rows. */
const tall: ContextView = {
  ...view,
  panels: [
    {
      id: "lean-context",
      title: "lean context",
      rows: [
        { label: "registry", value: "" },
        ...Array.from({ length: 15 }, (_, i) => ({
          label: `field${i}`,
          value: `value ${i}`,
          level: 1 as const,
        })),
        { label: "snapshot", value: "" },
        {
          label: "tier1Hash",
          value: "6082d67d318180c53e5f26c5f32273ef5c02627186548658385a5bc570ef5dcf",
          level: 1,
        },
        { label: "counters", value: "" },
        { label: "totalSteps", value: "4", level: 1 },
        { label: "events (newest first)", value: "" },
        ...Array.from({ length: 8 }, (_, i) => ({
          label: "reminder",
          value: `event ${i}`,
          level: 1 as const,
        })),
      ],
    },
  ],
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
    expect(lines[at]).toMatch(/^│ {5}tier1Hash:/);
    expect(lines[at + 1]).toMatch(/^│ {7}\S/);
  });

  it("closes with Esc or q", async () => {
    expect(await closesPerKey(["\x1b", "q"], () => pager())).toEqual([1, 1]);
  });
});
