/**
 * The watch extension in a composed session (the CLI's extensions, the mock over 127.0.0.1
 * through the official Anthropic SDK): the model arms a monitor on a workspace file through
 * `tool_call`, the session is armed while it runs; a line appended later queues a wake notice,
 * `Session.runWake` runs a turn whose request carries it as a `<system-reminder source="monitor">`,
 * and a monitor on a background job of the mounted tool runtime works the same way. Tier 1
 * (the `system` and `tools` the provider receives) is the same bytes in every request.
 */
import { appendFileSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { allowListApprover } from "@picasso/engine";
import { startMockServer } from "@picasso/mock-provider";
import { AnthropicProvider } from "@picasso/providers";
import { describe, expect, it } from "vitest";
import { composeSession } from "../src/index.js";

type WireBody = {
  system: unknown;
  tools: unknown;
  messages: { role: string; content: { type: string; text?: string; content?: unknown }[] }[];
};

const call = (name: string, args: Record<string, unknown>) => ({
  name: "tool_call",
  input: { name, arguments: args },
});

async function until(condition: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > 15_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("watch in a composed session", () => {
  it("a monitor wakes the session; runWake sends the notice; Tier 1 never moves", async () => {
    const workspace = realpathSync(mkdtempSync(join(tmpdir(), "picasso-watch-ws-")));
    const home = realpathSync(mkdtempSync(join(tmpdir(), "picasso-watch-home-")));
    writeFileSync(join(workspace, "app.log"), "booting\n");
    const server = await startMockServer({
      script: {
        steps: [
          { match: "watch the log", tool_calls: [call("monitor", { file: "app.log", pattern: "READY" })] },
          { match: "Monitor mon-1 armed", text: "Watching the log." },
          { match: "matched /READY/", text: "The app is ready." },
          { match: "watch the job", tool_calls: [call("monitor", { process: "job-1", pattern: "^GO" })] },
          { match: "Monitor mon-2 armed", text: "Watching the job." },
          { match: "matched /^GO/", text: "The job said go." },
        ],
      },
    });
    const provider = new AnthropicProvider({
      apiKey: "test-key",
      model: "mock-model",
      baseUrl: server.url,
      name: "mock",
      retry: { baseDelayMs: 1, maxDelayMs: 5 },
    });
    const composed = await composeSession({
      provider,
      workspaceRoot: workspace,
      picassoHome: home,
      surface: "cli",
      surfaceLabel: "test",
      version: "test",
      approver: allowListApprover([]),
    });
    const { session } = composed;
    const wire = () =>
      server.requests.filter((r) => r.path === "/v1/messages").map((r) => r.body as WireBody);
    try {
      await session.runTurn("watch the log for READY");
      expect(session.armedWakes).toEqual(["monitor mon-1 on file app.log"]);
      expect(session.pendingWakes).toBe(0);
      appendFileSync(join(workspace, "app.log"), "listening\nREADY at :8080\n");
      await until(() => session.pendingWakes === 1, "the monitor's notice");
      expect(session.armedWakes).toEqual([]);
      const woke = await session.runWake();
      expect(woke?.text).toBe("The app is ready.");
      const last = wire().at(-1)!.messages.at(-1)!;
      expect(last.role).toBe("user");
      expect(JSON.stringify(last.content)).toContain(
        '<system-reminder source=\\"monitor\\">\\nmonitor mon-1 on file app.log matched /READY/:\\n  READY at :8080',
      );

      // A background job of the mounted tool runtime: the monitor reads it through the tools' tap.
      composed.toolRuntime.jobs.start("sleep 0.2; echo GO now; sleep 20", workspace);
      await session.runTurn("watch the job");
      await until(() => session.pendingWakes === 1, "the job monitor's notice");
      expect((await session.runWake())?.text).toBe("The job said go.");

      const requests = wire();
      expect(requests.length).toBe(6);
      expect(new Set(requests.map((b) => JSON.stringify([b.system, b.tools]))).size).toBe(1);
    } finally {
      await composed.close();
      await server.close();
    }
  });
});
