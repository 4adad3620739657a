/**
 * `liveContextView` of a running session: below the map it carries the mounted extensions'
 * panels as they are when asked (`Session.panels()`), whatever extension they come from.
 */
import type { PicassoExtension } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { liveContextView } from "../src/context.js";
import { startScenario } from "./harness.js";

describe("liveContextView", () => {
  it("takes the session's panels, as they are now", async () => {
    let turns = 0;
    const counter: PicassoExtension = {
      name: "counter",
      preStep: () => {
        turns++;
        return { append: [] };
      },
      panel: () => ({ id: "counter", title: "counter", rows: [{ label: "steps", value: String(turns) }] }),
    };
    const silent: PicassoExtension = { name: "silent", panel: () => undefined };
    const scenario = await startScenario({
      script: { steps: [{ match: "hello", text: "hi" }] },
      plugins: [counter, silent],
    });
    try {
      const before = await liveContextView(scenario.session, 200_000, undefined);
      // The extensions' panels in mount order, then the engine's protected-context panel.
      expect(before.panels).toEqual([
        { id: "counter", title: "counter", rows: [{ label: "steps", value: "0" }] },
        {
          id: "protected-context",
          title: "Protected context (kept across compaction)",
          rows: [
            { label: "Permission mode", value: "engine · 7 B" },
            {
              label: "block",
              value: `${Buffer.byteLength(scenario.session.protectedContext()!)} B after each summary`,
              tone: "dim",
            },
          ],
          empty: "nothing is protected",
        },
      ]);
      await scenario.run("hello");
      const after = await liveContextView(scenario.session, 200_000, undefined);
      expect(after.panels[0]?.rows).toEqual([{ label: "steps", value: "1" }]);
      expect(after.rows.find((r) => r.category === "conversation")!.tokens).toBeGreaterThan(0);
    } finally {
      await scenario.close();
    }
  });
});
