/**
 * `runTui`: render the App full-width on the terminal at once — before the first session opens, so
 * the first frame waits for nothing but the screen code — then open the session, and resolve with
 * the exit code when the user leaves (Ctrl+C twice, Ctrl+D on an empty prompt, /exit) or `stop`
 * aborts (the CLI's SIGTERM) — also while the session is still opening — then close the session — a running turn is interrupted and its end
 * logged — and print how to resume it. Ink's own Ctrl+C exit is off: the App decides what Ctrl+C
 * means. Keys typed before the first frame (type-ahead) are kept: see type-ahead.ts; pastes are
 * marked by the terminal (bracketed paste, paste-mode.ts) so every typed Enter submits. A session
 * that cannot open (an unknown id to resume, no session to continue, a mistake in a config file)
 * takes the screen down — its frame erased first, since Ink leaves its last frame on screen when
 * unmounted — and the error goes to the caller, which prints it as one line where the frame was.
 * The start-up trace's `ink-frame` and `ready` stages are marked here (@picasso/protocol).
 * Ink writes through `panelScreen` (panel-screen.ts): while a full-screen panel is open, a key
 * costs one screen of output, however long the transcript.
 */
import { markStartup, writeStartupTrace } from "@picasso/protocol/startup-trace";
import { render } from "ink";
import { createElement } from "react";
import { BracketedPasteContext, enableBracketedPaste } from "../keys/paste-mode.js";
import { loadMarkdownReader } from "../markdown/markdown-reader.js";
import { App } from "./App.js";
import { panelScreen } from "./panel-screen.js";
import { SessionController } from "./session-controller.js";
import type { SessionChoice, SessionHost } from "./session-host.js";
import { panelOpen } from "./tui-state.js";
import { keepTypeAhead } from "./type-ahead.js";

export interface RunTuiOptions {
  host: SessionHost;
  start?: SessionChoice;
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
  /** Leave as if the user had: aborted on SIGTERM. The session is closed with reason "terminated". */
  stop?: AbortSignal;
}

/** How long after ready the first prompt's needs are worked out, unless a prompt comes first. */
const PREPARE_DELAY_MS = 150;

export async function runTui(options: RunTuiOptions): Promise<number> {
  const controller = new SessionController(options.host);
  keepTypeAhead(options.stdin ?? process.stdin);
  const stdout = options.stdout ?? process.stdout;
  const app = createElement(App, { controller, workspaceRoot: options.host.workspaceRoot });
  // While /context fills the screen, a key redraws the panel, not the whole transcript too.
  const screen = panelScreen(stdout, () => panelOpen(controller.store.state));
  const instance = render(
    createElement(BracketedPasteContext.Provider, { value: stdout.isTTY === true }, app),
    {
      exitOnCtrlC: false,
      patchConsole: false,
      ...(options.stdin ? { stdin: options.stdin } : {}),
      stdout: screen,
    },
  );
  // After Ink's first frame: the plain frame (apps/cli first-frame.ts) gives way to Ink's first write.
  markStartup("ink-frame");
  const pasteOff = enableBracketedPaste(stdout);
  // Listening before the session opens: `stop` is honoured while it opens (a long replay, the
  // project-configuration question), not only once it is open.
  const stop = () => controller.exit();
  options.stop?.addEventListener("abort", stop, { once: true });
  if (options.stop?.aborted) stop();
  try {
    await controller.start(options.start ?? {});
    // The opening line and status are set; once React has drawn them the session is ready.
    setImmediate(() => {
      markStartup("ready");
      writeStartupTrace();
      // Then its set-up warnings, some of which take work to know (memory.db is opened to tell).
      controller.showWarnings();
      // Then, while the user reads the screen, what the first prompt needs (its session facts, the
      // provider's SDK, the Markdown reader) — a moment later, once the background work the opening started (the
      // sandbox probe, which the facts describe) has answered rather than being redone in line.
      setTimeout(() => {
        controller.prepareFirstPrompt();
        void loadMarkdownReader();
      }, PREPARE_DELAY_MS).unref();
    });
  } catch (error) {
    options.stop?.removeEventListener("abort", stop);
    // clear() erases the frame and makes unmount's final render a no-op, so nothing is redrawn.
    instance.clear();
    instance.unmount();
    pasteOff();
    throw error;
  }
  try {
    await instance.waitUntilExit();
  } finally {
    options.stop?.removeEventListener("abort", stop);
    pasteOff();
    controller.exit();
    const id = controller.store.state.status.sessionId;
    await controller.close(options.stop?.aborted ? "terminated" : "exit");
    const command = options.host.resumeCommand?.(id) ?? `picasso --resume ${id}`;
    (options.stdout ?? process.stdout).write(`Session ${id} saved — resume it with: ${command}\n`);
  }
  return 0;
}
