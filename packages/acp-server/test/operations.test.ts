/**
 * The session's operations over ACP, through the official SDK's client connected in process to
 * the agent app (the handlers `picasso acp` serves on stdio): a test extension's operation,
 * wrapped into the composition as `composeSession`'s `wrapPlugins` does, is advertised in
 * `available_commands_update`, runs from a prompt `/greet …` and as `_picasso/greet`, beside the
 * core operations. The provider is never called: no prompt here reaches the model.
 */
import { mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as acp from "@agentclientprotocol/sdk";
import type { ExtensionOperation, ModelProvider } from "@picasso/protocol";
import { UserError } from "@picasso/protocol/basics";
import { afterEach, describe, expect, it } from "vitest";
import { createAcpAgent, type PicassoAcpAgent } from "../src/index.js";

const idleProvider: ModelProvider = {
  name: "idle",
  model: "idle-model",
  contextWindow: 200_000,
  stream() {
    throw new Error("no prompt in this test may reach the model");
  },
};

const greeted: { args: string; offline: boolean }[] = [];
const greet: ExtensionOperation = {
  name: "greet",
  args: "<name>",
  summary: "say hello",
  run(args, ctx) {
    greeted.push({ args, offline: ctx.offline });
    if (args === "nobody") throw new UserError("greet: give a name");
    return { text: `Hello, ${args}!`, data: { greeted: args } };
  },
};

const open: { agent: PicassoAcpAgent; connection: acp.ClientConnection }[] = [];
afterEach(async () => {
  for (const { agent, connection } of open.splice(0)) {
    connection.close();
    await agent.closeAll("test done");
  }
  greeted.length = 0;
});

async function connect() {
  const agent = createAcpAgent({
    provider: idleProvider,
    picassoHome: process.env.PICASSO_HOME!,
    version: "test",
    session: {
      wrapPlugins: (plugins) => [
        ...plugins,
        {
          name: "greeter",
          operations: [greet],
          panel: () => ({
            id: "greeter",
            title: "greeter",
            rows: [{ label: "greeted", value: String(greeted.length) }],
          }),
        },
      ],
    },
  });
  const updates: acp.SessionNotification[] = [];
  const client = acp
    .client({ name: "picasso-operations-test" })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      updates.push(params);
    });
  const connection = client.connect(agent.app);
  open.push({ agent, connection });
  const peer = connection.agent;
  await peer.request(acp.methods.agent.initialize, {
    protocolVersion: acp.PROTOCOL_VERSION,
    clientCapabilities: {},
  });
  const cwd = realpathSync(mkdtempSync(join(tmpdir(), "acp-ops-")));
  const { sessionId } = await peer.request(acp.methods.agent.session.new, { cwd, mcpServers: [] });
  const said = async (text: string): Promise<string> => {
    const before = updates.length;
    const done = await peer.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: "text", text }],
    });
    expect(done.stopReason).toBe("end_turn");
    return updates
      .slice(before)
      .map(({ update }) =>
        update.sessionUpdate === "agent_message_chunk" && update.content.type === "text"
          ? update.content.text
          : "",
      )
      .join("");
  };
  return { peer, sessionId, updates, said };
}

