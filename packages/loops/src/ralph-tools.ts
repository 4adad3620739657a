/**
 * The `ralph` family (deferred): `ralph_start` starts a loop in the background and returns its id
 * at once, `ralph_status` shows one loop (waiting up to `wait_seconds` for it to end) or lists them,
 * `ralph_stop` stops one. Effects: `ralph_start` with a `check_command` is `exec` (the command runs
 * after every round, as `bash` runs commands: the user is asked as for `bash`, and only a sandboxed
 * check runs unasked in auto mode), without one `agent` (rounds are subagent lanes); `ralph_stop`
 * `agent`; `ralph_status` `read`. Rounds are forked through the calling tool's `ctx.subagents`, so
 * a subagent cannot start a loop (depth 1).
 */
import type { ToolContext, ToolDefinition, ToolOutput } from "@picasso/protocol";
import { defineTool, optionalInteger, optionalString, requiredString, toolError } from "@picasso/tools";
import type { RalphLoops } from "./ralph-loops.js";
import { MAX_ROUNDS, parseRalphSpec } from "./ralph-spec.js";
import { describeLoop, loopLine } from "./ralph-text.js";

export const MAX_STATUS_WAIT_SECONDS = 600;

export function ralphTools(loops: RalphLoops): ToolDefinition[] {
  const start = defineTool({
    name: "ralph_start",
    description:
      "Start a ralph loop in the background: the same prompt re-run, round after round, each round a fresh subagent with only the previous round's summary, until check_command exits 0 (until: check, the default with a command) or a round calls goal_done (until: goal_done, the default without). Returns the loop id at once; you are told when it ends.",
    properties: {
      prompt: { type: "string", description: "The task every round gets; the work must show in the files." },
      check_command: {
        type: "string",
        description: "A shell command run after each round (as bash runs it); exit code 0 means done.",
      },
      until: { type: "string", enum: ["check", "goal_done"] },
      max_rounds: { type: "integer", minimum: 1, maximum: MAX_ROUNDS, description: "Default 5." },
      max_steps: { type: "integer", minimum: 1, maximum: 200, description: "Model steps per round." },
      max_seconds: { type: "integer", minimum: 10, maximum: 86_400, description: "Time for the whole loop." },
      check_timeout_ms: { type: "integer", minimum: 1000, maximum: 600_000, description: "Default 120000." },
    },
    required: ["prompt"],
    effect: "agent",
    family: "ralph",
    what: "Starts a loop that re-runs one prompt with fresh context until a check command passes or goal_done.",
    when: "A task converges over attempts (make the suite pass) and each attempt should start clean.",
    callEffect: (input) =>
      typeof input.check_command === "string" && input.check_command.trim() !== ""
        ? {
            effect: "exec",
            sandboxed: loops.checksSandboxed(),
            // The check is a command: the dangerous-command deny-list reads it as it reads bash's.
            target: { name: "check_command", input: { command: input.check_command } },
          }
        : { effect: "agent" },
    async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
      const spec = parseRalphSpec(input, ctx.cwd);
      const started = loops.start(spec, ctx);
      if (typeof started === "string") return toolError(started);
      const ends =
        spec.until === "check"
          ? `when \`${spec.checkCommand}\` exits 0`
          : `when a round calls goal_done${spec.checkCommand ? " and the check passes" : ""}`;
      return {
        content: `Started ralph loop ${started.id} in the background (round 1: ${started.rounds[0]?.lane ?? "not started"}). It ends ${ends}, or after ${spec.maxRounds} rounds${spec.maxSeconds ? ` or ${spec.maxSeconds} s` : ""}; you are told when it ends. ralph_status {"id": "${started.id}"} shows its rounds; ralph_stop stops it.`,
        display: { kind: "text", text: `ralph loop ${started.id}: ${spec.prompt.slice(0, 80)}` },
      };
    },
  });
  const status = defineTool({
    name: "ralph_status",
    description:
      "A ralph loop's rounds (each round's lane, whether it called goal_done, the check's result), how it ended and its last report; wait_seconds waits for it to end first. Without an id: every loop of this session.",
    properties: {
      id: { type: "string", description: "The id ralph_start returned (e.g. r1)." },
      wait_seconds: { type: "integer", minimum: 0, maximum: MAX_STATUS_WAIT_SECONDS },
    },
    required: [],
    effect: "read",
    family: "ralph",
    what: "Shows a ralph loop's rounds, check results and end, or lists the loops.",
    when: "See how a running ralph loop is doing, or wait for it to end.",
    async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
      const id = optionalString(input, "id");
      const waitSeconds = optionalInteger(input, "wait_seconds", 0, MAX_STATUS_WAIT_SECONDS) ?? 0;
      if (id === undefined) {
        const all = loops.list();
        if (all.length === 0) return { content: "No ralph loops in this session (ralph_start starts one)." };
        return { content: all.map(loopLine).join("\n") };
      }
      const loop = loops.find(id);
      await loops.waitFor(loop, waitSeconds * 1000, ctx.signal);
      return { content: describeLoop(loop) };
    },
  });
  const stop = defineTool({
    name: "ralph_stop",
    description: "Stop a ralph loop: its running round ends at once and no further round starts.",
    properties: { id: { type: "string" } },
    required: ["id"],
    effect: "agent",
    family: "ralph",
    what: "Stops a ralph loop and ends its running round at once.",
    when: "A ralph loop is no longer needed or goes the wrong way.",
    async run(input: Record<string, unknown>): Promise<ToolOutput> {
      const loop = loops.find(requiredString(input, "id"));
      if (loop.end) return toolError(`${loop.id} has already ended (${loop.end.reason}).`);
      loop.stop();
      return {
        content: `Stopping ${loop.id}: its running round is cancelled; ralph_status {"id": "${loop.id}", "wait_seconds": 10} shows how it ended.`,
      };
    },
  });
  return [start, status, stop];
}
