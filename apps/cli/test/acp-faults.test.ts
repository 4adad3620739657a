/**
 * `picasso acp` under bad input and a vanishing client: malformed JSON-RPC is answered per
 * JSON-RPC and the connection goes on; a client that disconnects mid-turn cancels the turn, the
 * log stays valid and the session loads again in a new process.
 */
import { spawn } from "node:child_process";
import * as acp from "@agentclientprotocol/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { type AcpProcess, logEvents, startAcp, waitFor } from "./acp-harness.js";
import { BIN, script, workspace } from "./cli-harness.js";

const running: AcpProcess[] = [];
const start = (cwd: string, args: string[]) => {
  const proc = startAcp(cwd, args);
  running.push(proc);
  return proc;
};
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.close()));
});

describe("picasso acp: faults", () => {
  it("answers malformed JSON with a parse error and goes on serving", async () => {
    const dir = workspace();
    // Raw bytes on purpose: a real client cannot send malformed JSON.
    const child = spawn("node", [BIN, "acp", "--provider", "mock"], {
      cwd: dir,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    child.stdin.write("{this is not json\n");
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: acp.PROTOCOL_VERSION } })}\n`,
    );
    const lines = await waitFor("two answers", () => {
      const parsed = out
        .split("\n")
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l));
      return parsed.length >= 2 && parsed;
    });
    expect(lines[0]).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700 } });
    expect(lines[1]).toMatchObject({
      jsonrpc: "2.0",
      id: 1,
      result: { agentCapabilities: { loadSession: true } },
    });
    child.stdin.end();
    expect(await exited).toBe(0);
  });

  it("cancels the turn of a client that disconnects mid-turn; the log stays valid and loads again", async () => {
    const dir = workspace();
    const path = script(dir, {
      steps: [
        { match: "again", text: "Back again." },
        { match: "slow", text: "never seen", delay_ms: 30_000 },
      ],
    });
    const mock = ["--provider", "mock", "--mock-script", path];
    const proc = start(dir, mock);
    await proc.initialize();
    const { sessionId } = await proc.agent.request(acp.methods.agent.session.new, {
      cwd: dir,
      mcpServers: [],
    });
    const turn = proc.agent
      .request(acp.methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: "text", text: "a slow one" }],
      })
      .catch((error: unknown) => error);
    await waitFor("the model request", () =>
      logEvents(dir, sessionId).some((e) => e.type === "model_request"),
    );
    const started = Date.now();
    expect(await proc.close()).toBe(0);
    expect(Date.now() - started).toBeLessThan(20_000);
    await turn;

    const log = logEvents(dir, sessionId);
    expect(log.map((e) => e.type)).toContain("interrupt");
    expect(log.find((e) => e.type === "turn_end")).toMatchObject({ stopReason: "interrupted" });
    expect(log.at(-1)).toMatchObject({ type: "session_end", reason: "client disconnected" });

    const again = start(dir, mock);
    await again.initialize();
    await again.agent.request(acp.methods.agent.session.load, { sessionId, cwd: dir, mcpServers: [] });
    const answer = await again.agent.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: "text", text: "again" }],
    });
    expect(answer.stopReason).toBe("end_turn");
  });
});
