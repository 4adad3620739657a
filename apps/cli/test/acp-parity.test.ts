/**
 * Cross-surface parity: the same workspace and settings send the same request prefix through the
 * CLI (headless; the TUI wires its sessions the same way) and through ACP — the logged
 * `request_header` hash, Tier 1's hash and its bytes are equal.
 */

import { readFileSync } from "node:fs";
import * as acp from "@agentclientprotocol/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { type AcpProcess, type LogLine, logEvents, startAcp } from "./acp-harness.js";
import { picasso, script, workspace } from "./cli-harness.js";

const running: AcpProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.close()));
});

describe("Tier-1 parity across surfaces", () => {
  it("logs the same request_header through headless and through ACP", async () => {
    const dir = workspace({
      "AGENTS.md": "# Rules\nRun the tests before you finish.\n",
      ".picasso/skills/deploy/SKILL.md": "---\nname: deploy\ndescription: ship a release\n---\nSteps.\n",
    });
    const path = script(dir, { steps: [{ text: "one" }, { text: "two" }] });
    const mock = ["--provider", "mock", "--mock-script", path];

    const headless = await picasso(dir, ["-p", "hello", "--output-format", "json", ...mock]);
    expect(headless.exitCode).toBe(0);
    const cliLog = readFileSync(JSON.parse(headless.stdout as string).logPath, "utf8")
      .trim()
      .split("\n")
      .map((l): LogLine => JSON.parse(l));

    const proc = startAcp(dir, mock);
    running.push(proc);
    await proc.initialize();
    const { sessionId } = await proc.agent.request(acp.methods.agent.session.new, {
      cwd: dir,
      mcpServers: [],
    });
    const done = await proc.agent.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: "text", text: "hello" }],
    });
    expect(done.stopReason).toBe("end_turn");
    await proc.close();
    const acpLog = logEvents(dir, sessionId);

    const header = (log: LogLine[]) => log.find((e) => e.type === "request_header");
    const start = (log: LogLine[]) => log.find((e) => e.type === "session_start");
    expect(start(cliLog).surface).toBe("headless");
    expect(start(acpLog).surface).toBe("acp");
    expect(header(acpLog).hash).toBe(header(cliLog).hash);
    expect(header(acpLog).tier1Hash).toBe(header(cliLog).tier1Hash);
    expect(header(acpLog).bytes).toEqual(header(cliLog).bytes);
    // Every request of the ACP session carried that header.
    const requests = acpLog.filter((e) => e.type === "model_request");
    expect(requests.length).toBeGreaterThan(0);
    expect(new Set(requests.map((r) => r.headerHash))).toEqual(new Set([header(cliLog).hash]));
  });
});
