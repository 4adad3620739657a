import type { ApprovalAnswer } from "@picasso/engine";
import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { tick, waitForFrame } from "../test-support/wait-for-frame.js";
import { ApprovalDialog } from "./ApprovalDialog.js";

const editPrompt = {
  name: "edit",
  effect: "write",
  input: { path: "src/a.ts", old_string: "const a = 1;", new_string: "const a = 2;" },
};

async function dialog(prompt: Parameters<typeof ApprovalDialog>[0]["prompt"] = editPrompt) {
  const answers: ApprovalAnswer[] = [];
  const view = render(<ApprovalDialog prompt={prompt} onDecide={(a) => answers.push(a)} />);
  await tick();
  return { ...view, answers };
}

describe("ApprovalDialog", () => {
  it("previews an edit as -/+ lines and lists the three choices", async () => {
    const { lastFrame } = await dialog();
    const frame = lastFrame()!;
    expect(frame).toContain("Allow edit?");
    expect(frame).toContain("src/a.ts");
    expect(frame).toContain("- const a = 1;");
    expect(frame).toContain("+ const a = 2;");
    expect(frame).toContain("1. Allow once");
    expect(frame).toContain("2. Allow for this session");
    expect(frame).toContain("3. Deny");
  });

  it("shows only the changed lines of an edit as -/+, with unchanged lines around them as context", async () => {
    const { lastFrame } = await dialog({
      ...editPrompt,
      input: {
        path: "src/a.ts",
        old_string: "function f() {\n  return 1;\n}",
        new_string: "function f() {\n  return 2;\n}",
      },
    });
    const frame = lastFrame()!;
    expect(frame).toContain("  function f() {");
    expect(frame).toContain("-   return 1;");
    expect(frame).toContain("+   return 2;");
    expect(frame).not.toContain("- function f() {");
    expect(frame).not.toContain("+ function f() {");
  });

  it("previews a write's content, its lines counted as the write tool counts them", async () => {
    const content = `${Array.from({ length: 25 }, (_, i) => `line ${i + 1}`).join("\n")}\n`;
    const { lastFrame } = await dialog({
      name: "write",
      effect: "write",
      input: { path: "NOTES.md", content },
    });
    const frame = lastFrame()!;
    expect(frame).toContain("NOTES.md (25 lines)");
    expect(frame).toContain("line 1");
    expect(frame).toContain("line 20");
    expect(frame).not.toContain("line 21");
    expect(frame).toContain("… 5 more lines");
  });

  it("counts a short write's lines without the final newline's empty line", async () => {
    const { lastFrame } = await dialog({
      name: "write",
      effect: "write",
      input: { path: "NOTES.md", content: "a\nb\nc\n" },
    });
    expect(lastFrame()).toContain("NOTES.md (3 lines)");
    expect(lastFrame()).not.toContain("more lines");
  });

  it("says first why a protected path is asked about", async () => {
    const { lastFrame } = await dialog({
      ...editPrompt,
      input: { path: ".git/config", old_string: "a", new_string: "b" },
      protectedPath: { path: ".git/config", reason: "it is part of a git repository's configuration" },
    });
    expect(lastFrame()).toContain(
      ".git/config is a protected path: it is part of a git repository's configuration.",
    );
  });

  it("previews a bash command", async () => {
    const { lastFrame } = await dialog({ name: "bash", effect: "exec", input: { command: "rm -rf build" } });
    expect(lastFrame()).toContain("$ rm -rf build");
  });

  it("allows once with Enter on the first choice", async () => {
    const { stdin, answers } = await dialog();
    stdin.write("\r");
    expect(answers).toEqual([{ decision: "allow_once" }]);
  });

  it("answers once however many keys arrive before it closes", async () => {
    const { stdin, answers } = await dialog();
    stdin.write("y");
    stdin.write("a");
    stdin.write("\r");
    expect(answers).toEqual([{ decision: "allow_once" }]);
  });

  it("allows for the session with ↓ then Enter, or with 2", async () => {
    const first = await dialog();
    first.stdin.write("\x1b[B");
    await waitForFrame(first.lastFrame, (f) => f.includes("› 2. Allow for this session"));
    first.stdin.write("\r");
    expect(first.answers).toEqual([{ decision: "allow_session" }]);
    const second = await dialog();
    second.stdin.write("2");
    expect(second.answers).toEqual([{ decision: "allow_session" }]);
  });

  it("reads keys that arrive in one chunk in order (↓ then Enter)", async () => {
    const { stdin, answers } = await dialog();
    stdin.write("\x1b[B\r");
    expect(answers).toEqual([{ decision: "allow_session" }]);
  });

  it("denies with a note typed after choosing deny", async () => {
    const { stdin, answers, lastFrame } = await dialog();
    stdin.write("n");
    await waitForFrame(lastFrame, (f) => f.includes("Note to the model"));
    stdin.write("use the helper instead");
    await waitForFrame(lastFrame, (f) => f.includes("use the helper instead"));
    stdin.write("\r");
    expect(answers).toEqual([{ decision: "deny", note: "use the helper instead" }]);
  });

  it("denies without a note on Esc", async () => {
    const { stdin, answers } = await dialog();
    stdin.write("\x1b");
    await new Promise((r) => setImmediate(r));
    await waitForFrame(
      () => String(answers.length),
      (n) => n === "1",
    );
    expect(answers).toEqual([{ decision: "deny" }]);
  });
});
