/**
 * `picasso -p "…"`: run one turn (with all its steps) and exit. The prompt is the argument plus
 * piped stdin, or all of stdin with `-p -` (headless-prompt.ts).
 * Approvals: in `default` mode a tool that needs approval is denied unless `--allow TOOL` names
 * it (the model is told how to get it allowed). `ask_user` fails with a note to decide alone. An
 * MCP server's request for input (elicitation) is declined, one stderr line each, unless
 * `--elicit` says otherwise (elicit-flag.ts).
 * Ctrl-C (SIGINT) and SIGTERM (`timeout`, a CI cancel, a container stop) interrupt the turn
 * cleanly: running tools' process groups are killed, the log gets interrupt / turn_end /
 * session_end, and stderr says how to resume. The handlers stay until the session is closed, so a
 * second signal cannot cut the log short. When no provider was chosen and no key is set, the mock
 * runs the turn and one line on stderr says how to set a real one; problems with the instruction
 * files (left out, cut at the cap) are one stderr line each; in text mode each provider retry is
 * one line on stderr (retry-notice.ts). `--image <path>` (repeatable) attaches images to the
 * prompt; each image attached or left out (and why) is one stderr line (docs/images.md).
 * Watched work: while a monitor or a scheduled prompt is armed (packages/watch), it waits after
 * the prompt's turn and runs a turn for each notice that wakes the session (wake-turns.ts), one
 * stderr line saying what it waits for; Ctrl-C or SIGTERM stops the waiting.
 * Output: every session event reaches the sink (`stream-json`) from `session_start` to
 * `session_end`, then the result object.
 * Exit codes: 0 the turn ended; 1 the provider failed (one line on stderr); 130 interrupted
 * (SIGINT); 143 terminated (SIGTERM); 2 a user mistake (bad flag, missing key, unknown session) —
 * printed by main.ts.
 */
import { allowListApprover } from "@picasso/engine";
import { hookRunLine, hookRunShown } from "@picasso/engine/context";
import { type SessionEvent, type SessionEventOf, UserError } from "@picasso/protocol";
import { NO_KEY_NOTE } from "@picasso/providers";
import { GoalRounds, parseMaxRounds, promptCommand } from "@picasso/surface";
import { resumeCommand } from "../resume-command.js";
import { type SessionFlags, type WiredSession, wireSession } from "../wiring.js";
import { elicitationPolicy } from "./elicit-flag.js";
import { headlessPrompt, processStdin, type StdinSource } from "./headless-prompt.js";
import { type OutputFormat, type OutputSink, outputSink } from "./output.js";
import { retryNotice } from "./retry-notice.js";
import { runWakeTurns } from "./wake-turns.js";

export interface HeadlessFlags extends SessionFlags {
  print: string;
  outputFormat?: string;
  allow?: string[];
  /** Run goal rounds (goal-rounds.ts) until the goal is done, blocked or out of rounds. */
  goal?: boolean;
  maxRounds?: string;
  /** `--image <path>`, repeatable: images attached to the (first) prompt (docs/images.md). */
  image?: string[];
  /** `--elicit decline|cancel|<json>|<file>`: how MCP servers' requests for input are answered. */
  elicit?: string;
}

const FORMATS: OutputFormat[] = ["text", "json", "stream-json"];

type StopSignal = "SIGINT" | "SIGTERM";

/** What the turn's events said, gathered as they stream. */
interface TurnWatch {
  end: SessionEventOf<"turn_end"> | undefined;
  error: string | undefined;
}

