import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PicassoExtension, SessionEventBody } from "@picasso/protocol";
import { approvalDigest, approveProjectFile } from "@picasso/workspace";
import { describe, expect, it } from "vitest";
import { createHooksExtension } from "./hooks-extension.js";

type HookRunEvent = Extract<SessionEventBody, { type: "hook_run" }>;

function place(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), "picasso-hooks-ws-"));
  const picassoHome = mkdtempSync(join(tmpdir(), "picasso-hooks-home-"));
  for (const [path, content] of Object.entries(files)) {
    const at = path.startsWith("~/") ? join(picassoHome, path.slice(2)) : join(root, path);
    mkdirSync(join(at, ".."), { recursive: true });
    writeFileSync(at, content);
  }
  return { workspaceRoot: root, picassoHome, claudeHome: join(picassoHome, "no-claude") };
}

async function started(extension: PicassoExtension, where: { workspaceRoot: string; picassoHome: string }) {
  const events: HookRunEvent[] = [];
  await extension.start?.({
    sessionId: "s1",
    workspaceRoot: where.workspaceRoot,
    picassoHome: where.picassoHome,
    logPath: join(where.picassoHome, "s1.jsonl"),
    record: (event) => {
      if (event.type === "hook_run") events.push(event);
    },
  });
  return events;
}

const settings = (event: string, command: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ hooks: { [event]: [{ matcher: "*", hooks: [{ type: "command", command, ...extra }] }] } });

const call = {
  sessionId: "s1",
  lane: "main",
  turn: 1,
  toolUseId: "t1",
  name: "bash",
  input: { command: "ls" },
};

