import { describe, expect, it } from "vitest";
import { anthropicView, openaiView } from "./conversation.js";

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

  it("drops the whole session-facts block, notes that plugins add after the tag included", () => {
    // The first prompt of every session: Picasso sends its facts as one block ahead of the prompt,
    // and the sandbox's note follows the tag inside that block.
    const view = anthropicView({
      tools: [{ name: "bash" }],
      system: [],
      messages: [
        {
          role: "user",
          content: [
            {
              type: "text",
              text: "<session-facts>\nDate: 2026-12-02\n</session-facts>\n\nCommands run in a sandbox: the network is off.",
            },
            { type: "text", text: "run ls" },
          ],
        },
      ],
    } as unknown as Parameters<typeof anthropicView>[0]);
    expect(view.userText).toBe("run ls");
  });
});

describe("the newest turn is the trailing run of user messages", () => {
  it("sees the prompt when a reminder message follows it (Anthropic)", () => {
    const view = anthropicView({
      tools: [],
      system: [],
      messages: [
        { role: "user", content: [{ type: "text", text: "first" }] },
        { role: "assistant", content: [{ type: "text", text: "ok" }] },
        { role: "user", content: [{ type: "text", text: "fix the bug" }] },
        {
          role: "user",
          content: [{ type: "text", text: '<system-reminder source="mode">auto</system-reminder>' }],
        },
      ],
    } as unknown as Parameters<typeof anthropicView>[0]);
    expect(view.userText).toBe("fix the bug");
    expect(view.latestInput).toContain("fix the bug");
    expect(view.latestInput).not.toContain("first");
  });

  it("keeps tool results as the answer's subject when only a reminder follows them", () => {
    const view = anthropicView({
      tools: [{ name: "read" }],
      system: [],
      messages: [
        { role: "user", content: [{ type: "text", text: "read a.ts" }] },
        {
          role: "assistant",
          content: [{ type: "tool_use", id: "t1", name: "read", input: { path: "a.ts" } }],
        },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "1\talpha" }] },
        {
          role: "user",
          content: [{ type: "text", text: '<system-reminder source="stale-todos">x</system-reminder>' }],
        },
      ],
    } as unknown as Parameters<typeof anthropicView>[0]);
    expect(view.userText).toBeUndefined();
    expect(view.toolResults).toEqual([
      { name: "read", input: { path: "a.ts" }, content: "1\talpha", isError: false },
    ]);
  });

  it("sees the prompt when a reminder message follows it (OpenAI)", () => {
    const view = openaiView(
      [],
      [
        { role: "system", content: "tier 1" },
        { role: "user", content: "fix the bug" },
        { role: "user", content: '<system-reminder source="mode">plan</system-reminder>' },
      ],
    );
    expect(view.userText).toBe("fix the bug");
  });
});
