/**
 * The `watch` family's tools, all deferred (found by `tool_search`, run through `tool_call`), so
 * Tier 1 never changes:
 * - `monitor` — follow a workspace file, a background `bash` job or a terminal for a pattern and
 *   wake the session when a line matches; `monitor_list`, `monitor_stop`;
 * - `schedule` — a follow-up prompt that wakes the session when due; `schedule_list`,
 *   `schedule_cancel`.
 * A monitor reads only: a file inside the workspace (never outside, even where the user allowed a
 * path for the file tools), or the output of a process `bash`/`terminal_start` started with the
 * user's permission — it runs no command of its own.
 */
import type { ToolContext, ToolDefinition, ToolOutput } from "@picasso/protocol";
import {
  defineTool,
  optionalBoolean,
  optionalInteger,
  optionalString,
  requiredString,
  resolveWorkspacePath,
  ToolInputError,
  type ToolRuntime,
  tapProcessOutput,
} from "@picasso/tools";
import { FileFollower } from "./file-follower.js";
import { compileMonitorPattern } from "./monitor-pattern.js";
import { fileSource, type MonitorSource, processSource } from "./monitor-source.js";
import type { MonitorBoard, MonitorInfo } from "./monitors.js";
import { dueTime, MAX_DELAY_SECONDS } from "./schedule-time.js";
import { MAX_PROMPT_CHARS, type ScheduleBoard } from "./schedules.js";

export const MAX_MONITOR_SECONDS = 3600;
const MAX_NAME_CHARS = 60;

export interface WatchToolsPlace {
  monitors: MonitorBoard;
  schedules: ScheduleBoard;
  /** The tools' runtime, whose jobs and terminals a monitor may follow (absent: files only). */
  processes?: Pick<ToolRuntime, "jobs" | "terminals">;
  now: () => number;
}

export function watchTools(place: WatchToolsPlace): ToolDefinition[] {
  return [
    monitorTool(place),
    monitorListTool(place),
    monitorStopTool(place),
    scheduleTool(place),
    scheduleListTool(place),
    scheduleCancelTool(place),
  ];
}

function monitorTool(place: WatchToolsPlace): ToolDefinition {
  return defineTool({
    name: "monitor",
    family: "watch",
    effect: "read",
    what: "Wake the session when a workspace file, a background bash job or a terminal prints a line matching a regular expression.",
    when: "To be told when a dev server or test run logs a line (compiled, listening, an error): arm one and end your turn, no polling.",
    description:
      "Watch one source for a regular expression and wake the session with a notice when a line matches. " +
      'Source: exactly one of "file" (a file inside the workspace; appended lines are followed, truncation and rotation survived) ' +
      'or "process" (a background bash job id like job-1, or a terminal id like term-1). ' +
      '"once" (default true) stops after the first match; false wakes on every match (rate-limited). ' +
      `"timeout_seconds" (default and max ${MAX_MONITOR_SECONDS}) ends it; when it ends without a match you are told. ` +
      '"from_start": also search what was already there (default: false for a file, true for a process). ' +
      "Returns at once with the monitor's id; end your turn and the notice will wake you.",
    properties: {
      pattern: {
        type: "string",
        description: "JavaScript regular expression tested against each line (max 200 chars).",
      },
      file: {
        type: "string",
        description: "A workspace file to follow (relative to the working directory).",
      },
      process: {
        type: "string",
        description: "A background bash job (job-N) or terminal (term-N) to follow.",
      },
      once: { type: "boolean", description: "Stop after the first match (default true)." },
      ignore_case: { type: "boolean" },
      from_start: { type: "boolean", description: "Also search the output already there." },
      timeout_seconds: { type: "integer", minimum: 1, maximum: MAX_MONITOR_SECONDS },
      name: { type: "string", description: "A short name shown in notices and lists." },
    },
    required: ["pattern"],
    async run(input, ctx) {
      const pattern = compileMonitorPattern(
        requiredString(input, "pattern"),
        optionalBoolean(input, "ignore_case"),
      );
      const file = optionalString(input, "file");
      const process = optionalString(input, "process");
      if ((file === undefined) === (process === undefined))
        throw new ToolInputError(
          'give exactly one source: "file" (a workspace file) or "process" (job-N or term-N).',
        );
      const fromStart = optionalBoolean(input, "from_start");
      const source =
        file !== undefined
          ? await fileMonitorSource(file, fromStart ?? false, ctx)
          : processMonitorSource(place, process ?? "", fromStart ?? true);
      const timeoutSeconds =
        optionalInteger(input, "timeout_seconds", 1, MAX_MONITOR_SECONDS) ?? MAX_MONITOR_SECONDS;
      const once = optionalBoolean(input, "once") ?? true;
      const name = optionalName(input);
      const info = place.monitors.start({
        source,
        pattern,
        once,
        timeoutMs: timeoutSeconds * 1000,
        ...(name ? { name } : {}),
      });
      return {
        content:
          `Monitor ${info.id} armed on ${info.watching} for ${info.pattern} (${once ? "wakes you once" : "wakes you on every match, rate-limited"}; ends in ${timeoutSeconds} s). ` +
          "A notice will wake the session when it matches: end your turn now rather than polling.",
      };
    },
  });
}

