import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { slashCommands } from "../commands/command-registry.js";
import { standInOperations } from "../test-support/stand-in-operations.js";
import { tick, waitForFrame } from "../test-support/wait-for-frame.js";
import { InputBox } from "./InputBox.js";

/** The TUI's commands and the stand-in operations of a session. */
const COMMANDS = slashCommands(
  standInOperations(
    { currentMode: "default", setMode: () => {}, compact: async () => ({ compacted: false }) },
    { resume: async () => {}, switchModel: async () => {} },
  ),
);

async function box(history: string[] = [], files: string[] = ["src/main.ts", "src/model.ts", "README.md"]) {
  const sent: string[] = [];
  let exited = 0;
  const view = render(
    <InputBox
      commands={COMMANDS}
      files={() => files}
      onSubmit={(t) => sent.push(t)}
      onExit={() => {
        exited++;
      }}
      history={history}
    />,
  );
  await tick();
  return { ...view, sent, exits: () => exited };
}

describe("InputBox", () => {
  it("echoes typed text and sends it on Enter", async () => {
    const { stdin, lastFrame, sent } = await box();
    stdin.write("fix the bug");
    await waitForFrame(lastFrame, (f) => f.includes("› fix the bug"));
    stdin.write("\r");
    expect(sent).toEqual(["fix the bug"]);
    await waitForFrame(lastFrame, (f) => !f.includes("fix the bug"));
  });

  it("adds a line with Alt+Enter, Ctrl+J and a trailing backslash", async () => {
    const { stdin, lastFrame, sent } = await box();
    stdin.write("one");
    stdin.write("\x1b\r");
    stdin.write("two");
    stdin.write("\n");
    stdin.write("three\\");
    stdin.write("\r");
    stdin.write("four");
    await waitForFrame(lastFrame, (f) => f.includes("four"));
    stdin.write("\r");
    expect(sent).toEqual(["one\ntwo\nthree\nfour"]);
  });

  it("recalls earlier prompts with ↑", async () => {
    const { stdin, lastFrame } = await box(["earlier prompt"]);
    stdin.write("\x1b[A");
    await waitForFrame(lastFrame, (f) => f.includes("earlier prompt"));
  });

  it("takes a large paste in one chunk and shows only its last lines", async () => {
    const { stdin, lastFrame, sent } = await box();
    const paste = Array.from({ length: 2000 }, (_, i) => `pasted line ${i}`).join("\r");
    stdin.write(paste);
    const frame = await waitForFrame(lastFrame, (f) => f.includes("pasted line 1999"));
    expect(frame).toContain("lines above");
    expect(frame).not.toContain("pasted line 5\n");
    stdin.write("\r");
    expect(sent[0]?.split("\n").length).toBe(2000);
  });

  it("takes a 200 KB single-line paste and draws only its end", async () => {
    const { stdin, lastFrame, sent } = await box();
    const blob = `${"a".repeat(200_000)}END`;
    stdin.write(blob);
    const frame = await waitForFrame(lastFrame, (f) => f.includes("END"));
    expect(frame.length).toBeLessThan(10_000);
    stdin.write("\r");
    expect(sent[0]?.length).toBe(200_003);
  });

  it("lists slash commands on / and completes with Tab", async () => {
    const { stdin, lastFrame } = await box();
    stdin.write("/");
    const list = await waitForFrame(lastFrame, (f) => f.includes("/context"));
    expect(list).toContain("/help");
    expect(list).toContain("/resume");
    stdin.write("mo");
    await waitForFrame(lastFrame, (f) => f.includes("/model") && !f.includes("/help"));
    stdin.write("\t");
    await waitForFrame(lastFrame, (f) => f.includes("› /mode "));
  });

  it("completes @paths from the workspace files", async () => {
    const { stdin, lastFrame } = await box();
    stdin.write("read @mod");
    await waitForFrame(lastFrame, (f) => f.includes("@src/model.ts"));
    stdin.write("\t");
    await waitForFrame(lastFrame, (f) => f.includes("› read @src/model.ts"));
  });

  it("exits on Ctrl+D only when the prompt is empty", async () => {
    const { stdin, lastFrame, exits } = await box();
    stdin.write("x");
    await waitForFrame(lastFrame, (f) => f.includes("› x"));
    stdin.write("\x04");
    expect(exits()).toBe(0);
    stdin.write("\x7f");
    await waitForFrame(lastFrame, (f) => !f.includes("› x"));
    stdin.write("\x04");
    expect(exits()).toBe(1);
  });

  it("renders `code` in a command's description as highlighted text, not raw backticks", async () => {
    const { stdin, lastFrame } = await box();
    stdin.write("/con");
    const frame = await waitForFrame(lastFrame, (f) => f.includes("/context"));
    expect(frame).toContain("what fills the context window; timeline for its history");
    expect(frame).not.toContain("`");
  });
});