export async function runHeadless(
  flags: HeadlessFlags,
  stdin: StdinSource = processStdin(),
): Promise<number> {
  const format = (flags.outputFormat ?? "text") as OutputFormat;
  if (!FORMATS.includes(format))
    throw new UserError(`--output-format: expected text, json or stream-json, got "${flags.outputFormat}"`);
  const prompt = await headlessPrompt(flags.print, stdin, (line) =>
    process.stderr.write(`picasso: ${line}\n`),
  );
  const maxRounds = parseMaxRounds(flags.maxRounds);
  const mcpElicitation = elicitationPolicy(flags.elicit, process.cwd(), (line) =>
    process.stderr.write(`picasso: ${line}\n`),
  );
  const started = Date.now();
  const sink = outputSink(format, (text) => process.stdout.write(text));
  const watch: TurnWatch = { end: undefined, error: undefined };
  const wired = await wireSession(flags, {
    approver: allowListApprover(flags.allow ?? []),
    surfaceLabel: "headless",
    onEvent: (event) => onEvent(event, sink, watch, format),
    mcpElicitation,
  });
  if (wired.selection.source === "no-key") process.stderr.write(`picasso: ${NO_KEY_NOTE}\n`);
  for (const warning of wired.warnings()) process.stderr.write(`picasso: warning: ${warning}\n`);
  for (const note of wired.session.resumeNotes) process.stderr.write(`picasso: ${note}\n`);
  const controller = new AbortController();
  let signalled: StopSignal | undefined;
  const onSignal = (signal: StopSignal) => {
    signalled ??= signal;
    controller.abort();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    const rounds = flags.goal
      ? new GoalRounds(wired.toolRuntime.goal, wired.toolRuntime.todos, maxRounds)
      : undefined;
    const command = await promptCommand(prompt, wired.session.operations, controller.signal, (line) =>
      process.stderr.write(`picasso: ${line}\n`),
    );
    if (command.kind === "answered") {
      await wired.close();
      (command.warn ? process.stderr : process.stdout).write(`${command.text.trimEnd()}\n`);
      return command.warn ? 2 : 0;
    }
    const limit = command.limit ? { limit: command.limit } : {};
    let input = rounds ? rounds.begin(command.input) : command.input;
    let images = (flags.image ?? []).map((path) => ({ path }));
    while (true) {
      // The events reach the sink through `onEvent`.
      await wired.session.runTurn(input, { signal: controller.signal, ...limit, images });
      images = [];
      const next = rounds?.after(watch.end?.stopReason, controller.signal.aborted);
      if (!next || "outcome" in next) break;
      input = next.input;
    }
    // A monitor or a scheduled prompt may still wake the session: wait, and run a turn for each
    // notice (wake-turns.ts); the result is the last turn's.
    if (watch.end?.stopReason !== "error" && !controller.signal.aborted)
      await runWakeTurns(wired.session, { signal: controller.signal }, (line) =>
        process.stderr.write(`picasso: ${line}\n`),
      );
    const stopReason = watch.end?.stopReason ?? "error";
    // Closing records `session_end`, so the stream ends with it before the result object.
    await wired.close(signalled === "SIGTERM" ? "terminated" : stopReason);
    writeResult(sink, wired, watch, started, flags.goal === true);
    if (stopReason === "error" && !controller.signal.aborted)
      process.stderr.write(`picasso: ${watch.error ?? "the turn failed"}\n`);
    const code = exitCode(stopReason, signalled, wired.session.id);
    const goal = wired.toolRuntime.goal.goal;
    if (code === 0 && flags.goal && goal?.status !== "done") {
      process.stderr.write(
        `picasso: goal not reached (${goal?.status === "blocked" ? `blocked: ${goal.blocker?.reason}` : `${goal?.rounds ?? 0} rounds, --max-rounds ${maxRounds}`})\n`,
      );
      return 3;
    }
    return code;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

function onEvent(event: SessionEvent, sink: OutputSink, watch: TurnWatch, format: OutputFormat): void {
  sink.event(event);
  // The log could not be written (disk full, folder gone): one line, in every output format.
  if (event.type === "error" && event.kind === "log_write_failed")
    process.stderr.write(`picasso: ${event.message}\n`);
  if (event.type === "retry" && format === "text")
    process.stderr.write(retryNotice(event, process.stderr.isTTY === true));
  // A hook that failed or refused something: one line, the session goes on (docs/hooks.md).
  if (event.type === "hook_run" && hookRunShown(event))
    process.stderr.write(`picasso: ${hookRunLine(event)}\n`);
  // An image attached, or left out and why (docs/images.md): one line, the session goes on.
  if (event.type === "image_note") process.stderr.write(`picasso: ${event.message}\n`);
  if (event.type === "turn_end" && event.lane === "main") watch.end = event;
  if (event.type === "error" && event.lane === "main" && event.scope !== "plugin")
    watch.error ??= event.message;
}

function writeResult(
  sink: OutputSink,
  wired: WiredSession,
  watch: TurnWatch,
  started: number,
  goalMode: boolean,
): void {
  const { session } = wired;
  const goal = goalMode ? wired.toolRuntime.goal.goal : undefined;
  const stopReason = watch.end?.stopReason ?? "error";
  sink.result({
    type: "result",
    result: watch.end?.text ?? "",
    sessionId: session.id,
    stopReason,
    isError: stopReason === "error" || stopReason === "interrupted",
    usage: watch.end?.usage ?? {},
    turns: session.turnNumber,
    steps: watch.end?.steps ?? 0,
    durationMs: Date.now() - started,
    logPath: session.logPath,
    ...(watch.error ? { error: watch.error } : {}),
    ...(goal
      ? {
          goal: {
            status: goal.status,
            rounds: goal.rounds,
            ...(goal.evidence ? { evidence: goal.evidence } : {}),
            ...(goal.blocker ? { blocker: goal.blocker } : {}),
          },
        }
      : {}),
  });
}

function exitCode(stopReason: string, signalled: StopSignal | undefined, sessionId: string): number {
  const resume = resumeCommand(sessionId);
  if (signalled === "SIGTERM") {
    process.stderr.write(`picasso: terminated (SIGTERM); resume with: ${resume}\n`);
    return 143;
  }
  if (signalled === "SIGINT" || stopReason === "interrupted") {
    process.stderr.write(`picasso: interrupted; resume with: ${resume}\n`);
    return 130;
  }
  return stopReason === "error" ? 1 : 0;
}
