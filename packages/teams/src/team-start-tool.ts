/**
 * `team_start`: the lead (the main lane only) starts a named team. Each member is a background
 * lane forked through the call's own `ctx.subagents` (so the lane names this call), labelled with
 * the member's name, grouped as `team:<team>`, with its identity and the team's policy as brief
 * blocks of its first message only (team-brief.ts); its role is an agent definition (`agent`) or
 * an inline `brief`; its budgets map to the lane's steps, tokens and seconds. `result_schema`
 * (a JSON Schema object) makes each member report with `structured_output`; `tasks` seed the board.
 * Everything is checked before the first lane opens; a member the engine refuses (an unknown
 * agent, a bad cwd) cancels the ones already started.
 */
import { byteLength, type JsonSchema, type SubagentRequest } from "@picasso/protocol";
import { argumentProblems } from "@picasso/protocol/tool-arguments";
import { memberBrief, roleLabel } from "./team-brief.js";
import type { TeamHub } from "./team-hub.js";
import { finishedNotice } from "./team-text.js";
import {
  name as nameField,
  optionalCount,
  optionalText,
  requiredText,
  TeamInputError,
  teamTool,
} from "./team-tool.js";

export const MAX_MEMBERS = 8;
const MAX_TASK_CHARS = 16_000;
const MAX_BRIEF_CHARS = 8_000;
const MAX_SCHEMA_BYTES = 16_384;
const RESERVED = new Set(["lead", "all"]);

interface MemberPlan {
  name: string;
  task: string;
  agent?: string;
  brief?: string;
  request: Omit<SubagentRequest, "task" | "label" | "group" | "brief" | "agent">;
}

const MEMBER_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    name: {
      type: "string",
      description: "Its name in the team: lowercase letters, digits, - or _ (e.g. tests).",
    },
    task: {
      type: "string",
      description: "Its part of the work, self-contained: it cannot see this conversation.",
    },
    agent: {
      type: "string",
      description: "Its role as an agent definition (tool_search shows them). Or brief.",
    },
    brief: { type: "string", description: "Its role as text (who it is, what it cares about). Or agent." },
    max_steps: { type: "integer", minimum: 1, maximum: 200, description: "Step budget." },
    max_tokens: { type: "integer", minimum: 1, description: "Token budget (input, output and cache)." },
    max_seconds: { type: "integer", minimum: 1, maximum: 86_400, description: "Time budget." },
    cwd: {
      type: "string",
      description: "Folder it works in, relative to the workspace root (e.g. a worktree).",
    },
  },
  required: ["name", "task"],
  additionalProperties: false,
};

export function teamStartTool(hub: TeamHub) {
  return teamTool({
    name: "team_start",
    description:
      "Start a team: named members that work in parallel in the background, each with a role (agent or brief) and a task, who message each other and you (team_message), share a task board (team_board) and, with result_schema, report a checked result (structured_output). " +
      "Returns at once; team_status waits for them, team_stop stops one or all. Only the lead (you, not a member) starts teams.",
    properties: {
      team: { type: "string", description: "The team's name: lowercase letters, digits, - or _." },
      members: { type: "array", minItems: 1, maxItems: MAX_MEMBERS, items: MEMBER_SCHEMA },
      result_schema: {
        type: "object",
        description: 'A JSON Schema ({"type": "object", …}) every member\'s structured_output must match.',
      },
      tasks: {
        type: "array",
        maxItems: 50,
        items: { type: "string" },
        description: "Tasks put on the team's board before the members start (they claim them).",
      },
    },
    required: ["team", "members"],
    effect: "agent",
    what: "Starts a named team of background members with roles, tasks, budgets and a shared board.",
    when: "Work splits into parts that need each other (messages, a shared task list, checked results); one independent job: subagent_fork.",
    run(input, ctx) {
      const caller = hub.caller(ctx.lane);
      if (caller.kind !== "lead")
        throw new TeamInputError("only the lead starts a team; a member cannot (message the lead instead).");
      const team = nameField(input, "team");
      if (hub.roster.get(team))
        throw new TeamInputError(`a team "${team}" was already started in this session; pick another name.`);
      const schema = resultSchema(input.result_schema);
      const plans = memberPlans(input.members);
      const tasks = boardTasks(input.tasks);
      const group = `team:${team}`;
      const started: string[] = [];
      try {
        for (const plan of plans) {
          const role = roleLabel(plan.agent, plan.brief);
          const forked = ctx.subagents.fork({
            task: plan.task,
            label: plan.name,
            group,
            ...(plan.agent !== undefined ? { agent: plan.agent } : {}),
            brief: memberBrief({
              team,
              name: plan.name,
              role,
              ...(plan.brief !== undefined ? { brief: plan.brief } : {}),
              teammates: plans
                .filter((p) => p.name !== plan.name)
                .map((p) => ({ name: p.name, role: roleLabel(p.agent, p.brief) })),
              hasSchema: schema !== undefined,
              hasTasks: tasks.length > 0,
            }),
            ...plan.request,
          });
          started.push(forked.id);
        }
      } catch (error) {
        for (const id of started) {
          try {
            ctx.subagents.cancel(id);
          } catch {
            // it stopped on its own already
          }
        }
        throw new TeamInputError(`team "${team}" was not started: ${(error as Error).message}`);
      }
      // Recorded before this call returns, so a member's first tool call finds its team.
      hub.record(
        {
          type: "team_start",
          team,
          members: plans.map((p, i) => ({
            name: p.name,
            lane: started[i] as string,
            role: roleLabel(p.agent, p.brief),
            task: p.task,
            ...(p.agent !== undefined ? { agent: p.agent } : {}),
          })),
          ...(schema !== undefined ? { resultSchema: schema } : {}),
        },
        ctx.lane,
      );
      const board = hub.roster.get(team)?.board;
      for (const title of tasks) {
        const added = board?.add(title, "lead");
        if (added && !("reason" in added)) hub.record(added, ctx.lane);
      }
      const startedTeam = hub.roster.get(team);
      if (startedTeam) hub.watch(startedTeam, () => finishedNotice(startedTeam, (lane) => hub.laneOf(lane)));
      const lines = plans.map((p, i) => `- ${p.name} (${started[i]}): ${roleLabel(p.agent, p.brief)}`);
      return {
        content: [
          `Started team ${team} with ${plans.length} member${plans.length === 1 ? "" : "s"} in the background:`,
          ...lines,
          ...(tasks.length
            ? [`Board: ${tasks.length} task${tasks.length === 1 ? "" : "s"} (t1…t${tasks.length}).`]
            : []),
          `Their messages to you arrive as notices, and a notice says when the last one stopped. team_status {"team": "${team}", "wait_seconds": …} waits for them to finish and gives their results; team_stop stops one or all.`,
        ].join("\n"),
        display: {
          kind: "text",
          text: `team ${team}: ${plans.map((p, i) => `${p.name} (${started[i]})`).join(", ")}`,
        },
      };
    },
  });
}

