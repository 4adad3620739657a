import { describe, expect, it } from "vitest";
import { anthropicView } from "./conversation.js";

describe("anthropicView", () => {
  it("separates the human's words from Picasso's session-facts and reminder blocks", () => {
    const view = anthropicView({
      tools: [{ name: "bash" }],
      system: [],
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "<session-facts>\ndate: 2026-11-29\ncwd: .\n</session-facts>" },
            { type: "text", text: '<system-reminder source="mode">plan mode</system-reminder>' },
            { type: "text", text: "run ls -la" },
          ],
        },
      ],
    } as unknown as Parameters<typeof anthropicView>[0]);
    expect(view.userText).toBe("run ls -la");
    expect(view.latestInput).toContain("session-facts");
  });
});