async function fileMonitorSource(file: string, fromStart: boolean, ctx: ToolContext): Promise<MonitorSource> {
  // Inside the workspace only: a path the user allowed for the file tools does not count here.
  const scope = { cwd: ctx.cwd, workspaceRoot: ctx.workspaceRoot, isOutsideAllowed: () => false };
  const resolved = resolveWorkspacePath(scope, file);
  if (!resolved.ok) throw new ToolInputError(`"file": ${resolved.error}`);
  const root = resolveWorkspacePath(scope, ctx.workspaceRoot);
  const rootReal = root.ok ? root.abs : ctx.workspaceRoot;
  const follower = new FileFollower(
    resolved.abs,
    (real) => real === rootReal || real.startsWith(`${rootReal}/`),
  );
  const first = await follower.read(0);
  if (first.refused)
    throw new ToolInputError(`"file": ${first.refused}; follow a regular file inside the workspace.`);
  await follower.begin(fromStart);
  return fileSource(follower, resolved.shown);
}

function processMonitorSource(place: WatchToolsPlace, id: string, fromStart: boolean): MonitorSource {
  const tap = place.processes ? tapProcessOutput(place.processes, id) : undefined;
  if (!tap)
    throw new ToolInputError(
      `"process": no background job or terminal "${id.slice(0, 40)}" in this session; start one with bash (run_in_background) or terminal_start, then give its id.`,
    );
  return processSource(tap, fromStart);
}

function monitorListTool(place: WatchToolsPlace): ToolDefinition {
  return defineTool({
    name: "monitor_list",
    family: "watch",
    effect: "read",
    what: "List the session's running monitors.",
    when: "Before arming another monitor, or to find the id to stop.",
    description:
      "List the running monitors: id, name, what each follows, its regular expression, hits so far and when it ends.",
    properties: {},
    required: [],
    async run() {
      const monitors = place.monitors.list();
      if (monitors.length === 0) return { content: "No monitor is running." };
      return { content: monitors.map((m) => monitorLine(m, place.now())).join("\n") };
    },
  });
}

function monitorStopTool(place: WatchToolsPlace): ToolDefinition {
  return defineTool({
    name: "monitor_stop",
    family: "watch",
    effect: "read",
    what: "Stop watching: end a running monitor of a log file, a background job or a terminal.",
    when: "The watched build or server is done with, or you found what you waited for.",
    description: "Stop the monitor with this id (see monitor_list). Its process or file is left as it is.",
    properties: { id: { type: "string", description: "The monitor's id (mon-N)." } },
    required: ["id"],
    async run(input) {
      const id = requiredString(input, "id");
      if (!place.monitors.stop(id))
        return failure(`No running monitor "${id.slice(0, 40)}"; monitor_list shows the running ones.`);
      return { content: `Monitor ${id} stopped.` };
    },
  });
}