async function until<T>(what: string, check: () => T | undefined): Promise<T> {
  const started = Date.now();
  for (;;) {
    const found = check();
    if (found !== undefined) return found;
    if (Date.now() - started > 10_000) throw new Error(`${what} never arrived`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("operations over ACP", () => {
  it("advertises every operation of the session, core first, an extension's with its hint", async () => {
    const { updates } = await connect();
    const advertised = await until("available_commands_update", () => {
      const found = updates.find((u) => u.update.sessionUpdate === "available_commands_update")?.update;
      return found?.sessionUpdate === "available_commands_update" ? found.availableCommands : undefined;
    });
    expect(advertised.map((c) => c.name)).toEqual([
      "context",
      "timeline",
      "mode",
      "compact",
      "pin",
      "unpin",
      "resume",
      "model",
      "memory",
      "sandbox",
      "changes",
      "init",
      "hooks",
      "agents",
      "workflow",
      "watch",
      "ralph",
      "team",
      "greet",
    ]);
    expect(advertised.at(-1)).toEqual({ name: "greet", description: "say hello", input: { hint: "<name>" } });
  });

  it("runs an operation from a prompt `/name args`: its text is the answer, no model turn", async () => {
    const { said } = await connect();
    expect(await said("/greet world")).toBe("Hello, world!");
    // `/context`: the table, then every panel as text — the test extension's among them.
    const table = await said("/context");
    expect(table).toContain("| Tier 1 | core tools |");
    expect(table).toMatch(/\n```text\nlean context\n {2}registry:\n/);
    expect(table).toMatch(/\n\ngreeter\n {2}greeted: 1\n\n/);
    // Last, the engine's: what every compaction keeps.
    expect(table).toMatch(
      /\n\nProtected context \(kept across compaction\)\n(.*\n)* {2}block: \d+ B after each summary\n```$/,
    );
    expect(await said("/greet nobody")).toBe("greet: give a name");
    expect(greeted).toEqual([
      { args: "world", offline: false },
      { args: "nobody", offline: false },
    ]);
    expect(await said("/mode plan")).toBe("Permission mode: plan.");
    expect(await said("/model big")).toBe("switching the model is not available in this surface");
  });

  it("runs an operation as `_picasso/<name>` {sessionId, args?} → {text, tone?, data?}", async () => {
    const { peer, sessionId } = await connect();
    expect(await peer.request("_picasso/greet", { sessionId, args: "there" })).toEqual({
      text: "Hello, there!",
      data: { greeted: "there" },
    });
    expect(await peer.request("_picasso/greet", { sessionId })).toEqual({
      text: "Hello, !",
      data: { greeted: "" },
    });
    expect(await peer.request("_picasso/greet", { sessionId, args: "nobody" })).toEqual({
      text: "greet: give a name",
      tone: "warn",
    });
    expect(await peer.request("_picasso/mode", { sessionId, args: "auto" })).toMatchObject({
      text: "Permission mode: auto.",
      data: { presentation: "by-events", mode: "auto" },
    });
    // The documented views keep their shapes: the ContextView and the Timeline.
    const view = await peer.request<{
      window: number;
      rows: unknown[];
      panels: { id: string; title: string; rows: { label: string; value: string; level?: number }[] }[];
    }>("_picasso/context", { sessionId });
    expect(view.window).toBe(200_000);
    expect(view.rows.length).toBeGreaterThan(0);
    // Each mounted extension's panel, in mount order — one this server knows nothing of included.
    expect(view.panels.map((p) => p.id)).toEqual([
      "lean-context",
      "memory",
      "changes",
      "greeter",
      "protected-context",
    ]);
    expect(view.panels.find((p) => p.id === "lean-context")?.rows).toContainEqual({
      label: "wireTools",
      value: expect.stringMatching(/^\d+$/),
      level: 1,
    });
    // As it is when asked: the three greetings above.
    expect(view.panels.at(-2)).toEqual({
      id: "greeter",
      title: "greeter",
      rows: [{ label: "greeted", value: "3" }],
    });
    const timeline = await peer.request<{ turns: { turn: number }[] }>("_picasso/context/timeline", {
      sessionId,
    });
    // No prompt reached the model: only what happened before the first turn (the mode change).
    expect(timeline.turns.map((t) => t.turn)).toEqual([0]);
    await expect(peer.request("_picasso/greet", { sessionId, args: 5 })).rejects.toMatchObject({
      code: -32602,
    });
    await expect(peer.request("_picasso/greet", { args: "x" })).rejects.toMatchObject({ code: -32602 });
    await expect(peer.request("_picasso/greet", { sessionId: "no-such-session" })).rejects.toMatchObject({
      code: -32002,
    });
    await expect(peer.request("_picasso/nothing-here", { sessionId })).rejects.toMatchObject({
      code: -32601,
    });
    await expect(peer.request("picasso/greet", { sessionId })).rejects.toMatchObject({ code: -32601 });
  });
});
