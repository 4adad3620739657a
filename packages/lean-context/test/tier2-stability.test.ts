/**
 * Property: no Tier-2 load changes Tier 1. Random sequences of on-demand loads — tool_search
 * queries, tool_call runs (valid and invalid), skill and memory bodies and repeated file reads
 * appended through dedupe, mode switches through the pre-step — never change the Tier-1 bytes
 * the session started with, nor what a fresh assembly of the same inputs gives.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AssembleContext, canonicalJson, type Message, type ToolContext } from "@picasso/protocol";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createLeanContextPlugin } from "../src/index.js";
import { reminderMessage } from "../src/pre-step/reminders.js";
import { openList, todoWrite, toolCalls, userText } from "./fixtures/history.js";
import { coreTools, deferredTools, families, groups } from "./fixtures/tools.js";

const root = mkdtempSync(join(tmpdir(), "lc-prop-"));
writeFileSync(join(root, "AGENTS.md"), "# Rules\nRun the tests.\n");
const home = mkdtempSync(join(tmpdir(), "lc-prop-home-"));

function context(
  gateways: ReturnType<NonNullable<ReturnType<typeof createLeanContextPlugin>["registerTools"]>>,
): AssembleContext {
  return {
    surface: "cli",
    workspaceRoot: root,
    cwd: root,
    picassoHome: home,
    tools: [...coreTools(), ...deferredTools(), ...gateways],
    mcpServers: ["github", "linear"],
    families,
    groups,
    catalog: [
      { kind: "skill", name: "release", description: "Use when releasing.", location: join(root, "release") },
      { kind: "skill", name: "migrate", description: "Use for migrations.", location: join(root, "migrate") },
    ],
  };
}

const load = fc.oneof(
  fc.record({
    kind: fc.constant("search" as const),
    query: fc.oneof(fc.string(), fc.constantFrom("web_fetch", "worktree", "web", "skill_search")),
  }),
  fc.record({
    kind: fc.constant("call" as const),
    name: fc.constantFrom("web_fetch", "web_search", "nope", "bash", "skill_search"),
    args: fc.dictionary(fc.constantFrom("url", "query", "limit", "x"), fc.oneof(fc.string(), fc.integer())),
  }),
  fc.record({
    kind: fc.constant("body" as const),
    label: fc.constantFrom("skill body of release", "memory body of m1", "file read of a.ts"),
    text: fc.string({ minLength: 0, maxLength: 2000 }),
  }),
  fc.record({
    kind: fc.constant("mode" as const),
    mode: fc.constantFrom("default" as const, "plan" as const, "auto" as const),
  }),
  fc.record({ kind: fc.constant("calls" as const), n: fc.integer({ min: 0, max: 25 }) }),
);

describe("Tier 1 before and after Tier-2 loads", () => {
  it("random Tier-2 loads never change the Tier-1 bytes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(load, { maxLength: 25 }), async (loads) => {
        const plugin = createLeanContextPlugin();
        const gateways = plugin.registerTools!();
        const ctx = context(gateways);
        const tier1 = await plugin.assembleSystemPrompt!(ctx);
        const before = canonicalJson(tier1);
        const messages: Message[] = [userText("start"), ...todoWrite(openList)];
        const [search, call] = gateways;
        for (const [step, l] of loads.entries()) {
          if (l.kind === "search") {
            const out = await search!.run({ query: l.query }, {} as ToolContext);
            messages.push({
              role: "user",
              content: [{ type: "tool_result", toolUseId: `s${step}`, content: out.content }],
            });
          } else if (l.kind === "call") {
            const out = await call!.run({ name: l.name, arguments: l.args }, {} as ToolContext);
            messages.push({
              role: "user",
              content: [{ type: "tool_result", toolUseId: `c${step}`, content: out.content }],
            });
          } else if (l.kind === "body") {
            const { content } = plugin.dedupeAppend(messages, l.text, l.label);
            messages.push(reminderMessage("tier2", content));
          } else if (l.kind === "calls") {
            messages.push(...toolCalls(l.n));
          } else {
            const r = await plugin.preStep!({
              sessionId: "p",
              lane: "main",
              turn: 1,
              step,
              mode: l.mode,
              messages,
              compactions: 0,
            });
            messages.push(...r.append.map((a) => a.message));
          }
        }
        expect(canonicalJson(tier1)).toBe(before);
        expect(canonicalJson(await plugin.assembleSystemPrompt!(ctx))).toBe(before);
        const fresh = createLeanContextPlugin();
        expect((await fresh.assembleSystemPrompt!(context(fresh.registerTools!()))).hash).toBe(tier1.hash);
      }),
      { numRuns: 60 },
    );
  });
});
