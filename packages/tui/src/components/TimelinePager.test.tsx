import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { timelineChartFixture } from "../test-support/timeline-chart-fixture.js";
import { closesPerKey, tick, waitForFrame } from "../test-support/wait-for-frame.js";
import { TimelinePager } from "./TimelinePager.js";
import { PLAIN_THEME, ThemeContext } from "./theme.js";

async function pager(height = 30) {
  let closed = 0;
  const shown = render(
    <ThemeContext.Provider value={PLAIN_THEME}>
      <TimelinePager
        chart={timelineChartFixture()}
        width={80}
        height={height}
        onClose={() => {
          closed++;
        }}
      />
    </ThemeContext.Provider>,
  );
  await tick();
  return { ...shown, closed: () => closed };
}

const cursorOn = (frame: string) => frame.match(/› (t\d+ s\d+)/)?.[1];

describe("TimelinePager", () => {
  it("draws a bar per step on a track per lane, with drops, markers and the totals", async () => {
    const frame = (await pager()).lastFrame()!;
    expect(frame).toContain("Context timeline · 9 steps · 2 drops · saved 19k of 57k (32%)");
    expect(frame).toMatch(/› t1 s0 +▓+░ +6\.2k/);
    // Markers stand on the step whose request sent them: the Tier-2 load with s3's tool result,
    // the compaction's summary with s5 (the request after the compaction request s4).
    expect(frame).toMatch(/t2 s3 +▼ █+▓+░ +9\.8k ● −6\.2k prefix changed at message 4/);
    expect(frame).toMatch(/t3 s4 +█+▓?░ +10k compaction +│/);
    expect(frame).toMatch(/t3 s5 +▼ ▓+░ +4\.1k ◆ −9\.8k/);
    // Not reported: no read or write part, never a 0 drawn as if reported.
    expect(frame).toMatch(/t3 s6 +░+ +900/);
    expect(frame).toContain('agent-1 · subagent: "find the failing test"');
    expect(frame).toMatch(/totals: read 28k · write 28k · uncached 924/);
  });

  it("moves by step, jumps to the next and previous drop, and expands a step with what it sent", async () => {
    const { lastFrame, stdin } = await pager();
    stdin.write("n");
    await waitForFrame(lastFrame, (f) => cursorOn(f) === "t2 s3");
    stdin.write("n");
    await waitForFrame(lastFrame, (f) => cursorOn(f) === "t3 s5");
    stdin.write("n");
    stdin.write("p");
    await waitForFrame(lastFrame, (f) => cursorOn(f) === "t2 s3");
    stdin.write("\r");
    const open = await waitForFrame(lastFrame, (f) => f.includes("prefix drop: −6,200 tokens"));
    expect(open).toContain("read 2,000 · write 7,800 · uncached 3 · output 120");
    expect(open).toContain("● skill_body release 1.8 KB");
    expect(open).toContain("entered: assistant 200 B · Tier-2 skill_body release");
    expect(open).toContain("after it: assistant 150 B");
    stdin.write("\r");
    await waitForFrame(lastFrame, (f) => !f.includes("● skill_body release 1.8 KB"));
    stdin.write("\x1b[A");
    stdin.write("\r");
    const previous = await waitForFrame(lastFrame, (f) => f.includes("entered: assistant 600 B · user 52 B"));
    expect(previous).not.toContain("after it:");
    expect(previous).not.toContain("skill_body");
  });

  it("scrolls to keep the cursor on a short screen", async () => {
    const { lastFrame, stdin } = await pager(10);
    expect(lastFrame()!.split("\n").length).toBeLessThanOrEqual(10);
    stdin.write("G");
    const end = await waitForFrame(lastFrame, (f) => cursorOn(f) === "t2 s1");
    expect(end).not.toContain("Context timeline ·");
    expect(end.split("\n").length).toBeLessThanOrEqual(10);
    stdin.write("g");
    await waitForFrame(lastFrame, (f) => f.includes("Context timeline ·") && cursorOn(f) === "t1 s0");
  });

  it("closes with Esc or q", async () => {
    expect(await closesPerKey(["\x1b", "q"], () => pager())).toEqual([1, 1]);
  });
});