function scheduleTool(place: WatchToolsPlace): ToolDefinition {
  return defineTool({
    name: "schedule",
    family: "watch",
    effect: "read",
    what: "Wake the session later with a follow-up prompt: after some seconds or minutes (in_seconds) or at a time of day, within 24 hours.",
    when: "Remind yourself to look at something later (a canary to check, a job to revisit) while the session stays open.",
    description:
      'Schedule a prompt that wakes the session when due: "in_seconds" (1 to 86400) or "at" (an ISO date-time, or a time of day like 18:30 — local, the next one), at most 24 hours ahead. ' +
      "It fires only while this session runs. Returns the schedule's id.",
    properties: {
      prompt: { type: "string", description: "What to do when it is due (max 4000 chars)." },
      in_seconds: { type: "integer", minimum: 1, maximum: MAX_DELAY_SECONDS },
      at: { type: "string", description: "ISO date-time or HH:MM[:SS] local time." },
      name: { type: "string" },
    },
    required: ["prompt"],
    async run(input) {
      const prompt = requiredString(input, "prompt").trim();
      if (prompt.length === 0) throw new ToolInputError('"prompt" must not be empty.');
      if (prompt.length > MAX_PROMPT_CHARS)
        throw new ToolInputError(`"prompt" is ${prompt.length} characters; at most ${MAX_PROMPT_CHARS}.`);
      const now = place.now();
      const due = dueTime(
        optionalInteger(input, "in_seconds", 1, MAX_DELAY_SECONDS),
        optionalString(input, "at"),
        now,
      );
      const name = optionalName(input);
      const info = place.schedules.add(prompt, due, name);
      return {
        content: `Scheduled ${info.id}, due ${new Date(due).toISOString()} (in ${Math.round((due - now) / 1000)} s). It will wake the session with your prompt; it fires only while this session runs.`,
      };
    },
  });
}

function scheduleListTool(place: WatchToolsPlace): ToolDefinition {
  return defineTool({
    name: "schedule_list",
    family: "watch",
    effect: "read",
    what: "List the follow-ups scheduled for later: the session's pending prompts.",
    when: "To see what is due and when, or find the id to cancel.",
    description: "List the pending scheduled prompts: id, name, when each is due and its prompt.",
    properties: {},
    required: [],
    async run() {
      const pending = place.schedules.list();
      if (pending.length === 0) return { content: "No prompt is scheduled." };
      const now = place.now();
      return {
        content: pending
          .map(
            (s) =>
              `${s.id}${s.name ? ` "${s.name}"` : ""} due ${new Date(s.dueAt).toISOString()} (in ${Math.max(0, Math.round((s.dueAt - now) / 1000))} s): ${s.prompt.replace(/\s+/g, " ").slice(0, 120)}`,
          )
          .join("\n"),
      };
    },
  });
}

function scheduleCancelTool(place: WatchToolsPlace): ToolDefinition {
  return defineTool({
    name: "schedule_cancel",
    family: "watch",
    effect: "read",
    what: "Cancel a pending scheduled prompt.",
    when: "A follow-up is no longer needed.",
    description: "Cancel the scheduled prompt with this id (see schedule_list).",
    properties: { id: { type: "string", description: "The schedule's id (sch-N)." } },
    required: ["id"],
    async run(input) {
      const id = requiredString(input, "id");
      if (!place.schedules.cancel(id))
        return failure(`No pending schedule "${id.slice(0, 40)}"; schedule_list shows the pending ones.`);
      return { content: `Schedule ${id} cancelled.` };
    },
  });
}

export function monitorLine(m: MonitorInfo, now: number): string {
  const left = Math.max(0, Math.round((m.endsAt - now) / 1000));
  return `${m.id}${m.name ? ` "${m.name}"` : ""} on ${m.watching} for ${m.pattern}${m.once ? "" : " (every match)"}: ${m.matches} matches, ends in ${left} s`;
}

function optionalName(input: Record<string, unknown>): string | undefined {
  const name = optionalString(input, "name")?.replace(/\s+/g, " ").trim();
  if (name && name.length > MAX_NAME_CHARS)
    throw new ToolInputError(`"name" is longer than ${MAX_NAME_CHARS} characters.`);
  return name || undefined;
}

function failure(content: string): ToolOutput {
  return { content, isError: true };
}
