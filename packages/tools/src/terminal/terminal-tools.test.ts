import { readFileSync, statSync } from "node:fs";
import type { ToolDefinition } from "@picasso/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { groupAlive } from "../process-group.js";
import { createTestContext, processGone, type TestContext, waitUntil } from "../test-context.js";
import { createToolRuntime, type ToolRuntime } from "../tool-runtime.js";
import { terminalText } from "./terminal-text.js";
import { terminalTools } from "./terminal-tools.js";

let ctx: TestContext;
let runtime: ToolRuntime;
let tools: Record<string, ToolDefinition>;
beforeEach(() => {
  ctx = createTestContext();
  runtime = createToolRuntime({ killGraceMs: 500 });
  tools = Object.fromEntries(terminalTools(runtime.terminals).map((t) => [t.spec.name, t]));
});
afterEach(async () => {
  await runtime.dispose();
  ctx.cleanup();
});

const run = (name: string, input: Record<string, unknown>) => tools[name]!.run(input, ctx);
const idOf = (content: string) => /^Started (term-\d+)/.exec(content)?.[1] ?? "";

describe("terminal (a real PTY)", () => {
  it("runs a Python REPL that is written to and read from across calls", async () => {
    const started = await run("terminal_start", { command: "python3 -q", wait_for: ">>> $" });
    expect(started.content).toMatch(/^Started term-1 \(pid \d+, a pseudo-terminal\): python3 -q/);
    expect(started.content).toContain("(matched />>> $/)");
    const id = idOf(started.content);
    const answer = await run("terminal_write", { id, text: "x = 6 * 7", wait_for: ">>> $" });
    expect(answer.isError).toBeUndefined();
    const shown = await run("terminal_write", {
      id,
      text: "print(x, 'is the answer')",
      wait_for: "is the answer\\n>>> $",
    });
    expect(shown.content).toContain("42 is the answer");
    expect(shown.content).not.toContain("\x1b");
    const isatty = await run("terminal_write", {
      id,
      text: "import sys; print(sys.stdin.isatty())",
      wait_for: "^(True|False)$",
    });
    expect(isatty.content).toMatch(/^True$/m);
    const listed = await run("terminal_list", {});
    expect(listed.content).toMatch(/^term-1 {2}running {2}\d+s {2}\d+ bytes {2}python3 -q$/);
    await run("terminal_write", { id, key: "ctrl-d" });
    expect(
      await waitUntil(async () => (await run("terminal_list", {})).content.includes("exited with code 0")),
    ).toBe(true);
  });

  it("waits for a dev server's ready line, reads on from an offset, and interrupts with ctrl-c", async () => {
    const started = await run("terminal_start", {
      command: `trap 'echo "shutting down"; exit 130' INT; echo starting; sleep 0.3; echo "ready on port 3000"; while true; do sleep 0.05; done`,
      wait_for: "ready on port \\d+",
    });
    expect(started.content).toContain("(matched /ready on port \\d+/)");
    const id = idOf(started.content);
    const next = Number(/read on with since: (\d+)/.exec(started.content)?.[1]);
    expect((await run("terminal_read", { id })).content).toContain("(no new output)");
    const again = await run("terminal_read", { id, since: 0 });
    expect(again.content).toContain("starting\nready on port 3000");
    expect(next).toBeGreaterThan(0);
    const stopped = await run("terminal_write", { id, key: "ctrl-c", wait_for: "shutting down" });
    expect(stopped.content).toContain("shutting down");
    expect(
      await waitUntil(async () => (await run("terminal_list", {})).content.includes("exited with code 130")),
    ).toBe(true);
  });

  it("kills the whole process group, and the session's end kills every terminal left", async () => {
    const a = idOf(
      (
        await run("terminal_start", {
          command: "sleep 300 & echo child $!; sleep 300",
          wait_for: "child \\d+",
        })
      ).content,
    );
    const b = await run("terminal_start", { command: "sleep 301" });
    const child = Number(/child (\d+)/.exec((await run("terminal_read", { id: a, since: 0 })).content)?.[1]);
    const leaderA = runtime.terminals.get(a)!.process.pid!;
    const leaderB = runtime.terminals.get(idOf(b.content))!.process.pid!;
    expect(runtime.groups.list()).toEqual(expect.arrayContaining([leaderA, leaderB]));
    const killed = await run("terminal_kill", { id: a });
    expect(killed.content).toMatch(/^term-1 killed\./);
    expect(processGone(child)).toBe(true);
    expect(groupAlive(leaderA)).toBe(false);
    expect(groupAlive(leaderB)).toBe(true);
    await runtime.dispose();
    expect(groupAlive(leaderB)).toBe(false);
    expect(runtime.groups.list()).toEqual([]);
  });

  it("keeps a 1 MiB window and spills all output to a file", async () => {
    const started = await run("terminal_start", {
      command: "head -c 1500000 /dev/zero | tr '\\0' a; echo; echo END; sleep 60",
      wait_for: "^END$",
      timeout_ms: 60_000,
    });
    expect(started.content).toContain("(matched /^END$/)");
    const id = idOf(started.content);
    const record = runtime.terminals.get(id)!;
    const read = await run("terminal_read", { id, since: 0 });
    expect(read.content).toMatch(
      /earlier bytes left the 1 MiB window; all output is in .*terminal-term-1\.log/,
    );
    expect(read.content).toContain("more bytes waiting; read again");
    await waitUntil(() => statSync(record.process.spillPath).size >= record.process.output.total);
    expect(readFileSync(record.process.spillPath, "utf8")).toMatch(/^a{1500000}\r?\nEND\r?\n$/);
  });

  it("answers mistakes with a tool error", async () => {
    expect((await run("terminal_read", { id: "term-9" })).content).toContain(
      'no terminal "term-9"; start one with terminal_start',
    );
    expect((await run("terminal_start", { command: "true", cwd: "/etc" })).content).toContain(
      "outside the workspace",
    );
    expect((await run("terminal_start", { command: "true", wait_for: "(" })).content).toContain(
      "not a valid regular expression",
    );
    const id = idOf((await run("terminal_start", { command: "true" })).content);
    await runtime.terminals.get(id)!.process.exited;
    expect((await run("terminal_write", { id, text: "x" })).content).toContain(
      "has exited with code 0; start a new terminal",
    );
    expect((await run("terminal_write", { id })).content).toContain('Give "text"');
  });
});

describe("terminal over pipes (where no PTY binding loads)", () => {
  beforeEach(() => {
    process.env.PICASSO_TERMINAL = "pipes";
  });
  afterEach(() => {
    delete process.env.PICASSO_TERMINAL;
  });

  it("writes lines to stdin and reads stdout and stderr", async () => {
    const started = await run("terminal_start", {
      command: 'echo ready >&2; while read -r line; do echo "got: $line"; done; echo bye',
      wait_for: "ready",
    });
    expect(started.content).toContain("pipes (no PTY here)");
    const id = idOf(started.content);
    expect((await run("terminal_write", { id, text: "hello", wait_for: "got: hello" })).content).toContain(
      "got: hello",
    );
    expect((await run("terminal_write", { id, key: "ctrl-d", wait_for: "bye" })).content).toContain("bye");
    await runtime.terminals.get(id)!.process.exited;
    expect((await run("terminal_list", {})).content).toContain("exited with code 0");
  });
});

describe("terminalText", () => {
  it("drops escape sequences and keeps what a redrawn line shows last", () => {
    expect(terminalText("\x1b[1;32mok\x1b[0m\r\n\x1b]0;title\x07 10%\r 50%\r100%\r\ndone")).toBe(
      "ok\n100%\ndone",
    );
  });
});
