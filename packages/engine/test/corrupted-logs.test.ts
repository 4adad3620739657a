/**
 * The fault matrix's corrupted logs: a real session's log with one line missing, duplicated,
 * swapped with the next, or turned into a wrong-typed event — anywhere in the log — is resumed
 * and given a turn. Every time the provider (the mock, which enforces the Anthropic pairing rules
 * and answers 400 otherwise) accepts the history, the turn ends normally, and the repair is told
 * once. Figures go to docs/reliability.md.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { startMockServer } from "@picasso/mock-provider";
import { describe, expect, it } from "vitest";
import { lastTurnEnd, makeWorkspace, startScenario } from "./harness.js";

type Mutation = { name: string; apply: (lines: string[]) => string[] };

function mutations(count: number): Mutation[] {
  const out: Mutation[] = [];
  // Every line after the opening header lines: 4 kinds of damage each.
  for (let i = 2; i < count; i++) {
    out.push({ name: `line ${i + 1} missing`, apply: (l) => l.filter((_, k) => k !== i) });
    out.push({
      name: `line ${i + 1} duplicated`,
      apply: (l) => [...l.slice(0, i + 1), l[i]!, ...l.slice(i + 1)],
    });
    if (i + 1 < count)
      out.push({
        name: `lines ${i + 1} and ${i + 2} swapped`,
        apply: (l) => [...l.slice(0, i), l[i + 1]!, l[i]!, ...l.slice(i + 2)],
      });
    out.push({
      name: `line ${i + 1} wrong-typed`,
      apply: (l) =>
        l.map((line, k) => (k === i ? line.replace(/"(turn|index|step|seq)":\d+/, '"$1":"x"') : line)),
    });
  }
  return out;
}

describe("resuming corrupted logs (fault matrix)", { timeout: 300_000 }, () => {
  it("always sends a history the provider accepts, and tells the repair once", async () => {
    const workspace = makeWorkspace({ "a.txt": "alpha\n", "b.txt": "beta\n" });
    const first = await startScenario({
      workspace,
      mode: "auto",
      script: {
        steps: [
          { match: "first", tool_calls: [{ name: "read", input: { path: "a.txt" } }] },
          {
            tool_calls: [
              { name: "read", input: { path: "b.txt" } },
              { name: "bash", input: { command: "echo hi" } },
            ],
          },
          { text: "read both" },
          { match: "second", tool_calls: [{ name: "search", input: { pattern: "alpha" } }] },
          { text: "found it" },
        ],
      },
    });
    await first.run("first turn");
    await first.run("second turn");
    await first.close();
    const source = readFileSync(first.session.logPath, "utf8").trimEnd().split("\n");
    const dir = dirname(first.session.logPath);
    const failures: string[] = [];
    let tried = 0;
    for (const [n, mutation] of mutations(source.length).entries()) {
      // A server per run: each answers "go on" once (a script step is used once).
      const server = await startMockServer({ script: { steps: [{ match: "go on", text: "carrying on" }] } });
      try {
        const id = `20261201T000000-m${String(n).padStart(5, "0")}`;
        writeFileSync(join(dir, `${id}.jsonl`), `${mutation.apply(source).join("\n")}\n`);
        const resumed = await startScenario({ script: {}, workspace, server, resume: { id }, mode: "auto" });
        tried += 1;
        try {
          const end = lastTurnEnd(await resumed.run("go on"));
          if (end.stopReason !== "end_turn" || end.text !== "carrying on")
            failures.push(`${mutation.name}: ${end.stopReason} ${end.text}`);
          if (resumed.session.resumeNotes.length > 2) failures.push(`${mutation.name}: told more than once`);
        } finally {
          await resumed.close();
        }
        // Resumed again, the same damage is not told again.
        const again = await startScenario({ script: {}, workspace, server, resume: { id } });
        if (again.session.resumeNotes.length > 0)
          failures.push(`${mutation.name}: told again on the next resume`);
        await again.close();
      } finally {
        await server.close();
      }
    }
    // The figure docs/reliability.md quotes.
    console.info(`fault matrix: ${tried} corrupted logs resumed, ${failures.length} rejected or mis-told`);
    expect(tried).toBeGreaterThanOrEqual(70);
    expect(failures).toEqual([]);
  });
});
