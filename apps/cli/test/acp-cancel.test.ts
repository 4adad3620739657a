/**
 * `session/cancel` through a real ACP connection (the built `picasso acp`, the official SDK's
 * client): a cancel cancels only the prompt that was running when it arrived. A second cancel
 * that comes after the cancelled prompt has answered — a user pressing stop twice, an editor
 * cancelling again on its own — must not cancel the next prompt.
 */
import * as acp from "@agentclientprotocol/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { type AcpProcess, logEvents, startAcp, updatesOf, waitFor } from "./acp-harness.js";
import { script, workspace } from "./cli-harness.js";

const running: AcpProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.close()));
});

describe("session/cancel", () => {
  it("a cancel arriving after the cancelled prompt answered does not cancel the next prompt", async () => {
    const dir = workspace();
    const path = script(dir, {
      steps: [
        // First: the next prompts' input may still carry the interrupted one.
        { match: "the next question", text: "The next answer." },
        { match: "the first question", text: "too late", delay_ms: 30_000 },
      ],
    });
    const proc = startAcp(dir, ["--provider", "mock", "--mock-script", path]);
    running.push(proc);
    await proc.initialize();
    const { sessionId } = await proc.agent.request(acp.methods.agent.session.new, {
      cwd: dir,
      mcpServers: [],
    });
    const prompt = (text: string) =>
      proc.agent.request(acp.methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: "text", text }],
      });
    const cancel = () => proc.agent.notify(acp.methods.agent.session.cancel, { sessionId });

    const first = prompt("the first question");
    await waitFor("the first turn's model request", () =>
      logEvents(dir, sessionId).some((e) => e.type === "model_request" && e.turn === 1),
    );
    await cancel();
    expect((await first).stopReason).toBe("cancelled");
    // The client cancels again (stop pressed twice), then asks the next question at once.
    const late = cancel();
    const next = prompt("the next question");
    await late;
    expect((await next).stopReason).toBe("end_turn");
    const said = updatesOf(proc, sessionId, "agent_message_chunk")
      .map((u) =>
        u.sessionUpdate === "agent_message_chunk" && u.content.type === "text" ? u.content.text : "",
      )
      .join("");
    expect(said).toContain("The next answer.");
    expect(
      logEvents(dir, sessionId)
        .filter((e) => e.type === "turn_end")
        .map((e) => e.stopReason),
    ).toEqual(["interrupted", "end_turn"]);
  });

  it("a cancel sent right after a prompt, in the same breath, cancels that prompt", async () => {
    const dir = workspace();
    const path = script(dir, {
      steps: [{ match: "the hasty question", text: "too late", delay_ms: 30_000 }],
    });
    const proc = startAcp(dir, ["--provider", "mock", "--mock-script", path]);
    running.push(proc);
    await proc.initialize();
    const { sessionId } = await proc.agent.request(acp.methods.agent.session.new, {
      cwd: dir,
      mcpServers: [],
    });
    const started = Date.now();
    const hasty = proc.agent.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: "text", text: "the hasty question" }],
    });
    await proc.agent.notify(acp.methods.agent.session.cancel, { sessionId });
    expect((await hasty).stopReason).toBe("cancelled");
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
