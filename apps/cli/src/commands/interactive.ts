/**
 * `picasso` with no `-p`: the interactive TUI (`@picasso/tui`) on a session wired like headless
 * mode (wiring.ts), with the TUI's approver and the same provider rule (`resolveProviderSelection`):
 * when nothing chooses a provider and ANTHROPIC_API_KEY is unset, the session runs on the built-in
 * mock and the TUI says so. Without a terminal on stdin/stdout it prints the
 * short help instead (the TUI needs a TTY). The slash commands are the session's operations
 * (`composeSession`'s core ones and each extension's); `/resume <id>` and `/model <id>` reopen
 * through the TUI (its `controls`), and `/model` says when the mock stands in for want of a key;
 * `/goal` runs goal rounds (goal-driver.ts). SIGTERM, SIGHUP and SIGINT end the TUI cleanly (exit 143, 129, 130),
 * also while the session is still opening. Project files that
 * run programs or loosen the sandbox and are not approved yet are asked about in the question
 * dialog before the session opens (approve and use them, or start without them).
 */
import { constants as osConstants } from "node:os";
import { markStartup } from "@picasso/protocol/startup-trace";
import { probeSandboxAsync } from "@picasso/tools/sandbox-probe";
import { MOCK_HINT, runTui, type SessionHost } from "@picasso/tui";
import { findWorkspaceRoot, prefetchWorkspaceFacts } from "@picasso/workspace";
import { defaultAction } from "../default-action.js";
import { resumeCommand } from "../resume-command.js";
import { resumeTarget, type SessionFlags } from "../wiring-flags.js";

const APPROVE_PROJECT_CONFIG = "Approve and use it";

export async function startInteractive(
  flags: SessionFlags,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) return defaultAction();
  const workspaceRoot = findWorkspaceRoot(process.cwd());
  // git status and the sandbox's bwrap probe run while Ink and the engine load (from a smaller
  // process, so cheaper to start); the session opening takes their answers.
  void prefetchWorkspaceFacts(workspaceRoot);
  void probeSandboxAsync();
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
      markStartup("wiring-loaded");
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
          // `/mcp:login` opens the authorization URL in the browser, as `picasso mcp login` does.
          mcpOpenUrl: (url) => {
            void import("./open-browser.js").then(({ openInBrowser }) => openInBrowser(url, env));
          },
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
          operationHost: (selection) => ({
            resume: request.controls.resume,
            switchModel: request.controls.switchModel,
            ...(selection.source === "no-key" ? { modelNote: MOCK_HINT } : {}),
          }),
        },
      );
      return {
        session: wired.session,
        provider: wired.provider,
        mockFallback: wired.selection.source === "no-key",
        warnings: wired.warnings,
        operations: wired.operations,
        close: (reason) => wired.close(reason),
        goalRounds: (maxRounds) => goalDriver(wired.toolRuntime, maxRounds),
        goalStatus: () => wired.toolRuntime.goal.describe(),
      };
    },
    resumeCommand: (id) => resumeCommand(id),
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
