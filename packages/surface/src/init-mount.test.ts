import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { ModelProvider, OperationResult } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { mountOffline } from "./offline-mount.js";

function workspace(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "surface-init-ws-")));
  mkdirSync(join(root, ".picasso"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

/** A model answering every request with `answer`. */
function model(answer: string): ModelProvider {
  return {
    name: "fixed",
    model: "fixed-1",
    contextWindow: 10_000,
    async *stream() {
      yield {
        type: "message_stop",
        stopReason: "end_turn",
        usage: {},
        content: [{ type: "text", text: answer }],
      };
    },
  };
}

async function runInit(root: string, provider: ModelProvider | undefined, env: NodeJS.ProcessEnv = {}) {
  const mounted = mountOffline({
    workspaceRoot: root,
    picassoHome: process.env.PICASSO_HOME!,
    env,
    ...(provider ? { provider } : {}),
  });
  try {
    const operation = mounted.extensions.flatMap((e) => e.operations ?? []).find((op) => op.name === "init");
    const result: OperationResult = await operation!.run("", {
      signal: new AbortController().signal,
      offline: true,
    });
    return { result, warnings: mounted.warnings() };
  } finally {
    await mounted.close();
  }
}

describe("the init extension, mounted by the composition", () => {
  it("checks the proposal against the composition's agent-instructions limits", async () => {
    const root = workspace({
      ".picasso/picasso.patch.yml":
        "- override:\n    settings:\n      agent-instructions.targetBytes: 10\n      agent-instructions.maxBytes: 40\n",
    });
    const { result } = await runInit(root, model(`# ${"x".repeat(50)}\n`));
    // The project patch is used only once approved; unapproved, the defaults (4096 / 8192) hold.
    expect(result.tone).toBeUndefined();
    const { approveProjectConfig } = await import("./project-config.js");
    approveProjectConfig({ workspaceRoot: root, picassoHome: process.env.PICASSO_HOME! });
    const capped = await runInit(root, model(`# ${"x".repeat(50)}\n`));
    expect(capped.result).toEqual({
      text: "the model's AGENTS.md is 53 bytes, over the hard cap of 40 (agent-instructions.maxBytes): not proposed, AGENTS.md unchanged",
      tone: "warn",
    });
  });

  it("notes when CLAUDE.md beside the proposal takes the next session's instruction index over the target", async () => {
    const root = workspace({ "CLAUDE.md": `# Claude rules\n${"- keep it tidy\n".repeat(200)}` });
    const { result } = await runInit(root, model(`# Demo\n${"- a rule\n".repeat(150)}`));
    expect(result.tone).toBeUndefined();
    expect(result.text).toMatch(
      /note: the next session's instruction index \(AGENTS\.md, CLAUDE\.md, with a header line each\) would be \d+ bytes, over the 4096-byte target/,
    );
    const alone = await runInit(workspace({}), model(`# Demo\n${"- a rule\n".repeat(150)}`));
    expect(alone.result.text).not.toContain("instruction index");
  });

  it("mounted offline without a provider, init says there is no model", async () => {
    const { result } = await runInit(workspace({}), undefined);
    expect(result).toEqual({
      text: "no model configured: init needs a provider (docs/providers.md)",
      tone: "warn",
    });
  });

  it("a custom command file named init is one warning; /init stays the built-in", async () => {
    const home = realpathSync(mkdtempSync(join(tmpdir(), "surface-init-home-")));
    const root = workspace({ ".claude/commands/init.md": "Write a CLAUDE.md" });
    const { result, warnings } = await runInit(root, model("# Ok\n"), { HOME: home });
    expect(warnings).toContain(
      `${join(".claude", "commands", "init.md")}: not used: /init is a built-in command; rename the file`,
    );
    expect(result.text).toContain("+# Ok");
  });
});
