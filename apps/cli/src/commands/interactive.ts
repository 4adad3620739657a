/**
 * `picasso` with no `-p`: the interactive TUI (`@picasso/tui`) on a session wired like headless
 * mode (wiring.ts), with the TUI's approver and the same provider rule (`resolveProviderSelection`):
 * when nothing chooses a provider and ANTHROPIC_API_KEY is unset, the session runs on the built-in
 * mock and the TUI says so. Without a terminal on stdin/stdout it prints the
 * short help instead (the TUI needs a TTY). `/context timeline` folds the live session's log
 * with `@picasso/timeline`; `/memory` answers from `memory-text.ts`; `/goal` runs goal
 * rounds (goal-driver.ts). SIGTERM, SIGHUP and SIGINT end the TUI cleanly (exit 143, 129, 130),
 * also while the session is still opening. Project files that
 * run programs or loosen the sandbox and are not approved yet are asked about in the question
 * dialog before the session opens (approve and use them, or start without them).
 */
import { constants as osConstants } from "node:os";
import type { Session } from "@picasso/engine";
import { defaultPicassoHome, listSessions } from "@picasso/engine/sessions";
import type { TimelineChart } from "@picasso/protocol";
import { runTui, type SessionHost } from "@picasso/tui";
import { findWorkspaceRoot } from "@picasso/workspace";
import { defaultAction } from "../default-action.js";
import { resumeCommand } from "../resume-command.js";
import { resumeTarget, type SessionFlags } from "../wiring-flags.js";

const APPROVE_PROJECT_CONFIG = "Approve and use it";

export async function startInteractive(
  flags: SessionFlags,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) return defaultAction();
  const picassoHome = defaultPicassoHome(env);
  const workspaceRoot = findWorkspaceRoot(process.cwd());
  // "Start without it" holds for this run: reopening (a resume, /model) does not ask again.
  let declinedProjectConfig = false;
  const host: SessionHost = {
    workspaceRoot,
    async open(request) {
      // The composition, tools and SDK load after the first frame is on screen.
      const [{ wireSession }, { goalDriver }] = await Promise.all([
        import("../wiring.js"),
        import("../goal-driver.js"),
      ]);
      const wired = await wireSession(
        {
          ...flags,
          ...(request.model ? { model: request.model } : {}),
          continue: request.resume === "newest",
          ...(request.resume && request.resume !== "newest"
            ? { resume: request.resume.id }
            : { resume: undefined }),
        },
        {
          approver: request.approver,
          askUser: request.askUser,
          surfaceLabel: "tui",
          env,
          async confirmProjectConfig(pending) {
            if (declinedProjectConfig) return false;
            const { approvalQuestion } = await import("@picasso/surface");
            const answer = await request.askUser({
              question: approvalQuestion(pending),
              choices: [APPROVE_PROJECT_CONFIG, "Start without it"],
            });
            declinedProjectConfig = answer !== APPROVE_PROJECT_CONFIG;
            return !declinedProjectConfig;
          },
        },
      );
      return {
        session: wired.session,
        provider: wired.provider,
        mockFallback: wired.selection.source === "no-key",
        warnings: wired.warnings,
        close: (reason) => wired.close(reason),
        goalRounds: (maxRounds) => goalDriver(wired.toolRuntime, maxRounds),
        goalStatus: () => wired.toolRuntime.goal.describe(),
      };
    },
    listSessions: () => listSessions(picassoHome, workspaceRoot),
    timeline: timelineChart,
    memory: async (args) => (await import("../memory-text.js")).memoryText(args, { env }),
    resumeCommand: (id) => resumeCommand(id),
    async sandboxReport() {
      const { sandboxCheckOutput } = await import("./sandbox.js");
      return (await sandboxCheckOutput(flags.sandbox ? { sandbox: flags.sandbox } : {}, { env })).text;
    },
  };
  const resume = resumeTarget(flags);
  // SIGTERM (a container stop, `kill`), SIGHUP (the terminal went away) and SIGINT (`kill -INT`;
  // Ctrl+C in the TUI is a key, not this signal) leave like the user would: the running turn is
  // interrupted, its tools' processes killed, the log ended, the lock released and the resume hint
  // printed; the exit code is 128 + the signal's number. Listening from before the session opens
  // means a signal during the opening (a resume's replay, a pending question) is honoured too.
  const terminated = new AbortController();
  let signalled: (typeof LEAVING_SIGNALS)[number] | undefined;
  const stopListening = LEAVING_SIGNALS.map((signal) => {
    const leave = () => {
      signalled ??= signal;
      terminated.abort();
    };
    process.on(signal, leave);
    return () => process.off(signal, leave);
  });
  try {
    const code = await runTui({ host, start: resume ? { resume } : {}, stop: terminated.signal });
    return signalled ? 128 + osConstants.signals[signalled] : code;
  } finally {
    for (const off of stopListening) off();
  }
}

const LEAVING_SIGNALS = ["SIGHUP", "SIGINT", "SIGTERM"] as const;

/** One live timeline per session, folded once and then kept up to date (@picasso/surface). */
async function timelineChart(session: Session): Promise<TimelineChart> {
  const { liveTimeline } = await import("@picasso/surface");
  return (await liveTimeline(session)).chart();
}
