/**
 * `picasso acp` end to end: the built binary as a child process, driven by the official ACP SDK's
 * client-side connection, against the mock provider on 127.0.0.1.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import * as acp from "@agentclientprotocol/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { type AcpProcess, type EditorFiles, logEvents, startAcp, updatesOf, waitFor } from "./acp-harness.js";
import { picasso, script, workspace } from "./cli-harness.js";

const mock = (path: string) => ["--provider", "mock", "--mock-script", path];
const running: AcpProcess[] = [];
const start = (cwd: string, args: string[], editor?: EditorFiles, env?: NodeJS.ProcessEnv) => {
  const proc = startAcp(cwd, args, editor, env);
  running.push(proc);
  return proc;
};
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.close()));
});

describe("picasso acp", () => {
  it("initializes, opens a session and streams a prompt's updates, a permission answered", async () => {
    const dir = workspace({ "a.txt": "alpha\n" });
    const path = script(dir, {
      steps: [
        { text: "Reading. ", tool_calls: [{ name: "read", input: { path: "a.txt" } }] },
        {
          text: "I will edit a.txt.",
          tool_calls: [{ name: "edit", input: { path: "a.txt", old_string: "alpha", new_string: "beta" } }],
        },
        { text: "Edited." },
      ],
    });
    const proc = start(dir, mock(path));
    const init = await proc.initialize();
    expect(init.agentCapabilities?.loadSession).toBe(true);
    expect(init.agentCapabilities?.promptCapabilities?.embeddedContext).toBe(true);
    expect(init.agentInfo?.name).toBe("picasso");

    const created = await proc.agent.request(acp.methods.agent.session.new, { cwd: dir, mcpServers: [] });
    expect(created.modes?.currentModeId).toBe("default");
    expect(created.modes?.availableModes.map((m) => m.id)).toEqual(["default", "plan", "auto"]);
    const id = created.sessionId;

    proc.onPermission = async (request) => {
      expect(request.options.map((o) => o.kind)).toEqual(["allow_once", "allow_always", "reject_once"]);
      return { outcome: { outcome: "selected", optionId: "allow_once" } };
    };
    const response = await proc.agent.request(acp.methods.agent.session.prompt, {
      sessionId: id,
      prompt: [{ type: "text", text: "change alpha to beta" }],
    });
    expect(response.stopReason).toBe("end_turn");
    expect(readFileSync(`${dir}/a.txt`, "utf8")).toBe("beta\n");

    // Every update of the turn arrived before the response.
    const text = updatesOf(proc, id, "agent_message_chunk")
      .map((u) =>
        u.sessionUpdate === "agent_message_chunk" && u.content.type === "text" ? u.content.text : "",
      )
      .join("");
    expect(text).toBe("Reading. I will edit a.txt.Edited.");
    const [read, call] = updatesOf(proc, id, "tool_call");
    expect(read).toMatchObject({ kind: "read", title: "read: a.txt" });
    expect(call).toMatchObject({ kind: "edit", status: "pending", locations: [{ path: `${dir}/a.txt` }] });
    expect(proc.permissions).toHaveLength(1);
    expect(proc.permissions[0]?.toolCall.toolCallId).toBe(
      call?.sessionUpdate === "tool_call" && call.toolCallId,
    );
    const statuses = updatesOf(proc, id, "tool_call_update").map((u) =>
      u.sessionUpdate === "tool_call_update" ? u.status : undefined,
    );
    expect(statuses).toEqual(["completed", "in_progress", "completed"]);
    const done = updatesOf(proc, id, "tool_call_update").at(-1);
    expect(done?.sessionUpdate === "tool_call_update" && done.content?.[0]).toEqual({
      type: "diff",
      path: `${dir}/a.txt`,
      oldText: "alpha\n",
      newText: "beta\n",
    });
    expect(updatesOf(proc, id, "available_commands_update")).toHaveLength(1);

    const log = logEvents(dir, id);
    expect(log[0]).toMatchObject({ type: "session_start", surface: "acp" });
    expect(log.find((e) => e.type === "approval_decided")).toMatchObject({ decision: "allow_once" });
  });

  it("cancels a turn mid-stream, and session/load in a new process replays the history", async () => {
    const dir = workspace();
    const path = script(dir, {
      steps: [
        { match: "first", text: "The first answer." },
        // Before "second": the resumed turn's input may still carry the interrupted prompt.
        { match: "third", text: "The third answer." },
        { match: "second", text: "too late", delay_ms: 30_000 },
      ],
    });
    const proc = start(dir, mock(path));
    await proc.initialize();
    const { sessionId: id } = await proc.agent.request(acp.methods.agent.session.new, {
      cwd: dir,
      mcpServers: [],
    });
    const first = await proc.agent.request(acp.methods.agent.session.prompt, {
      sessionId: id,
      prompt: [{ type: "text", text: "the first question" }],
    });
    expect(first.stopReason).toBe("end_turn");
    const started = Date.now();
    const second = proc.agent.request(acp.methods.agent.session.prompt, {
      sessionId: id,
      prompt: [{ type: "text", text: "the second question" }],
    });
    // The model request of the second turn is on its way (the mock holds the answer back).
    await waitFor("the second turn's model request", () =>
      logEvents(dir, id).some((e) => e.type === "model_request" && e.turn === 2),
    );
    await proc.agent.notify(acp.methods.agent.session.cancel, { sessionId: id });
    expect((await second).stopReason).toBe("cancelled");
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await proc.close()).toBe(0);

    const log = logEvents(dir, id);
    expect(log.filter((e) => e.type === "turn_end").map((e) => e.stopReason)).toEqual([
      "end_turn",
      "interrupted",
    ]);
    expect(log.at(-1)).toMatchObject({ type: "session_end" });

    const again = start(dir, mock(path));
    await again.initialize();
    const loaded = await again.agent.request(acp.methods.agent.session.load, {
      sessionId: id,
      cwd: dir,
      mcpServers: [],
    });
    expect(loaded?.modes?.currentModeId).toBe("default");
    // The replay arrives before the response.
    const replay = updatesOf(again, id).map((u) =>
      (u.sessionUpdate === "user_message_chunk" || u.sessionUpdate === "agent_message_chunk") &&
      u.content.type === "text"
        ? `${u.sessionUpdate === "user_message_chunk" ? "user" : "agent"}: ${u.content.text}`
        : u.sessionUpdate,
    );
    expect(replay.slice(0, 3)).toEqual([
      "user: the first question",
      "agent: The first answer.",
      "user: the second question",
    ]);
    const third = await again.agent.request(acp.methods.agent.session.prompt, {
      sessionId: id,
      prompt: [{ type: "text", text: "the third question" }],
    });
    expect(third.stopReason).toBe("end_turn");
    expect(await again.close()).toBe(0);
    const resumed = logEvents(dir, id);
    expect(resumed.filter((e) => e.type === "session_start").map((e) => e.surface)).toEqual(["acp", "acp"]);
    expect(resumed.filter((e) => e.type === "turn_end").map((e) => e.stopReason)).toEqual([
      "end_turn",
      "interrupted",
      "end_turn",
    ]);
  });

  it("serves the /context model and the timeline as extension methods and slash commands", async () => {
    const dir = workspace({ "AGENTS.md": "# Rules\nKeep it short.\n" });
    const proc = start(dir, mock(script(dir, { steps: [{ text: "Hello there." }] })));
    await proc.initialize();
    const { sessionId } = await proc.agent.request(acp.methods.agent.session.new, {
      cwd: dir,
      mcpServers: [],
    });
    await proc.agent.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: "text", text: "hello" }],
    });
    const view = await proc.agent.request<{
      window: number;
      usedTokens: number;
      rows: { category: string; group: string; bytes: number; tokens: number }[];
      panels: { id: string; title: string; rows: { label: string; value: string; level?: number }[] }[];
    }>("_picasso/context", { sessionId });
    expect(view.window).toBeGreaterThan(0);
    // The TUI's map model: each category with its group, bytes and tokens.
    expect(view.rows.find((r) => r.category === "core tools")).toMatchObject({
      group: "Tier 1",
      tokens: expect.any(Number),
      bytes: expect.any(Number),
    });
    expect(view.rows.find((r) => r.category === "core tools")?.tokens).toBeGreaterThan(0);
    expect(view.rows.find((r) => r.category === "conversation")?.bytes).toBeGreaterThan(0);
    // Below the map, each mounted extension's panel: lean context's registry, counters and events.
    const lean = view.panels.find((p) => p.id === "lean-context");
    expect(lean?.title).toBe("lean context");
    expect(lean?.rows).toContainEqual({ label: "registry", value: "" });
    expect(lean?.rows).toContainEqual({
      label: "wireTools",
      value: expect.stringMatching(/^\d+$/),
      level: 1,
    });
    expect(lean?.rows).toContainEqual({ label: "totalSteps", value: "1", level: 1 });
    const timeline = await proc.agent.request<{ turns: unknown[] }>("_picasso/context/timeline", {
      sessionId,
    });
    expect(timeline.turns).toHaveLength(1);
    await expect(proc.agent.request("_picasso/context", {})).rejects.toMatchObject({ code: -32602 });

    const say = async (text: string) => {
      const before = updatesOf(proc, sessionId, "agent_message_chunk").length;
      const done = await proc.agent.request(acp.methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: "text", text }],
      });
      expect(done.stopReason).toBe("end_turn");
      return updatesOf(proc, sessionId, "agent_message_chunk")
        .slice(before)
        .map((u) =>
          u.sessionUpdate === "agent_message_chunk" && u.content.type === "text" ? u.content.text : "",
        )
        .join("");
    };
    expect(await say("/mode plan")).toBe("Permission mode: plan.");
    expect(updatesOf(proc, sessionId, "current_mode_update")).toEqual([
      { sessionUpdate: "current_mode_update", currentModeId: "plan" },
    ]);
    const table = await say("/context");
    expect(table).toMatch(/tokens in use/);
    expect(table).toMatch(/\n```text\nlean context\n {2}registry:\n {4}tier1Hash: [0-9a-f]{64}\n/);
    expect(await say("/context timeline")).toMatch(/turn/i);
    const commands = updatesOf(proc, sessionId, "available_commands_update")[0];
    expect(
      commands?.sessionUpdate === "available_commands_update" &&
        commands.availableCommands.map((c) => c.name),
    ).toEqual([
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
    ]);
    // The timeline over ACP is the fold `picasso context timeline --json` prints.
    const last = await proc.agent.request<{ turns: unknown[] }>("_picasso/context/timeline", { sessionId });
    await proc.close();
    const cli = await picasso(dir, ["context", "timeline", sessionId, "--json"]);
    expect(JSON.parse(cli.stdout as string).turns).toEqual(last.turns);
  });

  it("reads and writes through the editor's fs/* when the client offers them (unsaved changes seen)", async () => {
    const dir = workspace({ "a.txt": "alpha on disk\n" });
    const path = script(dir, {
      steps: [
        { tool_calls: [{ name: "read", input: { path: "a.txt" } }] },
        {
          tool_calls: [
            { name: "edit", input: { path: "a.txt", old_string: "unsaved", new_string: "saved" } },
          ],
        },
        { text: "Done." },
      ],
    });
    const editor: EditorFiles = {
      buffers: new Map([[`${dir}/a.txt`, "alpha unsaved in the editor\n"]]),
      writes: [],
    };
    const proc = start(dir, [...mock(path)], editor);
    await proc.initialize();
    const { sessionId } = await proc.agent.request(acp.methods.agent.session.new, {
      cwd: dir,
      mcpServers: [],
    });
    proc.onPermission = async () => ({ outcome: { outcome: "selected", optionId: "allow_once" } });
    const done = await proc.agent.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: "text", text: "fix a.txt" }],
    });
    expect(done.stopReason).toBe("end_turn");
    // The edit matched text only the editor's buffer had, and went back through the editor.
    expect(editor.writes).toEqual([{ path: `${dir}/a.txt`, content: "alpha saved in the editor\n" }]);
    const statuses = updatesOf(proc, sessionId, "tool_call_update")
      .map((u) => (u.sessionUpdate === "tool_call_update" ? u.status : undefined))
      .filter((s) => s !== "in_progress");
    expect(statuses).toEqual(["completed", "completed"]);
  });

  it("session/set_mode plan: edits are refused in code, no permission asked, Tier 1 unchanged", async () => {
    const dir = workspace({ "a.txt": "alpha\n" });
    const path = script(dir, {
      steps: [
        { match: "look", text: "Looked." },
        { tool_calls: [{ name: "edit", input: { path: "a.txt", old_string: "alpha", new_string: "beta" } }] },
        { text: "Planned instead." },
      ],
    });
    const proc = start(dir, mock(path));
    await proc.initialize();
    const { sessionId } = await proc.agent.request(acp.methods.agent.session.new, {
      cwd: dir,
      mcpServers: [],
    });
    await proc.agent.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: "text", text: "look" }],
    });
    await proc.agent.request(acp.methods.agent.session.setMode, { sessionId, modeId: "plan" });
    const done = await proc.agent.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: "text", text: "change alpha" }],
    });
    expect(done.stopReason).toBe("end_turn");
    expect(proc.permissions).toEqual([]);
    expect(readFileSync(`${dir}/a.txt`, "utf8")).toBe("alpha\n");
    const update = updatesOf(proc, sessionId, "tool_call_update").at(-1);
    expect(update?.sessionUpdate === "tool_call_update" && update.status).toBe("failed");
    expect(updatesOf(proc, sessionId, "current_mode_update")).toEqual([
      { sessionUpdate: "current_mode_update", currentModeId: "plan" },
    ]);
    await expect(
      proc.agent.request(acp.methods.agent.session.setMode, { sessionId, modeId: "yolo" }),
    ).rejects.toMatchObject({ code: -32602 });
    await proc.close();
    const log = logEvents(dir, sessionId);
    expect(log.find((e) => e.type === "tool_result" && e.name === "edit")).toMatchObject({
      status: "denied",
    });
    const requests = log.filter((e) => e.type === "model_request");
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((r) => `${r.headerHash}|${r.hashes.tools}|${r.hashes.system}`)).size).toBe(1);
  });

  it("mounts the client's MCP servers through the lazy gateways (session/new mcpServers)", async () => {
    const dir = workspace({ "notes.txt": "remember the milk\n" });
    const manifest = createRequire(import.meta.url).resolve(
      "@modelcontextprotocol/server-filesystem/package.json",
    );
    const bin = Object.values(JSON.parse(readFileSync(manifest, "utf8")).bin as Record<string, string>)[0]!;
    const path = script(dir, {
      steps: [
        {
          tool_calls: [
            {
              name: "files_call",
              input: { tool: "read_text_file", arguments: { path: `${dir}/notes.txt` } },
            },
          ],
        },
        { text: "It says to remember the milk." },
      ],
    });
    const proc = start(dir, mock(path));
    const init = await proc.initialize();
    expect(init.agentCapabilities?.mcpCapabilities).toEqual({ http: true, sse: true });
    proc.onPermission = async () => ({ outcome: { outcome: "selected", optionId: "allow_once" } });
    const { sessionId } = await proc.agent.request(acp.methods.agent.session.new, {
      cwd: dir,
      mcpServers: [
        { name: "Files", command: process.execPath, args: [join(dirname(manifest), bin), dir], env: [] },
      ],
    });
    const done = await proc.agent.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: "text", text: "what do my notes say?" }],
    });
    expect(done.stopReason).toBe("end_turn");
    const result = updatesOf(proc, sessionId, "tool_call_update").at(-1);
    expect(result?.sessionUpdate === "tool_call_update" && result.status).toBe("completed");
    expect(JSON.stringify(result)).toContain("remember the milk");
    await proc.close();
    const header = logEvents(dir, sessionId).find((e) => e.type === "request_header");
    expect(header.tools.map((t: { name: string }) => t.name)).toContain("files_call");
  });

  it("on the mock for want of a key, says so at session start: an agent message and a line on stderr", async () => {
    const dir = workspace();
    const env = { ...process.env };
    for (const name of ["ANTHROPIC_API_KEY", "OPENAI_API_KEY", "OPENAI_BASE_URL", "PICASSO_PROVIDER"])
      delete env[name];
    const proc = start(dir, [], undefined, env);
    await proc.initialize();
    const { sessionId } = await proc.agent.request(acp.methods.agent.session.new, {
      cwd: dir,
      mcpServers: [],
    });
    const said = await waitFor("the no-key note", () =>
      updatesOf(proc, sessionId, "agent_message_chunk").find(
        (u) => u.sessionUpdate === "agent_message_chunk" && u.content.type === "text",
      ),
    );
    expect(said).toMatchObject({
      content: {
        text: expect.stringMatching(
          /^no provider chosen and ANTHROPIC_API_KEY is not set: running on the offline mock model/,
        ),
      },
    });
    expect(proc.stderr()).toContain("picasso acp: no provider chosen and ANTHROPIC_API_KEY is not set");
  });

  it("answers bad requests per JSON-RPC: an unknown session, an unknown method, a relative cwd", async () => {
    const dir = workspace();
    const proc = start(dir, mock(script(dir, { steps: [{ text: "hi" }] })));
    await proc.initialize();
    await expect(
      proc.agent.request(acp.methods.agent.session.prompt, {
        sessionId: "no-such-session",
        prompt: [{ type: "text", text: "hello" }],
      }),
    ).rejects.toMatchObject({ code: -32002 });
    await expect(proc.agent.request("picasso/unknown", {})).rejects.toMatchObject({ code: -32601 });
    await expect(
      proc.agent.request(acp.methods.agent.session.new, { cwd: "relative/dir", mcpServers: [] }),
    ).rejects.toMatchObject({ code: -32602 });
  });
});
