import type { ImageBlock, Message, Tier1 } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { buildContextView } from "./context-view.js";

const tier1: Tier1 = {
  tools: [],
  system: [{ id: "harness:identity", text: "i".repeat(40) }],
  hash: "h",
  bytes: { tools: 0, system: 40, total: 40 },
  sections: [{ id: "harness:identity", bytes: 40, hash: "a", role: "canonical" }],
  toolSizes: [],
};

const image = (bytes: number, width?: number, height?: number): ImageBlock => ({
  type: "image",
  mediaType: "image/png",
  sha256: "0".repeat(64),
  bytes,
  ...(width && height ? { width, height } : {}),
});

describe("buildContextView with images", () => {
  it("counts prompt and tool-result images in their own row: bytes, width×height÷750 tokens, 1,600 at most", () => {
    const history: Message[] = [
      { role: "user", content: [{ type: "text", text: "look" }, image(1000, 75, 100)] },
      {
        role: "assistant",
        content: [{ type: "tool_use", id: "t1", name: "read", input: { path: "a.png" } }],
      },
      {
        role: "user",
        content: [{ type: "tool_result", toolUseId: "t1", content: "Image a.png", images: [image(2000)] }],
      },
    ];
    const view = buildContextView({
      tier1,
      history,
      window: 200_000,
      panels: [],
      tier2: {},
      estimate: (text) => Math.ceil(text.length / 4),
    });
    const row = (category: string) => view.rows.find((r) => r.category === category);
    expect(view.imageCount).toBe(2);
    expect(row("images")).toMatchObject({ bytes: 3000, tokens: 10 + 1600 });
    expect(row("tool outputs")).toMatchObject({ bytes: "Image a.png".length });
    expect(row("conversation")?.bytes).toBe(
      "look".length + "read ".length + JSON.stringify({ path: "a.png" }).length,
    );
  });
});
