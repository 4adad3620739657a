/**
 * `picasso -p "…"`: run one turn (with all its steps) and exit.
 * Approvals: in `default` mode a tool that needs approval is denied unless `--allow TOOL` names
 * it (the model is told how to get it allowed). `ask_user` fails with a note to decide alone.
 * Ctrl-C (SIGINT) interrupts the turn cleanly; the log stays resumable. In text mode each provider
 * retry is one line on stderr (retry-notice.ts).
 * Exit codes: 0 the turn ended; 1 the provider failed (one line on stderr); 130 interrupted;
 * 2 a user mistake (bad flag, missing key, unknown session) — printed by main.ts.
 */
import { allowListApprover, type EngineEvent } from "@picasso/engine";
import { UserError } from "@picasso/protocol";
import { resumeCommand } from "../resume-command.js";
import { type SessionFlags, wireSession } from "../wiring.js";
import { type OutputFormat, outputSink } from "./output.js";
import { retryNotice } from "./retry-notice.js";

export interface HeadlessFlags extends SessionFlags {
  print: string;
  outputFormat?: string;
  allow?: string[];
}

const FORMATS: OutputFormat[] = ["text", "json", "stream-json"];

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
  const { session } = wired;
  const sink = outputSink(format, (text) => process.stdout.write(text));
  for (const note of session.resumeNotes) process.stderr.write(`picasso: ${note}\n`);
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.on("SIGINT", onSigint);
  let end: Extract<EngineEvent, { type: "turn_end" }> | undefined;
  let error: string | undefined;
  try {
    for await (const event of session.runTurn(flags.print, { signal: controller.signal })) {
      sink.event(event);
      if (event.type === "retry" && format === "text")
        process.stderr.write(retryNotice(event, process.stderr.isTTY === true));
      if (event.type === "turn_end" && event.lane === "main") end = event;
      if (event.type === "error" && event.lane === "main" && event.scope !== "plugin")
        error ??= event.message;
    }
  } finally {
    process.off("SIGINT", onSigint);
  }
  const stopReason = end?.stopReason ?? "error";
  const isError = stopReason === "error" || stopReason === "interrupted";
  sink.result({
    type: "result",
    result: end?.text ?? "",
    sessionId: session.id,
    stopReason,
    isError,
    usage: end?.usage ?? {},
    turns: session.turnNumber,
    steps: end?.steps ?? 0,
    durationMs: Date.now() - started,
    logPath: session.logPath,
    ...(error ? { error } : {}),
  });
  await wired.close(stopReason);
  if (stopReason === "interrupted") {
    process.stderr.write(`picasso: interrupted; resume with: ${resumeCommand(session.id)}\n`);
    return 130;
  }
  if (stopReason === "error") {
    process.stderr.write(`picasso: ${error ?? "the turn failed"}\n`);
    return 1;
  }
  return 0;
}
