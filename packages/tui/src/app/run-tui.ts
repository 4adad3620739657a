/**
 * `runTui`: open the first session, render the App full-width on the terminal and resolve with
 * the exit code when the user leaves (Ctrl+C twice, Ctrl+D on an empty prompt, /exit) or `stop`
 * aborts (the CLI's SIGTERM), then close the session — a running turn is interrupted and its end
 * logged — and print how to resume it. Ink's own Ctrl+C exit is off: the App decides what Ctrl+C
 * means.
 */
import { render } from "ink";
import { createElement } from "react";
import { App } from "./App.js";
import { SessionController } from "./session-controller.js";
import type { SessionChoice, SessionHost } from "./session-host.js";

export interface RunTuiOptions {
  host: SessionHost;
  start?: SessionChoice;
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
  /** Leave as if the user had: aborted on SIGTERM. The session is closed with reason "terminated". */
  stop?: AbortSignal;
}

export async function runTui(options: RunTuiOptions): Promise<number> {
  const controller = new SessionController(options.host);
  await controller.start(options.start ?? {});
  const instance = render(createElement(App, { controller, workspaceRoot: options.host.workspaceRoot }), {
    exitOnCtrlC: false,
    patchConsole: false,
    ...(options.stdin ? { stdin: options.stdin } : {}),
    ...(options.stdout ? { stdout: options.stdout } : {}),
  });
  const stop = () => controller.exit();
  options.stop?.addEventListener("abort", stop, { once: true });
  if (options.stop?.aborted) stop();
  try {
    await instance.waitUntilExit();
  } finally {
    options.stop?.removeEventListener("abort", stop);
    controller.exit();
    const id = controller.store.state.status.sessionId;
    await controller.close(options.stop?.aborted ? "terminated" : "exit");
    const command = options.host.resumeCommand?.(id) ?? `picasso --resume ${id}`;
    (options.stdout ?? process.stdout).write(`Session ${id} saved — resume it with: ${command}\n`);
  }
  return 0;
}
