import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { MessageList } from "../components/MessageList.js";
import type { TranscriptItem } from "../transcript/transcript.js";
import { parseMarkdown, splitSettled } from "./markdown-blocks.js";
import { loadMarkdownReader, markdownLexer } from "./markdown-reader.js";

const reply = "## Plan\n\n- read **the** tests\n\nthen run them";

async function until(check: () => boolean): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > 3000) throw new Error("condition never held");
    await new Promise((r) => setTimeout(r, 5));
  }
}

// One file: marked is not loaded when it starts (each TUI test file has its own modules).
describe("the Markdown reader, loaded when first needed", () => {
  it("is not loaded by the TUI's modules, nor by a list that holds no reply", () => {
    const items: TranscriptItem[] = [{ id: 1, kind: "notice", tone: "info", text: "new session" }];
    const { lastFrame, unmount } = render(<MessageList items={items} live={{ text: "", tools: [] }} />);
    expect(lastFrame()).toContain("new session");
    expect(markdownLexer()).toBeUndefined();
    unmount();
  });

  it("reads plain paragraphs and settles nothing until it has loaded", () => {
    expect(parseMarkdown(reply).map((b) => b.block.kind)).toEqual([
      "paragraph",
      "blank",
      "paragraph",
      "blank",
      "paragraph",
    ]);
    expect(parseMarkdown(reply)[0]!.block).toEqual({
      kind: "paragraph",
      spans: [{ kind: "text", text: "## Plan" }],
    });
    expect(splitSettled(reply)).toEqual({ settled: "", rest: reply });
  });

  it("holds a finished reply back from the scrollback until it can print it formatted", async () => {
    expect(markdownLexer()).toBeUndefined();
    const items: TranscriptItem[] = [
      { id: 1, kind: "user", text: "what next?" },
      { id: 2, kind: "assistant", lane: "main", text: reply },
      { id: 3, kind: "notice", tone: "info", text: "after the reply" },
    ];
    const { frames, lastFrame, unmount } = render(
      <MessageList items={items} live={{ text: "", tools: [] }} />,
    );
    // The list asked for marked; until it came, nothing from the reply on was printed.
    expect(frames[0]).toContain("› what next?");
    expect(frames[0]).not.toContain("Plan");
    expect(frames[0]).not.toContain("after the reply");
    await until(() => (lastFrame() ?? "").includes("after the reply"));
    const all = frames.join("\n");
    expect(all).toContain("• read the tests");
    expect(all).not.toContain("## Plan");
    expect(all).not.toContain("**the**");
    unmount();
  });

  it("reads Markdown once loaded", async () => {
    await loadMarkdownReader();
    expect(parseMarkdown(reply).map((b) => b.block.kind)).toEqual([
      "heading",
      "blank",
      "list",
      "blank",
      "paragraph",
    ]);
    expect(splitSettled(reply).settled).not.toBe("");
  });
});
