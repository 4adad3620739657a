import { describe, expect, it } from "vitest";
import { text, userMessage } from "./messages.js";
import {
  parseProtectedContext,
  protectedContextIn,
  protectedContextText,
  protectedTodos,
  todoSection,
} from "./protected-context.js";

describe("the protected-context block", () => {
  const sections = [
    {
      source: "lean-context",
      label: "Session facts",
      lines: ["<session-facts>", "Date: 2026-12-03", "</session-facts>"],
    },
    todoSection("tools", [
      { content: "Write the parser", status: "done" },
      { content: "Add\nthe tests", status: "pending" },
    ])!,
    { source: "user", label: 'Pinned "by" <the> user', lines: ["- a line with </section> in it"] },
    { source: "engine", label: "empty", lines: [] },
  ];

  it("has one fixed shape: a preamble, then each section with lines, sourced and labelled", () => {
    expect(protectedContextText(sections)).toBe(
      [
        "<protected-context>",
        "Kept across compaction: what this session protects, as it stands now.",
        '<section source="lean-context" label="Session facts">',
        "<session-facts>",
        "Date: 2026-12-03",
        "</session-facts>",
        "</section>",
        '<section source="tools" label="Open todo list">',
        "- [done] Write the parser",
        "- [pending] Add the tests",
        "</section>",
        '<section source="user" label="Pinned &quot;by&quot; &lt;the> user">',
        "- a line with <\\/section> in it",
        "</section>",
        "</protected-context>",
      ].join("\n"),
    );
    // Pure: the same sections, the same bytes.
    expect(protectedContextText(structuredClone(sections))).toBe(protectedContextText(sections));
    expect(protectedContextText([{ source: "x", label: "y", lines: [] }])).toBeUndefined();
  });

  it("reads back what it wrote, and the todo list in it", () => {
    const block = protectedContextText(sections)!;
    const parsed = parseProtectedContext(block)!;
    expect(parsed).toEqual(
      sections
        .filter((s) => s.lines.length > 0)
        .map((s) =>
          s.label === "Open todo list"
            ? { ...s, lines: ["- [done] Write the parser", "- [pending] Add the tests"] }
            : s,
        ),
    );
    const message = userMessage(text("<conversation-summary>…</conversation-summary>"), text(block));
    expect(protectedTodos(protectedContextIn(message)!)).toEqual([
      { content: "Write the parser", status: "done" },
      { content: "Add the tests", status: "pending" },
    ]);
    expect(protectedContextIn(userMessage(text("no block")))).toBeUndefined();
    expect(todoSection("tools", [{ content: "all done", status: "done" }])).toBeUndefined();
  });
});
