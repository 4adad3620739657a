/**
 * The MCP client's capabilities through the built binary, headless, with the real everything
 * server in `.mcp.json` (docs/mcp.md): a server's request for input is declined by default with
 * one stderr line naming the server and `--elicit`; `--elicit <file>` answers it (the log's
 * `mcp_elicitation` names the fields, never the answers); a bad `--elicit` is a one-line user
 * error; a long call's progress streams as `tool_progress` events.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { SessionEvent } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { picasso, script, workspace } from "./cli-harness.js";

function everythingEntry(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve("@modelcontextprotocol/server-everything/package.json");
  const bin = (JSON.parse(readFileSync(manifest, "utf8")) as { bin: Record<string, string> }).bin;
  return join(dirname(manifest), Object.values(bin)[0]!);
}

function withEverything(steps: unknown[]): { dir: string; args: string[] } {
  const dir = workspace({
    ".mcp.json": JSON.stringify({
      mcpServers: { everything: { command: process.execPath, args: [everythingEntry(), "stdio"] } },
    }),
  });
  const s = script(dir, { steps });
  return {
    dir,
    args: ["--provider", "mock", "--mock-script", s, "--approve-project-config", "--mode", "auto"],
  };
}

const ELICIT = { tool_calls: [{ name: "everything_call", input: { tool: "trigger-elicitation-request" } }] };

function events(stdout: string): SessionEvent[] {
  return stdout
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as SessionEvent)
    .filter((e) => typeof e.type === "string");
}

function toolResult(all: SessionEvent[]): string {
  const result = all.find((e) => e.type === "tool_result" && e.name === "everything_call");
  return result?.type === "tool_result" ? result.content : "";
}

describe("MCP elicitation in headless mode", () => {
  it("declines by default, with one stderr line naming the server and --elicit", async () => {
    const { dir, args } = withEverything([ELICIT, { text: "done" }]);
    const run = await picasso(dir, ["-p", "fill the form", "--output-format", "stream-json", ...args]);
    expect(run.exitCode).toBe(0);
    const lines = run.stderr.split("\n").filter((l) => l.includes("asked for input"));
    expect(lines).toEqual([
      expect.stringMatching(
        /^picasso: MCP server "everything" asked for input \(elicitation: name, check, .*\); declined — answer with --elicit <json file or inline JSON>$/,
      ),
    ]);
    const all = events(run.stdout);
    expect(toolResult(all)).toContain("User declined to provide the requested information");
    expect(all.find((e) => e.type === "mcp_elicitation")).toMatchObject({
      server: "everything",
      mode: "form",
      action: "decline",
      reason: "--elicit decline",
    });
  });

  it("--elicit <file> answers the form; the event names the fields, never the answers", async () => {
    const { dir, args } = withEverything([ELICIT, { text: "done" }]);
    writeFileSync(join(dir, "answers.json"), JSON.stringify({ name: "Grace Hopper", integer: 11 }));
    const run = await picasso(dir, [
      "-p",
      "fill the form",
      "--output-format",
      "stream-json",
      "--elicit",
      "answers.json",
      ...args,
    ]);
    expect(run.exitCode).toBe(0);
    expect(run.stderr).not.toContain("asked for input");
    const all = events(run.stdout);
    expect(toolResult(all)).toContain("- Name: Grace Hopper");
    expect(toolResult(all)).toContain("- Favorite Integer: 11");
    const event = all.find((e) => e.type === "mcp_elicitation");
    expect(event).toMatchObject({ action: "accept", reason: "--elicit answers" });
    expect(event?.type === "mcp_elicitation" && event.fields).toEqual(
      expect.arrayContaining(["name", "integer"]),
    );
    expect(JSON.stringify(event)).not.toContain("Grace");
  });

  it("a bad --elicit is one line naming the flag", async () => {
    const { dir, args } = withEverything([{ text: "never" }]);
    writeFileSync(join(dir, "list.json"), "[1, 2]");
    const list = await picasso(dir, ["-p", "x", "--elicit", "list.json", ...args]);
    expect(list.exitCode).toBe(2);
    expect(list.stderr.trim()).toBe(
      "picasso: --elicit: the answers must be a JSON object of field names and values",
    );
    const broken = await picasso(dir, ["-p", "x", "--elicit", '{"name": ', ...args]);
    expect(broken.exitCode).toBe(2);
    expect(broken.stderr.trim()).toMatch(
      /^picasso: --elicit: not valid JSON \(.+\); give decline, cancel, a JSON object or a JSON file$/,
    );
  });
});

describe("MCP progress in headless mode", () => {
  it("a long call's progress streams as tool_progress events before its result", async () => {
    const { dir, args } = withEverything([
      {
        tool_calls: [
          {
            name: "everything_call",
            input: { tool: "trigger-long-running-operation", arguments: { duration: 0.9, steps: 3 } },
          },
        ],
      },
      { text: "done" },
    ]);
    const run = await picasso(dir, ["-p", "run it", "--output-format", "stream-json", ...args]);
    expect(run.exitCode).toBe(0);
    const all = events(run.stdout);
    const progress = all.filter((e) => e.type === "tool_progress");
    expect(progress.map((e) => e.type === "tool_progress" && `${e.progress}/${e.total}`)).toEqual([
      "1/3",
      "2/3",
      "3/3",
    ]);
    const call = all.find((e) => e.type === "tool_call" && e.name === "everything_call");
    expect(
      progress.every(
        (e) => e.type === "tool_progress" && call?.type === "tool_call" && e.toolUseId === call.toolUseId,
      ),
    ).toBe(true);
    expect(all.indexOf(progress.at(-1)!)).toBeLessThan(all.findIndex((e) => e.type === "tool_result"));
    expect(toolResult(all)).toContain("Long running operation completed");
  });
});
