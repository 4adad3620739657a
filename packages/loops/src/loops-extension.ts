/**
 * The loops extension: ralph loops (docs/ralph.md). It declares the deferred `ralph` family
 * (`ralph_start`, `ralph_status`, `ralph_stop`; catalog group `agents`), keeps the session's loops
 * (ralph-loops.ts), and answers the `tool/before` gate for `goal_done` / `goal_blocked` called in
 * a round's lane — directly or through `tool_call`: the claim goes to that round's loop and the
 * call is not run (it would mark the session's own goal), the model being told it was recorded.
 * `/ralph` (the `ralph` operation) and its `/context` panel show the loops. Nothing reaches Tier 1
 * but the family's tools, deferred; round text enters only each round's lane (ralph-brief.ts).
 */
import type { ContextPanel, PicassoExtension, ToolCallGate, ToolCallGateContext } from "@picasso/protocol";
import { ralphFamily } from "./ralph-family.js";
import type { RalphLoop } from "./ralph-loop.js";
import { RalphLoops, type RalphLoopsOptions } from "./ralph-loops.js";
import { describeLoop, panelRows } from "./ralph-text.js";
import { ralphTools } from "./ralph-tools.js";

export interface LoopsExtension {
  extension: PicassoExtension;
  loops: RalphLoops;
}

export function createLoopsExtension(options: RalphLoopsOptions = {}): LoopsExtension {
  const loops = new RalphLoops(options);
  const tools = ralphTools(loops);
  const extension: PicassoExtension = {
    name: "loops",
    families: [ralphFamily],
    registerTools: () => tools,
    start(ctx) {
      loops.started(ctx);
    },
    beforeToolCall: (ctx) => goalGate(loops, ctx),
    panel(): ContextPanel | undefined {
      if (loops.list().length === 0) return undefined;
      return { id: "loops", title: "Ralph loops", rows: panelRows(loops.list()) };
    },
    operations: [
      {
        name: "ralph",
        args: "[id]",
        summary: "Show the session's ralph loops and their rounds",
        run(args) {
          const id = args.trim();
          const all = loops.list();
          if (id !== "") {
            const loop = all.find((l) => l.id === id);
            if (!loop)
              return {
                text: `No ralph loop "${id}"${all.length ? ` (loops: ${all.map((l) => l.id).join(", ")})` : ""}.`,
                tone: "warn",
              };
            return { text: describeLoop(loop), title: `/ralph ${id}`, data: loopData(loop) };
          }
          if (all.length === 0)
            return { text: "No ralph loops in this session (the model starts one with ralph_start)." };
          return { text: all.map(describeLoop).join("\n\n"), data: all.map(loopData) };
        },
      },
    ],
    close: () => loops.close(),
  };
  return { extension, loops };
}

function goalGate(loops: RalphLoops, ctx: ToolCallGateContext): ToolCallGate | undefined {
  const tool = ctx.target ?? ctx.name;
  if (tool !== "goal_done" && tool !== "goal_blocked") return undefined;
  const args = ctx.target ? record(ctx.input.arguments) : ctx.input;
  const text =
    tool === "goal_done"
      ? str(args.evidence)
      : `${str(args.reason)}${args.needs !== undefined ? ` (would unblock it: ${str(args.needs)})` : ""}`;
  const loop = loops.claimGoal(ctx.lane, { kind: tool === "goal_done" ? "done" : "blocked", text });
  if (!loop) return undefined;
  return {
    decision: "deny",
    reason: `Recorded for ralph loop ${loop.id}: this round called ${tool} (the session's own goal is not changed). End your turn now with a short report.`,
  };
}

function loopData(loop: RalphLoop) {
  return {
    id: loop.id,
    prompt: loop.spec.prompt,
    until: loop.spec.until,
    ...(loop.spec.checkCommand !== undefined ? { checkCommand: loop.spec.checkCommand } : {}),
    maxRounds: loop.spec.maxRounds,
    state: loop.end ? "ended" : "running",
    ...(loop.end ? { reason: loop.end.reason } : {}),
    rounds: loop.rounds.map((r) => ({
      round: r.round,
      lane: r.lane,
      status: r.status,
      tokens: r.tokens,
      ...(r.goal ? { goal: r.goal.kind } : {}),
      ...(r.check ? { check: { passed: r.check.passed, exitCode: r.check.exitCode } } : {}),
    })),
  };
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const str = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value ?? ""));
