/**
 * `picasso -p "…"`: run one turn (with all its steps) and exit. The prompt is the argument plus
 * piped stdin, or all of stdin with `-p -` (headless-prompt.ts).
 * Approvals: in `default` mode a tool that needs approval is denied unless `--allow TOOL` names
 * it (the model is told how to get it allowed). `ask_user` fails with a note to decide alone.
 * Ctrl-C (SIGINT) interrupts the turn cleanly; the log stays resumable. When no provider was
 * chosen and no key is set, the mock runs the turn and one line on stderr says how to set a real one;
 * problems with the instruction files (left out, cut at the cap) are one stderr line each.
 * Exit codes: 0 the turn ended; 1 the provider failed (one line on stderr); 130 interrupted;
 * 2 a user mistake (bad flag, missing key, unknown session) — printed by main.ts.
 */
import { allowListApprover } from "@picasso/engine";
import { type SessionEventOf, UserError } from "@picasso/protocol";
import { NO_KEY_NOTE } from "@picasso/providers";
import { type SessionFlags, wireSession } from "../wiring.js";
import { headlessPrompt, processStdin, type StdinSource } from "./headless-prompt.js";
import { type OutputFormat, outputSink } from "./output.js";

export interface HeadlessFlags extends SessionFlags {
  print: string;
  outputFormat?: string;
  allow?: string[];
}

const FORMATS: OutputFormat[] = ["text", "json", "stream-json"];

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
  const started = Date.now();
  const sink = outputSink(format, (text) => process.stdout.write(text));
  let end: SessionEventOf<"turn_end"> | undefined;
  let error: string | undefined;
  const wired = await wireSession(flags, {
    approver: allowListApprover(flags.allow ?? []),
    surfaceLabel: "headless",
    onEvent: (event) => {
      sink.event(event);
      if (event.type === "turn_end" && event.lane === "main") end = event;
      if (event.type === "error" && event.lane === "main" && event.scope !== "plugin")
        error ??= event.message;
    },
  });
  const { session } = wired;
  if (wired.selection.source === "no-key") process.stderr.write(`picasso: ${NO_KEY_NOTE}\n`);
  for (const warning of wired.warnings) process.stderr.write(`picasso: warning: ${warning}\n`);
  for (const note of session.resumeNotes) process.stderr.write(`picasso: ${note}\n`);
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.on("SIGINT", onSigint);
  try {
    // The events reach the sink through `onEvent`; the turn's own stream only ends it.
    for await (const _ of session.runTurn(prompt, { signal: controller.signal })) {
    }
  } finally {
    process.off("SIGINT", onSigint);
  }
  const stopReason = end?.stopReason ?? "error";
  const isError = stopReason === "error" || stopReason === "interrupted";
  // Closing records `session_end`, so the stream ends with it before the result object.
  await wired.close(stopReason);
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
  if (stopReason === "interrupted") {
    process.stderr.write("picasso: interrupted; resume with --continue\n");
    return 130;
  }
  if (stopReason === "error") {
    process.stderr.write(`picasso: ${error ?? "the turn failed"}\n`);
    return 1;
  }
  return 0;
}
