/**
 * `/init` and `picasso init` through the built binary against the mock provider, whose script
 * answers the init request (matched by the request's last line) with an AGENTS.md routing index:
 * - `picasso init --dry-run` prints the diff and writes nothing; `--yes` writes it; without a
 *   terminal and without `--yes` nothing is written;
 * - bad input is one line each: no provider configured, an empty answer, one over the hard cap,
 *   a read-only AGENTS.md;
 * - ACP: `init` is an available command; `/init` answers with the diff, `/init write` writes it;
 *   the running session's Tier 1 stays as it was (one request header) and the next session's
 *   Tier 1 carries the new AGENTS.md;
 * - Tier 1 is the same bytes with and without the init extension mounted.
 */
import { chmodSync, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as acp from "@agentclientprotocol/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { type AcpProcess, logEvents, startAcp, updatesOf, waitFor } from "./acp-harness.js";
import { picasso, script, workspace } from "./cli-harness.js";

const REPO = {
  "README.md": "# Demo\nA demo project.\n",
  "package.json": JSON.stringify({ name: "demo", scripts: { test: "vitest run" } }),
  "docs/api.md": "# The API\n",
};

const PROPOSED = [
  "# Demo",
  "",
  "## Commands",
  "- Test: `npm test`",
  "",
  "## Read docs/X.md when working on Y",
  "| when working on | read |",
  "| --- | --- |",
  "| the API | `docs/api.md` |",
  "| deploys | `docs/deploy.md` |",
  "",
].join("\n");

/** The init request ends with this line (init-request.ts). */
const INIT_MATCH = "Write the AGENTS.md now.";

const mock = (path: string) => ["--provider", "mock", "--mock-script", path];

let scripts = 0;
/** A script of its own (a file per call) answering the init request with `text`. */
function initScript(root: string, text: string = PROPOSED, more: object[] = []): string {
  return script(root, { steps: [{ match: INIT_MATCH, text }, ...more] }, `init-${++scripts}.yaml`);
}

const running: AcpProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.close()));
});

