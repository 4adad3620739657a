import { describe, expect, it } from "vitest";
import { anthropicView, openaiView, requestImages } from "./conversation.js";

const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
const data = png.toString("base64");

describe("image blocks reaching the mock", () => {
  it("Anthropic: counts a prompt's image and a tool result's, with type and size, and shows them to scripts", () => {
    const view = anthropicView({
      system: [],
      tools: [],
      messages: [
        { role: "user", content: [{ type: "text", text: "read it" }] },
        {
          role: "assistant",
          content: [{ type: "tool_use", id: "t1", name: "read", input: { path: "a.png" } }],
        },
        {
          role: "user",
          content: [
            {
              type: "tool_result",
              tool_use_id: "t1",
              content: [
                { type: "text", text: "Image a.png" },
                { type: "image", source: { type: "base64", media_type: "image/png", data } },
              ],
            },
            { type: "image", source: { type: "base64", media_type: "image/jpeg", data } },
            { type: "text", text: "and this" },
          ],
        },
      ],
    } as never);
    expect(view.images).toEqual([
      { mediaType: "image/png", bytes: png.length },
      { mediaType: "image/jpeg", bytes: png.length },
    ]);
    expect(view.latestInput).toContain(`[image image/png ${png.length} bytes]`);
    expect(view.latestInput).toContain(`[image image/jpeg ${png.length} bytes]`);
    expect(view.userText).toBe("and this");
  });

  it("OpenAI: counts image_url data parts of the trailing user message", () => {
    const messages = [
      {
        role: "user",
        content: [
          { type: "text", text: "look" },
          { type: "image_url", image_url: { url: `data:image/webp;base64,${data}` } },
        ],
      },
    ];
    const view = openaiView([], messages);
    expect(view.images).toEqual([{ mediaType: "image/webp", bytes: png.length }]);
    expect(view.latestInput).toBe(`look\n[image image/webp ${png.length} bytes]`);
    expect(view.userText).toBe("look");
    expect(requestImages({ messages })).toEqual([{ mediaType: "image/webp", bytes: png.length }]);
  });
});
