import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { tick } from "../test-support/wait-for-frame.js";
import { Picker } from "./Picker.js";

const options = ["one", "two", "three"].map((v) => ({ label: `session ${v}`, value: v }));

async function picker() {
  const picked: string[] = [];
  let cancelled = 0;
  const view = render(
    <Picker
      title="Resume which session?"
      options={options}
      onPick={(v) => picked.push(v)}
      onCancel={() => {
        cancelled++;
      }}
    />,
  );
  await tick();
  return { ...view, picked, cancelled: () => cancelled };
}

describe("Picker", () => {
  it("lists the options with the first highlighted", async () => {
    const { lastFrame } = await picker();
    expect(lastFrame()).toContain("Resume which session?");
    expect(lastFrame()).toContain("› session one");
  });

  it("handles several keys arriving in one chunk (↓ ↓ Enter)", async () => {
    const { stdin, picked } = await picker();
    stdin.write("\x1b[B\x1b[B\r");
    expect(picked).toEqual(["three"]);
  });

  it("cancels on Esc", async () => {
    const { stdin, cancelled } = await picker();
    stdin.write("\x1b");
    const started = Date.now();
    while (cancelled() === 0 && Date.now() - started < 2000) await new Promise((r) => setTimeout(r, 5));
    expect(cancelled()).toBe(1);
  });
});