describe("picasso init", () => {
  it("--dry-run prints the diff and the notes, and writes nothing", async () => {
    const root = workspace(REPO);
    const run = await picasso(root, ["init", "--dry-run", ...mock(initScript(root))]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe(
      `--- /dev/null\n+++ b/AGENTS.md\n@@ -0,0 +1,10 @@\n${PROPOSED.trimEnd()
        .split("\n")
        .map((l) => `+${l}`)
        .join("\n")}`,
    );
    expect(run.stderr).toContain(
      "picasso init: note: a routing row names docs/deploy.md, which is not a file in this workspace",
    );
    expect(run.stderr).toContain(
      `picasso init: dry run: AGENTS.md not written (${Buffer.byteLength(PROPOSED)} bytes proposed)`,
    );
    expect(existsSync(join(root, "AGENTS.md"))).toBe(false);
  });

  it("--yes writes the proposal over the old AGENTS.md; without --yes and no terminal nothing is written", async () => {
    const root = workspace({ ...REPO, "AGENTS.md": "# Demo\nUse tabs.\n" });
    const asked = await picasso(root, ["init", ...mock(initScript(root))], { stdin: "ignore" });
    expect(asked.exitCode).toBe(0);
    expect(asked.stdout).toMatch(/^--- a\/AGENTS\.md\n\+\+\+ b\/AGENTS\.md\n@@ /);
    expect(asked.stdout).toContain("-Use tabs.");
    expect(asked.stderr).toContain(
      "picasso init: AGENTS.md not written: no terminal to ask; run picasso init --yes to write it",
    );
    expect(readFileSync(join(root, "AGENTS.md"), "utf8")).toBe("# Demo\nUse tabs.\n");

    const yes = await picasso(root, ["init", "--yes", ...mock(initScript(root))]);
    expect(yes.exitCode).toBe(0);
    expect(yes.stderr).toContain(
      `picasso init: wrote AGENTS.md (${Buffer.byteLength(PROPOSED)} bytes); sessions started from now on read it`,
    );
    expect(readFileSync(join(root, "AGENTS.md"), "utf8")).toBe(PROPOSED);
    // The same answer again: nothing to write.
    const again = await picasso(root, ["init", "--dry-run", ...mock(initScript(root))]);
    expect(again.stdout).toBe(
      `AGENTS.md is already what the model proposes (${Buffer.byteLength(PROPOSED)} bytes): nothing to write.`,
    );
  });

  it('headless -p "/init" answers with the diff and the way to write from a shell; nothing is written', async () => {
    const root = workspace(REPO);
    const run = await picasso(root, ["-p", "/init", ...mock(initScript(root))]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain("```diff\n--- /dev/null\n+++ b/AGENTS.md\n");
    expect(run.stdout).toContain("(From a shell, where each run is a new session: `picasso init --yes`.)");
    expect(existsSync(join(root, "AGENTS.md"))).toBe(false);
  });

  it("bad input is one line each and writes nothing", async () => {
    const root = workspace(REPO);
    const env = { ...process.env, ANTHROPIC_API_KEY: "", PICASSO_PROVIDER: "", OPENAI_API_KEY: "" };
    const cases: [string[], string][] = [
      [
        ["init", "--yes"],
        "picasso: init: no provider configured, and init needs a real model: export ANTHROPIC_API_KEY, or use --provider openai with OPENAI_API_KEY or OPENAI_BASE_URL (docs/providers.md)",
      ],
      [
        ["init", "--yes", ...mock(initScript(root, "   ", [{ match: "Shorten", text: "" }]))],
        "picasso: init: the model's answer was empty: nothing to write (AGENTS.md unchanged)",
      ],
      [
        [
          "init",
          "--yes",
          ...mock(initScript(root, "x".repeat(9000), [{ match: "Shorten it", text: "y".repeat(8500) }])),
        ],
        "picasso: init: the model's AGENTS.md is 8501 bytes, over the hard cap of 8192 (agent-instructions.maxBytes): not proposed, AGENTS.md unchanged",
      ],
      [["init", "--yes", "--dry-run"], "picasso: --yes and --dry-run exclude each other: pick one"],
    ];
    for (const [args, line] of cases) {
      const run = await picasso(root, args, { env });
      expect(run.stderr).toBe(line);
      expect(run.exitCode).not.toBe(0);
    }
    expect(existsSync(join(root, "AGENTS.md"))).toBe(false);
  });

  it("a read-only AGENTS.md is one line and stays as it was", async () => {
    const root = workspace({ ...REPO, "AGENTS.md": "# Mine\n" });
    chmodSync(join(root, "AGENTS.md"), 0o444);
    const run = await picasso(root, ["init", "--yes", ...mock(initScript(root))]);
    expect(run.exitCode).not.toBe(0);
    expect(run.stderr).toMatch(
      /picasso: init: AGENTS\.md is read-only \(mode 444\): nothing written; make it writable first$/,
    );
    expect(readFileSync(join(root, "AGENTS.md"), "utf8")).toBe("# Mine\n");
  });
});

describe("Tier 1 with init mounted", () => {
  it("is byte-identical to Tier 1 without it (the extension has no tool, section or fact line)", async () => {
    const hashOf = async (root: string) => {
      const run = await picasso(root, ["context", "--json"]);
      expect(run.exitCode).toBe(0);
      return JSON.parse(run.stdout as string).hash as string;
    };
    const withInit = workspace(REPO);
    const without = workspace({ ...REPO, ".picasso/picasso.patch.yml": "- disable: { plugin: init }\n" });
    expect((await picasso(without, ["trust", "approve"])).exitCode).toBe(0);
    const offline = await picasso(without, ["init", "--dry-run", ...mock(initScript(without))]);
    expect(offline.stderr).toContain("mounts no init extension");
    const [a, b] = await Promise.all([hashOf(withInit), hashOf(without)]);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).toBe(b);
  });
});

describe("/init over ACP", () => {
  it("is an available command; /init shows the diff, /init write writes it; Tier 1 changes only in the next session", async () => {
    const root = workspace(REPO);
    const s = script(root, {
      steps: [
        { match: INIT_MATCH, text: PROPOSED },
        { match: "carry on", text: "CARRIED-ON" },
        { match: "second session", text: "SECOND-OK" },
      ],
    });
    const proc = startAcp(root, mock(s));
    running.push(proc);
    await proc.initialize();
    const { sessionId } = await proc.agent.request(acp.methods.agent.session.new, {
      cwd: root,
      mcpServers: [],
    });
    const advertised = await waitFor("the commands advertised", () => {
      const update = updatesOf(proc, sessionId, "available_commands_update")[0];
      return update?.sessionUpdate === "available_commands_update" ? update.availableCommands : undefined;
    });
    expect(advertised.find((c) => c.name === "init")).toEqual({
      name: "init",
      description: "write or improve AGENTS.md from the repository with the model; shows a diff to approve",
      input: { hint: "[write|discard]" },
    });
    const said = () =>
      updatesOf(proc, sessionId, "agent_message_chunk")
        .map((u) =>
          u.sessionUpdate === "agent_message_chunk" && u.content.type === "text" ? u.content.text : "",
        )
        .join("\n");
    const prompt = (text: string) =>
      proc.agent.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text }] });

    expect((await prompt("/init")).stopReason).toBe("end_turn");
    expect(said()).toContain("```diff\n--- /dev/null\n+++ b/AGENTS.md\n@@ -0,0 +1,10 @@\n+# Demo\n");
    expect(said()).toContain(
      "note: a routing row names docs/deploy.md, which is not a file in this workspace",
    );
    expect(said()).toContain("Write it with `/init write`, or drop it with `/init discard`.");
    expect(existsSync(join(root, "AGENTS.md"))).toBe(false);

    await prompt("/init write");
    expect(said()).toContain("It takes effect in the next session");
    expect(readFileSync(join(root, "AGENTS.md"), "utf8")).toBe(PROPOSED);
    await prompt("carry on");
    expect(said()).toContain("CARRIED-ON");

    const headers = (id: string) => logEvents(root, id).filter((e) => e.type === "request_header");
    // The running session sent the Tier 1 it started with: no new header after the write.
    expect(headers(sessionId).map((h) => h.reason)).toEqual(["initial"]);
    const second = await proc.agent.request(acp.methods.agent.session.new, { cwd: root, mcpServers: [] });
    await proc.agent.request(acp.methods.agent.session.prompt, {
      sessionId: second.sessionId,
      prompt: [{ type: "text", text: "second session" }],
    });
    const [before] = headers(sessionId);
    const [after] = headers(second.sessionId);
    expect(after.tier1Hash).not.toBe(before.tier1Hash);
    expect(JSON.stringify(after.system)).toContain("| the API | `docs/api.md` |");
    expect(JSON.stringify(before.system)).not.toContain("| the API | `docs/api.md` |");
  });
});
