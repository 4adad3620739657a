/**
 * The fault matrix's secrets row: a session on a real provider adapter (the official SDK against
 * the mock) with tool calls that go looking for the key — `env`, `printenv`, a file write — and a
 * failing provider; then every artefact is grepped for the key: stdout and stderr of each command,
 * every file under PICASSO_HOME and the workspace, the requests sent to the model, the context
 * timeline and the sessions list. Commands never even see the key (tools' processes get an
 * environment without the provider credentials).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "@picasso/mock-provider";
import { describe, expect, it } from "vitest";
import { picasso, workspace } from "./cli-harness.js";

const KEY = "sk-ant-api03-CANARY-7f3a9c1e5b2d8046";
const OPENAI_KEY = "sk-proj-CANARY-91b4e7d2c6a80f35";

function filesUnder(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[])
    .map((f) => join(root, f))
    .filter((f) => statSync(f).isFile());
}

describe("secrets", { timeout: 120_000 }, () => {
  it("API keys reach no log, screen, timeline, error, request or command environment", async () => {
    const steps = [
      {
        match: "look",
        tool_calls: [
          {
            name: "bash",
            input: { command: "env | sort > env.txt; printenv ANTHROPIC_API_KEY OPENAI_API_KEY; echo done" },
          },
        ],
      },
      { text: "looked" },
    ];
    const server = await startMockServer({ script: { steps } });
    const dir = workspace();
    const home = `${dir}-home`; // beside the workspace: a workspace never holds PICASSO_HOME
    const env = {
      PICASSO_HOME: home,
      ANTHROPIC_API_KEY: KEY,
      OPENAI_API_KEY: OPENAI_KEY,
      ANTHROPIC_BASE_URL: server.url,
    };
    const outputs: string[] = [];
    try {
      for (const args of [
        ["-p", "look", "--provider", "anthropic", "--allow", "bash", "--output-format", "stream-json"],
        ["-p", "again", "--provider", "anthropic", "--continue"],
        ["context", "timeline", "--last"],
        ["context", "timeline", "--last", "--json"],
        ["sessions", "--json"],
        ["context", "--json"],
      ]) {
        const run = await picasso(dir, args, { env });
        expect(run.exitCode, `${args.join(" ")}: ${run.stderr}`).toBe(0);
        outputs.push(`${run.stdout}${run.stderr}`);
      }
      // A provider that cannot be reached: the error is one line, and has no key in it.
      const down = await picasso(dir, ["-p", "hi", "--provider", "anthropic"], {
        env: { ...env, ANTHROPIC_BASE_URL: "http://127.0.0.1:9" },
      });
      expect(down.exitCode).toBe(1);
      outputs.push(`${down.stdout}${down.stderr}`);
    } finally {
      await server.close();
    }
    // The command ran, without the keys in its environment.
    const commandEnv = readFileSync(join(dir, "env.txt"), "utf8");
    expect(commandEnv).toMatch(/^PATH=/m);
    expect(commandEnv).not.toMatch(/ANTHROPIC_API_KEY|OPENAI_API_KEY/);
    expect(outputs[0]).toContain("done");
    for (const [i, text] of outputs.entries()) {
      expect(text, `output ${i}`).not.toContain(KEY);
      expect(text, `output ${i}`).not.toContain(OPENAI_KEY);
    }
    const files = [...filesUnder(home), ...filesUnder(dir).filter((f) => !f.startsWith(home))];
    expect(files.some((f) => f.endsWith(".jsonl"))).toBe(true);
    for (const file of files) {
      const text = readFileSync(file, "latin1");
      expect(text.includes(KEY) || text.includes(OPENAI_KEY), file).toBe(false);
    }
    const requests = JSON.stringify(server.requests);
    expect(requests).toContain("looked"); // the requests were recorded…
    expect(requests).not.toContain(KEY); // …without the key
  });

  it("the keys are gone from Picasso's own /proc environ, and a key read from a file is redacted", async () => {
    const steps = [
      {
        match: "look",
        tool_calls: [
          {
            name: "bash",
            input: {
              command:
                "tr '\\0' '\\n' < /proc/$PPID/environ > parent-env.txt; grep -c . parent-env.txt; cat keys.env",
            },
          },
          { name: "read", input: { path: "keys.env" } },
        ],
      },
      { text: "looked" },
    ];
    const server = await startMockServer({ script: { steps } });
    const dir = workspace({ "keys.env": `ANTHROPIC_API_KEY=${KEY}\nOPENAI_API_KEY=${OPENAI_KEY}\n` });
    const env = {
      ANTHROPIC_API_KEY: KEY,
      OPENAI_API_KEY: OPENAI_KEY,
      ANTHROPIC_BASE_URL: server.url,
      PICASSO_VISIBLE_MARK: "seen-in-environ",
    };
    try {
      const run = await picasso(
        dir,
        [
          "-p",
          "look",
          "--provider",
          "anthropic",
          "--sandbox",
          "off",
          "--allow",
          "bash",
          "--output-format",
          "stream-json",
        ],
        { env },
      );
      expect(run.exitCode, run.stderr).toBe(0);
      // The command read Picasso's exec-time environment (the mark is there) — without the keys.
      const parentEnv = readFileSync(join(dir, "parent-env.txt"), "utf8");
      expect(parentEnv).toContain("PICASSO_VISIBLE_MARK=seen-in-environ");
      expect(parentEnv).not.toContain(KEY);
      expect(parentEnv).not.toContain(OPENAI_KEY);
      // The file's keys reached neither the model, the screen nor the log.
      expect(run.stdout).toContain("[redacted: a key Picasso holds]");
      expect(`${run.stdout}${run.stderr}`).not.toContain(KEY);
      expect(JSON.stringify(server.requests)).not.toContain(KEY);
      expect(JSON.stringify(server.requests)).not.toContain(OPENAI_KEY);
      const home = process.env.PICASSO_HOME!;
      for (const file of filesUnder(home))
        expect(readFileSync(file, "latin1").includes(KEY), file).toBe(false);
    } finally {
      await server.close();
    }
  });
});
