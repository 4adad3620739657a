/**
 * An MCP server's request for input over ACP (docs/mcp.md, Elicitation): the editor passes the
 * real everything server in `session/new`; its questions reach the editor as
 * `session/request_permission` whose options are the question's choices. A URL request is
 * accepted there; a form is declined there; a form whose first field needs free text (which ACP
 * cannot ask) is declined with the reason in the log.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import * as acp from "@agentclientprotocol/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { type AcpProcess, logEvents, startAcp, updatesOf } from "./acp-harness.js";
import { script, workspace } from "./cli-harness.js";

const running: AcpProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.close()));
});

function everythingEntry(): string {
  const manifest = createRequire(import.meta.url).resolve(
    "@modelcontextprotocol/server-everything/package.json",
  );
  const bin = Object.values(JSON.parse(readFileSync(manifest, "utf8")).bin as Record<string, string>)[0]!;
  return join(dirname(manifest), bin);
}

async function session(calls: unknown[], choose: (names: string[]) => string) {
  const dir = workspace();
  const path = script(dir, { steps: [...calls.map((c) => ({ tool_calls: [c] })), { text: "done" }] });
  const proc = startAcp(dir, ["--provider", "mock", "--mock-script", path]);
  running.push(proc);
  await proc.initialize();
  proc.onPermission = async (request) => {
    const names = request.options.map((o) => o.name);
    // The gateway call's own approval.
    if (request.options.some((o) => o.optionId === "allow_once"))
      return { outcome: { outcome: "selected", optionId: "allow_once" } };
    const name = choose(names);
    const option = request.options.find((o) => o.name === name)!;
    return { outcome: { outcome: "selected", optionId: option.optionId } };
  };
  const { sessionId } = await proc.agent.request(acp.methods.agent.session.new, {
    cwd: dir,
    mcpServers: [
      { name: "everything", command: process.execPath, args: [everythingEntry(), "stdio"], env: [] },
    ],
  });
  const done = await proc.agent.request(acp.methods.agent.session.prompt, {
    sessionId,
    prompt: [{ type: "text", text: "go" }],
  });
  expect(done.stopReason).toBe("end_turn");
  const results = updatesOf(proc, sessionId, "tool_call_update").map((u) => JSON.stringify(u));
  await proc.close();
  return { proc, results, log: logEvents(dir, sessionId) };
}

describe("MCP elicitation over ACP", () => {
  it("a URL request is a permission request with the choices; accepting it reaches the server", async () => {
    const url = "https://auth.example.com/start";
    const { proc, results, log } = await session(
      [{ name: "everything_call", input: { tool: "trigger-url-elicitation", arguments: { url } } }],
      (names) => names[0]!,
    );
    const question = proc.permissions.find((p) => p.options.some((o) => o.name === "Decline"))!;
    expect(question.options.map((o) => [o.name, o.kind])).toEqual([
      ["Accept (I will open it)", "allow_once"],
      ["Decline", "reject_once"],
      ["Cancel", "reject_once"],
    ]);
    expect(JSON.stringify(question.toolCall)).toContain(url);
    expect(results.join("\n")).toContain("User completed the URL elicitation flow");
    expect(log.find((e) => e.type === "mcp_elicitation")).toMatchObject({ mode: "url", action: "accept" });
  });

  it("a form declined in the editor, and a form ACP cannot fill, are both declined", async () => {
    const form = { name: "everything_call", input: { tool: "trigger-elicitation-request" } };
    const declined = await session([form], () => "Decline");
    expect(declined.results.join("\n")).toContain("User declined");
    expect(declined.log.find((e) => e.type === "mcp_elicitation")).toMatchObject({ action: "decline" });
    expect(declined.log.find((e) => e.type === "mcp_elicitation").reason).toBeUndefined();
    const accepted = await session([form], () => "Accept");
    expect(accepted.results.join("\n")).toContain("User declined");
    expect(accepted.log.find((e) => e.type === "mcp_elicitation").reason).toMatch(
      /^no one can answer: the editor can only answer questions with choices/,
    );
  });
});
