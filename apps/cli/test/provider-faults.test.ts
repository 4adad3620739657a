/**
 * The fault matrix's provider row, through the binary and the official SDKs against the mock: a
 * session whose model calls a tool meets each provider fault — a 429 storm with retry-after,
 * 500 and 529, a stream cut inside a tool call's JSON, a malformed SSE line, a stream that goes
 * silent — on both APIs. Each ends retried (and the turn finishes) or as one clear error line; in
 * every case the session is continued afterwards and the provider (the mock enforces the pairing
 * rules) accepts its history.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { projectSessionsDir } from "@picasso/engine";
import { startMockServer } from "@picasso/mock-provider";
import { describe, expect, it } from "vitest";
import { picasso, workspace } from "./cli-harness.js";

const STEPS = [
  { match: "go on", text: "carried on" },
  { match: "start", tool_calls: [{ name: "bash", input: { command: "echo made > made.txt" } }] },
  { text: "finished" },
];

interface Case {
  name: string;
  faults: { request: number; kind: string; retry_after?: number }[];
  /** Retried to the end (the turn finishes), or one error line. */
  outcome: { retries: number } | { error: RegExp };
}

const CASES: Case[] = [
  {
    name: "a 429 storm with retry-after",
    faults: [1, 2, 3].map((request) => ({ request, kind: "rate_limit", retry_after: 0 })),
    outcome: { retries: 3 },
  },
  {
    name: "500 then 529 overloaded",
    faults: [
      { request: 2, kind: "server" },
      { request: 3, kind: "overloaded" },
    ],
    outcome: { retries: 2 },
  },
  {
    name: "retries exhausted",
    faults: [1, 2, 3, 4].map((request) => ({ request, kind: "overloaded" })),
    outcome: { error: /^picasso: .*(overloaded|529).*after 4 attempts/i },
  },
  {
    name: "a stream cut inside a tool call's JSON",
    faults: [{ request: 1, kind: "cut" }],
    outcome: { error: /^picasso: / },
  },
  {
    name: "a malformed SSE line",
    faults: [{ request: 1, kind: "malformed" }],
    outcome: { error: /^picasso: / },
  },
  {
    name: "an error event mid-stream",
    faults: [{ request: 1, kind: "stream_error" }],
    outcome: { error: /^picasso: .*verloaded/ },
  },
  {
    name: "a stream gone silent",
    faults: [{ request: 1, kind: "stall" }],
    outcome: { error: /^picasso: .*no data from the provider for 6 s/ },
  },
];

function logLines(dir: string): { type: string }[] {
  const sessions = projectSessionsDir(process.env.PICASSO_HOME!, dir);
  const [file] = readdirSync(sessions).filter((f) => f.endsWith(".jsonl"));
  return readFileSync(join(sessions, file!), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
}

describe("provider faults", { timeout: 300_000 }, () => {
  writeFileSync(join(process.env.PICASSO_HOME!, "config.yaml"), "stallTimeoutSeconds: 6\n");

  for (const api of ["anthropic", "openai"] as const)
    for (const c of CASES)
      it(`${api}: ${c.name}`, async () => {
        const dir = workspace();
        const server = await startMockServer({ script: { steps: STEPS, faults: c.faults } });
        const env =
          api === "anthropic"
            ? { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.url }
            : { OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: `${server.url}/v1` };
        const session = (prompt: string, more: string[] = []) =>
          picasso(dir, ["-p", prompt, "--provider", api, ...more], { env, timeout: 120_000 });
        const run = await session("start", ["--allow", "bash"]).finally(() => undefined);
        const lines = logLines(dir);
        if ("retries" in c.outcome) {
          expect(run.exitCode, run.stderr as string).toBe(0);
          expect(run.stdout).toBe("finished");
          expect(lines.filter((e) => e.type === "retry")).toHaveLength(c.outcome.retries);
        } else {
          expect(run.exitCode).toBe(1);
          const told = (run.stderr as string)
            .split("\n")
            .filter((l) => l.startsWith("picasso: ") && !/resume with|, retry \d+ in /.test(l));
          expect(told).toHaveLength(1);
          expect(told[0]).toMatch(c.outcome.error);
          expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
        }
        // Whatever happened, the session goes on and its history is accepted.
        const again = await session("go on", ["--continue"]);
        await server.close();
        expect(again.stderr).toBe("");
        expect(again.exitCode).toBe(0);
        expect(again.stdout).toBe("carried on");
      });
});