describe("the hooks extension", { timeout: 30_000 }, () => {
  it("a hook that hangs is killed at its timeout: one warning, no decision", async () => {
    const where = place({ "~/settings.json": settings("PreToolUse", "sleep 30", { timeout: 0.5 }) });
    const { extension } = createHooksExtension(where);
    const events = await started(extension, where);
    const started_ = Date.now();
    expect(await extension.beforeToolCall?.(call)).toBeUndefined();
    expect(Date.now() - started_).toBeLessThan(10_000);
    expect(events.map((e) => [e.outcome, e.message])).toEqual([
      ["warning", "timed out after 500 ms and was killed"],
    ]);
  });

  it("exit code 1, invalid JSON and a missing command are one warning each; the call goes on", async () => {
    const where = place({
      "~/settings.yml": [
        "hooks:",
        "  PreToolUse:",
        "    - hooks:",
        "        - { type: command, command: 'echo broken >&2; exit 1' }",
        "        - { type: command, command: 'echo \"{nope\"' }",
        "        - { type: command, command: 'no-such-hook-command-here' }",
      ].join("\n"),
    });
    const { extension } = createHooksExtension(where);
    const events = await started(extension, where);
    expect(await extension.beforeToolCall?.(call)).toBeUndefined();
    expect(events.map((e) => e.outcome)).toEqual(["warning", "warning", "warning"]);
    expect(events[0]!.message).toBe("exit code 1: broken");
    expect(events[1]!.message).toMatch(/^printed invalid JSON on stdout/);
    expect(events[2]!.message).toMatch(/^command not found \(exit code 127/);
  });

  it("a malformed settings file is one line naming the file and the field; its hooks are left out", () => {
    const where = place({
      "~/settings.yml":
        "hooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks: [{ type: command, command: 3 }]\n",
      ".picasso/settings.json": "{ not json",
    });
    const { extension, warnings } = createHooksExtension(where);
    expect(warnings()).toEqual([
      "$PICASSO_HOME/settings.yml: hooks.PreToolUse[0].hooks[0].command: must be a non-empty string; its hooks are not used",
      expect.stringMatching(/^\.picasso\/settings\.json: not valid JSON \(.*\); its hooks are not used$/),
    ]);
    expect(extension.panel?.()?.rows.filter((r) => r.label === "problem")).toHaveLength(2);
  });

  it("a project hook runs only once its file's exact content is approved", async () => {
    const text = settings("PreToolUse", "echo no >&2; exit 2");
    const where = place({ ".claude/settings.json": text });
    const before = createHooksExtension(where);
    expect(before.warnings()).toEqual([
      "hooks of .claude/settings.json are not run (not approved yet); approve it with --approve-project-config or `picasso trust approve .claude/settings.json`",
    ]);
    const events = await started(before.extension, where);
    expect(await before.extension.beforeToolCall?.(call)).toBeUndefined();
    expect(events).toEqual([]);
    approveProjectFile(where.picassoHome, where.workspaceRoot, ".claude/settings.json", approvalDigest(text));
    const after = createHooksExtension(where);
    await started(after.extension, where);
    expect(await after.extension.beforeToolCall?.(call)).toEqual({ decision: "deny", reason: "no" });
  });

  it("context a hook adds is appended to the lane's history as a hooks reminder, counted in the panel", async () => {
    const where = place({
      "~/settings.json": JSON.stringify({
        hooks: {
          SessionStart: [{ hooks: [{ type: "command", command: "echo on branch main" }] }],
          Stop: [{ hooks: [{ type: "command", command: "echo 'run the tests first' >&2; exit 2" }] }],
        },
      }),
    });
    const { extension } = createHooksExtension(where);
    const events = await started(extension, where);
    const step = {
      sessionId: "s1",
      lane: "main",
      turn: 1,
      step: 0,
      mode: "default" as const,
      messages: [],
      compactions: 0,
    };
    const first = await extension.preStep!(step);
    expect(first.append).toHaveLength(1);
    expect(first.append[0]).toMatchObject({
      source: "reminder",
      reminder: "hooks",
      tier2: { kind: "reminder" },
    });
    expect(JSON.stringify(first.append[0]!.message)).toContain("on branch main");
    expect((await extension.preStep!(step)).append).toEqual([]);
    expect(
      await extension.beforeStop?.({ sessionId: "s1", lane: "main", turn: 1, text: "done", continued: 0 }),
    ).toEqual({
      continue: true,
    });
    const second = await extension.preStep!(step);
    expect(JSON.stringify(second.append[0]!.message)).toContain(
      "A Stop hook asked you to go on: run the tests first",
    );
    expect(events.map((e) => [e.event, e.outcome])).toEqual([
      ["SessionStart", "ok"],
      ["Stop", "continued"],
    ]);
    const bytes = [first, second].reduce((n, r) => n + (r.append[0]!.tier2?.bytes ?? 0), 0);
    expect(extension.panel?.()?.rows.find((r) => r.label === "added to context")?.value).toBe(
      `${bytes} B in 2 messages (appended history)`,
    );
  });

  it("a UserPromptSubmit hook refuses a prompt; the hooks operation lists source, event, matcher and approval", async () => {
    const where = place({
      "~/settings.json": settings(
        "UserPromptSubmit",
        "grep -q password && { echo 'no passwords' >&2; exit 2; } || true",
      ),
      ".picasso/settings.yml":
        "hooks:\n  PostToolUse:\n    - matcher: write|edit\n      hooks: [{ type: command, command: npx biome format }]\n",
    });
    const { extension } = createHooksExtension(where);
    await started(extension, where);
    expect(await extension.beforePrompt?.({ sessionId: "s1", turn: 1, prompt: "hello" })).toBeUndefined();
    expect(await extension.beforePrompt?.({ sessionId: "s1", turn: 1, prompt: "my password is x" })).toEqual({
      block: "no passwords",
    });
    const listed = await extension.operations![0]!.run("", {
      signal: new AbortController().signal,
      offline: true,
    });
    expect(listed.text.split("\n")).toEqual([
      expect.stringMatching(
        /^UserPromptSubmit {2}grep -q password .* \(\$PICASSO_HOME\/settings\.json, user, timeout 60 s\)$/,
      ),
      "PostToolUse [write|edit]  npx biome format  (.picasso/settings.yml, not approved yet, timeout 60 s)",
    ]);
  });
});
