import { describe, expect, it } from "vitest";
import { DemoModel, demoToolCall } from "./demo-model.js";

describe("demoToolCall", () => {
  it.each([
    ["read README.md", { name: "read", input: { path: "README.md" } }],
    ["what is in `src/app/main.ts`?", { name: "read", input: { path: "src/app/main.ts" } }],
    ["open packages/tools/", { name: "read", input: { path: "packages/tools" } }],
    ["run npm test -- --run", { name: "bash", input: { command: "npm test -- --run" } }],
    ["please run `ls -la`", { name: "bash", input: { command: "ls -la" } }],
    ["search for TODO", { name: "search", input: { pattern: "TODO" } }],
    ["grep createProvider", { name: "search", input: { pattern: "createProvider" } }],
  ])("%s", (text, expected) => {
    expect(demoToolCall(text)).toEqual(expected);
  });

  it.each(["hello", "what is 2.5 + 3", "e.g. something", "see https://example.com/a.html", "explain monads"])(
    "no tool for %s",
    (text) => {
      expect(demoToolCall(text)).toBeUndefined();
    },
  );
});

describe("DemoModel", () => {
  it("answers plainly when no tool applies and never claims to be a real model", () => {
    const reply = new DemoModel().reply({
      latestInput: "explain",
      transcript: "explain",
      userText: "explain",
      toolResults: [],
      offeredTools: [],
    });
    expect(reply.toolCalls).toEqual([]);
    expect(reply.stop).toBe("end_turn");
    expect(reply.text).toMatch(/offline demo model/);
  });

  it("keeps the offered tool's own spelling", () => {
    const reply = new DemoModel().reply({
      latestInput: "read a.ts",
      transcript: "read a.ts",
      userText: "read a.ts",
      toolResults: [],
      offeredTools: ["Read"],
    });
    expect(reply.toolCalls).toEqual([{ name: "Read", input: { path: "a.ts" } }]);
    expect(reply.stop).toBe("tool_use");
  });

  it("puts a command's output in a fenced block, so each output line keeps its own line in Markdown", () => {
    const reply = new DemoModel().reply({
      latestInput: "",
      transcript: "",
      toolResults: [
        {
          name: "bash",
          input: { command: "ls" },
          content: "Exit code: 0\nstdout:\na.txt\nREADME.md",
          isError: false,
        },
      ],
      offeredTools: ["bash"],
    });
    expect(reply.text).toBe(
      "`ls` finished with exit code 0. Output (first lines):\n\n```\nstdout:\na.txt\nREADME.md\n```",
    );
  });

  it("fences an excerpt with more backticks than the excerpt holds", () => {
    const reply = new DemoModel().reply({
      latestInput: "",
      transcript: "",
      toolResults: [{ name: "read", input: { path: "a.md" }, content: "1\t```ts\n2\t```\n", isError: false }],
      offeredTools: ["read"],
    });
    expect(reply.text).toBe("a.md has 2 lines. It begins:\n\n````\n1\t```ts\n2\t```\n````");
  });

  it("reports no matches when the search says it found none", () => {
    const reply = new DemoModel().reply({
      latestInput: "",
      transcript: "",
      toolResults: [
        {
          name: "search",
          input: { pattern: "TODO" },
          content: "No matches for /TODO/ under . (2 files searched).",
          isError: false,
        },
      ],
      offeredTools: ["search"],
    });
    expect(reply.text).toBe('No matches for "TODO".');
  });
});