function resultSchema(value: unknown): JsonSchema | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value))
    throw new TeamInputError(
      '"result_schema" must be a JSON Schema object, e.g. {"type": "object", "properties": {…}}.',
    );
  const schema = value as JsonSchema;
  if (schema.type !== "object")
    throw new TeamInputError('"result_schema" must describe an object: give it "type": "object".');
  if (byteLength(JSON.stringify(schema)) > MAX_SCHEMA_BYTES)
    throw new TeamInputError(`"result_schema" is larger than ${MAX_SCHEMA_BYTES} bytes; simplify it.`);
  const compiled = argumentProblems(schema, {}, "picasso").find((p) =>
    p.startsWith("the tool's input schema could not be compiled"),
  );
  if (compiled)
    throw new TeamInputError(
      `"result_schema" is not a valid JSON Schema: ${compiled.replace(/^the tool's input schema could not be compiled /, "")}.`,
    );
  return schema;
}

function memberPlans(value: unknown): MemberPlan[] {
  if (!Array.isArray(value) || value.length === 0)
    throw new TeamInputError('"members" must be a non-empty array of {name, task, agent or brief}.');
  if (value.length > MAX_MEMBERS)
    throw new TeamInputError(`"members": at most ${MAX_MEMBERS} members in a team.`);
  const seen = new Set<string>();
  return value.map((raw, i) => {
    const at = `members[${i}]`;
    if (raw === null || typeof raw !== "object" || Array.isArray(raw))
      throw new TeamInputError(`"${at}" must be an object {name, task, agent or brief}.`);
    const m = raw as Record<string, unknown>;
    const unknown = Object.keys(m).filter((k) => !(k in (MEMBER_SCHEMA.properties as object)));
    if (unknown.length) throw new TeamInputError(`"${at}" has unknown field "${unknown[0]}".`);
    const name = prefixed(at, () => nameField(m, "name"));
    if (RESERVED.has(name))
      throw new TeamInputError(`"${at}.name": "${name}" is reserved (lead, all); pick another.`);
    if (seen.has(name)) throw new TeamInputError(`"${at}.name": two members are named "${name}".`);
    seen.add(name);
    const task = prefixed(at, () => requiredText(m, "task", MAX_TASK_CHARS));
    const agent = prefixed(at, () => optionalText(m, "agent", 64));
    const brief = prefixed(at, () => optionalText(m, "brief", MAX_BRIEF_CHARS));
    if ((agent === undefined) === (brief === undefined))
      throw new TeamInputError(
        `"${at}": give its role as exactly one of "agent" (a defined agent) or "brief" (text).`,
      );
    const maxSteps = prefixed(at, () => optionalCount(m, "max_steps", 1, 200));
    const maxTokens = prefixed(at, () => optionalCount(m, "max_tokens", 1, 100_000_000));
    const maxSeconds = prefixed(at, () => optionalCount(m, "max_seconds", 1, 86_400));
    const cwd = prefixed(at, () => optionalText(m, "cwd", 1024));
    return {
      name,
      task,
      ...(agent !== undefined ? { agent } : {}),
      ...(brief !== undefined ? { brief } : {}),
      request: {
        ...(maxSteps !== undefined ? { maxSteps } : {}),
        ...(maxTokens !== undefined ? { maxTokens } : {}),
        ...(maxSeconds !== undefined ? { maxSeconds } : {}),
        ...(cwd !== undefined ? { cwd } : {}),
      },
    };
  });
}

function boardTasks(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((t) => typeof t !== "string" || t.trim() === ""))
    throw new TeamInputError('"tasks" must be an array of non-empty strings.');
  if (value.length > 50) throw new TeamInputError('"tasks": at most 50 tasks at the start.');
  return value.map((t: string) => {
    const title = t.trim();
    if (title.length > 500)
      throw new TeamInputError('"tasks": a task is longer than 500 characters; shorten it.');
    return title;
  });
}

/** Run a field reader for a member: its message names the field in the member (`"members[1].task" …`). */
function prefixed<T>(at: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof TeamInputError) throw new TeamInputError(error.message.replace(/^"/, `"${at}.`));
    throw error;
  }
}
