import { describe, expect, it } from "vitest";
import { toolCalls, userText } from "../../test/fixtures/history.js";
import { dedupeAppend } from "./dedupe.js";
import { reminderMessage } from "./reminders.js";

const big = "export const answer = 42;\n".repeat(40);

describe("dedupeAppend", () => {
  it("content already in history (a repeated read) becomes a pointer, counted in bytes saved", () => {
    const history = [
      userText("read it"),
      ...toolCalls(1),
      { role: "user" as const, content: [{ type: "tool_result" as const, toolUseId: "t", content: big }] },
    ];
    const r = dedupeAppend(history, big, "file read of src/a.ts");
    expect(r.deduped).toBe(true);
    expect(r.pointerTo).toBe(3);
    expect(r.content).toMatch(
      /^\[identical to the file read of src\/a\.ts in message #3 \(sha1 [0-9a-f]{12}\); not repeated\]$/,
    );
    expect(r.bytesSaved).toBe(big.length - r.content.length);
  });

  it("new content and short content pass unchanged", () => {
    expect(dedupeAppend([userText(big)], `${big}!`, "x")).toEqual({
      content: `${big}!`,
      deduped: false,
      bytesSaved: 0,
    });
    expect(dedupeAppend([userText("ok")], "ok", "x").deduped).toBe(false);
  });

  it("matches the body of a reminder (a skill body appended before)", () => {
    const r = dedupeAppend([reminderMessage("skill", big)], big, "skill body of deploy");
    expect(r).toMatchObject({ deduped: true, pointerTo: 0 });
  });
});
