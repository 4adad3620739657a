/** `picasso compact` on the newest session of a workspace, through the built binary. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { picasso, script, workspace } from "./cli-harness.js";

const mock = (path: string) => ["--provider", "mock", "--mock-script", path];

describe("picasso compact", () => {
  it("summarises the older history of the newest session", async () => {
    const dir = workspace({ "a.txt": "alpha\n" });
    const first = script(dir, {
      steps: [
        { tool_calls: [{ name: "read", input: { path: "a.txt" } }] },
        { tool_calls: [{ name: "read", input: { path: "a.txt" } }] },
        { text: "a.txt says alpha" },
      ],
    });
    const run = await picasso(dir, ["-p", "read a.txt twice", "--output-format", "json", ...mock(first)]);
    const { logPath } = JSON.parse(run.stdout as string);
    const summary = script(
      dir,
      { steps: [{ match: "Summarise the conversation", text: "SUMMARY: alpha" }] },
      "s.yaml",
    );
    const compact = await picasso(dir, ["compact", ...mock(summary)]);
    expect(compact.stderr).toBe("");
    expect(compact.exitCode).toBe(0);
    expect(compact.stdout).toMatch(
      /^compacted session \S+: 5 messages summarised, \d+ → \d+ bytes of history$/,
    );
    const events = readFileSync(logPath, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(events.find((e) => e.type === "compaction")).toMatchObject({
      trigger: "manual",
      removedMessages: 5,
    });
  });

  it("says so when there is no session to compact", async () => {
    const run = await picasso(workspace(), ["compact", "--provider", "mock"]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/^picasso: no session to continue/);
  });
});
