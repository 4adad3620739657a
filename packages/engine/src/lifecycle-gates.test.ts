import type { PicassoExtension } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { LifecycleGates } from "./lifecycle-gates.js";

const call = {
  sessionId: "s",
  lane: "main",
  turn: 1,
  toolUseId: "t1",
  name: "bash",
  input: { command: "ls" },
};

describe("LifecycleGates: the strictest answer wins", () => {
  it("a deny beats an ask, which beats an allow; no gate is no opinion", async () => {
    const gate = (decision: "allow" | "deny" | "ask", reason?: string): PicassoExtension => ({
      name: decision,
      beforeToolCall: () => ({ decision, ...(reason ? { reason } : {}) }),
    });
    const none = () => {};
    expect(await new LifecycleGates([]).beforeTool(call, none)).toEqual({});
    expect(await new LifecycleGates([gate("allow"), gate("ask")]).beforeTool(call, none)).toEqual({
      decision: "ask",
    });
    expect(
      await new LifecycleGates([gate("allow"), gate("deny", "no"), gate("ask")]).beforeTool(call, none),
    ).toEqual({ decision: "deny", reason: "no" });
    expect(await new LifecycleGates([gate("allow")]).beforeTool(call, none)).toEqual({ decision: "allow" });
  });

  it("a throwing gate is reported and counts as no opinion; a halt is taken once per lane", async () => {
    const errors: string[] = [];
    const gates = new LifecycleGates([
      {
        name: "broken",
        beforeToolCall: () => {
          throw new Error("boom");
        },
      },
      { name: "halter", beforeToolCall: () => ({ halt: "enough" }) },
    ]);
    expect(gates.any).toBe(true);
    expect(await gates.beforeTool(call, (ext, gate) => errors.push(`${ext} ${gate}`))).toEqual({});
    expect(errors).toEqual(["broken tool/before"]);
    expect(gates.takeHalt("other")).toBeUndefined();
    expect(gates.takeHalt("main")).toBe("enough");
    expect(gates.takeHalt("main")).toBeUndefined();
  });

  it("a prompt is refused when any gate refuses it; a lane goes on when any gate says so", async () => {
    const gates = new LifecycleGates([
      { name: "a", beforePrompt: () => undefined, beforeStop: () => undefined },
      { name: "b", beforePrompt: (c) => (c.prompt.includes("secret") ? { block: "no secrets" } : undefined) },
      { name: "c", beforeStop: (c) => (c.continued < 1 ? { continue: true } : undefined) },
    ]);
    const prompt = (p: string) => gates.prompt({ sessionId: "s", turn: 1, prompt: p }, () => {});
    expect(await prompt("hello")).toBeUndefined();
    expect(await prompt("my secret")).toBe("no secrets");
    const stop = (continued: number) =>
      gates.stop({ sessionId: "s", lane: "main", turn: 1, text: "", continued }, () => {});
    expect(await stop(0)).toBe(true);
    expect(await stop(1)).toBe(false);
    expect(new LifecycleGates([{ name: "plain" }]).any).toBe(false);
  });
});
