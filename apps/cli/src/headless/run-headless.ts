/**
 * `picasso -p "…"`: run one turn (with all its steps) and exit.
 * Approvals: in `default` mode a tool that needs approval is denied unless `--allow TOOL` names
 * it (the model is told how to get it allowed). `ask_user` fails with a note to decide alone.
 * Ctrl-C (SIGINT) and SIGTERM (`timeout`, a CI cancel, a container stop) interrupt the turn
 * cleanly: running tools' process groups are killed, the log gets interrupt / turn_end /
 * session_end, and stderr says how to resume. The handlers stay until the session is closed, so a
 * second signal cannot cut the log short. In text mode each provider retry is one line on stderr
 * (retry-notice.ts).
 * Exit codes: 0 the turn ended; 1 the provider failed (one line on stderr); 130 interrupted
 * (SIGINT); 143 terminated (SIGTERM); 2 a user mistake (bad flag, missing key, unknown session) —
 * printed by main.ts.
 */
import { allowListApprover, type EngineEvent } from "@picasso/engine";
import { UserError } from "@picasso/protocol";
import { resumeCommand } from "../resume-command.js";
import { type SessionFlags, type WiredSession, wireSession } from "../wiring.js";
import { type OutputFormat, outputSink } from "./output.js";
import { retryNotice } from "./retry-notice.js";

export interface HeadlessFlags extends SessionFlags {
  print: string;
  outputFormat?: string;
  allow?: string[];
}

const FORMATS: OutputFormat[] = ["text", "json", "stream-json"];

type StopSignal = "SIGINT" | "SIGTERM";

export async function runHeadless(flags: HeadlessFlags): Promise<number> {
  const format = (flags.outputFormat ?? "text") as OutputFormat;
  if (!FORMATS.includes(format))
    throw new UserError(`--output-format: expected text, json or stream-json, got "${flags.outputFormat}"`);
  if (flags.print.trim() === "")
    throw new UserError('-p: the prompt is empty; pass the task, e.g. -p "fix the tests"');
  const started = Date.now();
  const wired = await wireSession(flags, {
    approver: allowListApprover(flags.allow ?? []),
    surfaceLabel: "headless",
  });
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
    const stopReason = await runTurn(flags, format, wired, controller.signal, started);
    await wired.close(signalled === "SIGTERM" ? "terminated" : stopReason);
    return exitCode(stopReason, signalled, wired.session.id);
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

/** Runs the turn, writes its output; returns the turn's stop reason (`error` if it never ended). */
async function runTurn(
  flags: HeadlessFlags,
  format: OutputFormat,
  wired: WiredSession,
  signal: AbortSignal,
  started: number,
): Promise<string> {
  const { session } = wired;
  const sink = outputSink(format, (text) => process.stdout.write(text));
  let end: Extract<EngineEvent, { type: "turn_end" }> | undefined;
  let error: string | undefined;
  for await (const event of session.runTurn(flags.print, { signal })) {
    sink.event(event);
    if (event.type === "retry" && format === "text")
      process.stderr.write(retryNotice(event, process.stderr.isTTY === true));
    if (event.type === "turn_end" && event.lane === "main") end = event;
    if (event.type === "error" && event.lane === "main" && event.scope !== "plugin") error ??= event.message;
  }
  const stopReason = end?.stopReason ?? "error";
  sink.result({
    type: "result",
    result: end?.text ?? "",
    sessionId: session.id,
    stopReason,
    isError: stopReason === "error" || stopReason === "interrupted",
    usage: end?.usage ?? {},
    turns: session.turnNumber,
    steps: end?.steps ?? 0,
    durationMs: Date.now() - started,
    logPath: session.logPath,
    ...(error ? { error } : {}),
  });
  if (stopReason === "error" && !signal.aborted)
    process.stderr.write(`picasso: ${error ?? "the turn failed"}\n`);
  return stopReason;
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
