/**
 * The changes extension (packages/changes) on the CLI and ACP surfaces, through the built binary —
 * the "extension with a panel and an operation" recipe of docs/architecture.md, walked end to end:
 * nothing but its package and its registry line makes it appear in `picasso context` (its panel),
 * as `picasso changes` (its offline operation, also tested in offline-operations.test.ts), in ACP's
 * commands, as a prompt `/changes`, as `_picasso/changes` and in `_picasso/context`'s panels. The
 * TUI side is apps/cli/e2e/tui-changes.test.ts.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import * as acp from "@agentclientprotocol/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { type AcpProcess, startAcp, updatesOf, waitFor } from "./acp-harness.js";
import { picasso, script, workspace } from "./cli-harness.js";

function git(cwd: string, ...args: string[]): void {
  execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], {
    cwd,
    stdio: "ignore",
  });
}

function repository(): string {
  const root = workspace({ "a.txt": "one\n" });
  git(root, "init", "-q", "-b", "main");
  git(root, "add", "a.txt");
  git(root, "commit", "-q", "-m", "first");
  writeFileSync(join(root, "a.txt"), "one\ntwo\n");
  writeFileSync(join(root, "new.txt"), "fresh\n");
  return root;
}

const running: AcpProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.close()));
});

describe("the changes extension on the CLI and ACP", () => {
  it("picasso context prints its panel, and --json carries it among the map's panels", async () => {
    const root = repository();
    const text = await picasso(root, ["context"]);
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toContain("workspace changes");
    expect(text.stdout).toMatch(/uncommitted: 2 files \(\+1 −0\)/);
    const json = await picasso(root, ["context", "--json"]);
    const panels = JSON.parse(json.stdout as string).map.panels as {
      id: string;
      rows: { label: string }[];
    }[];
    expect(panels.find((p) => p.id === "changes")?.rows.map((r) => r.label)).toEqual(
      expect.arrayContaining(["branch", "uncommitted", "a.txt", "new.txt"]),
    );
  });

  it("ACP advertises /changes, runs it from a prompt and as _picasso/changes, and returns its panel", async () => {
    const root = repository();
    const proc = startAcp(root, [
      "--provider",
      "mock",
      "--mock-script",
      script(workspace(), { steps: [{ text: "ok" }] }),
    ]);
    running.push(proc);
    await proc.initialize();
    const { sessionId } = await proc.agent.request(acp.methods.agent.session.new, {
      cwd: root,
      mcpServers: [],
    });
    const changes = await waitFor("the changes command advertised", () => {
      const advertised = updatesOf(proc, sessionId, "available_commands_update")[0];
      return advertised?.sessionUpdate === "available_commands_update"
        ? advertised.availableCommands.find((c) => c.name === "changes")
        : undefined;
    });
    expect(changes?.description).toMatch(/what changed in the workspace/);

    const done = await proc.agent.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: "text", text: "/changes" }],
    });
    expect(done.stopReason).toBe("end_turn");
    const answer = updatesOf(proc, sessionId, "agent_message_chunk")
      .map((u) =>
        u.sessionUpdate === "agent_message_chunk" && u.content.type === "text" ? u.content.text : "",
      )
      .join("");
    expect(answer).toMatch(/^Uncommitted: 2 files/);
    expect(answer).toMatch(/modified +a\.txt +\+1 −0/);

    const method = await proc.agent.request<{
      text: string;
      data: { ok: boolean; files: { path: string }[] };
    }>("_picasso/changes", { sessionId });
    expect(method.data.files.map((f) => f.path).sort()).toEqual(["a.txt", "new.txt"]);
    expect(method.text).toBe(answer);

    const view = await proc.agent.request<{ panels: { id: string; title: string }[] }>("_picasso/context", {
      sessionId,
    });
    expect(view.panels.find((p) => p.id === "changes")?.title).toBe("workspace changes");
  });
});
