/**
 * `picasso` with no `-p`: the interactive TUI (`@picasso/tui`) on a session wired like headless
 * mode (wiring.ts), with the TUI's approver and the same provider rule (`resolveProviderSelection`):
 * when nothing chooses a provider and ANTHROPIC_API_KEY is unset, the session runs on the built-in
 * mock and the TUI says so. Without a terminal on stdin/stdout it prints the
 * short help instead (the TUI needs a TTY). `/context timeline` folds the live session's log
 * with `@picasso/lean-context/timeline`.
 */
import { defaultPicassoHome, listSessions, type Session } from "@picasso/engine";
import { runTui, type SessionHost } from "@picasso/tui";
import { findWorkspaceRoot } from "@picasso/workspace";
import { defaultAction } from "../default-action.js";
import { resumeTarget, type SessionFlags } from "../wiring-flags.js";

export async function startInteractive(
  flags: SessionFlags,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) return defaultAction();
  const picassoHome = defaultPicassoHome(env);
  const workspaceRoot = findWorkspaceRoot(process.cwd());
  const host: SessionHost = {
    workspaceRoot,
    async open(request) {
      // The composition, tools and SDK load after the first frame is on screen.
      const { wireSession } = await import("../wiring.js");
      const wired = await wireSession(
        {
          ...flags,
          ...(request.model ? { model: request.model } : {}),
          continue: request.resume === "newest",
          ...(request.resume && request.resume !== "newest"
            ? { resume: request.resume.id }
            : { resume: undefined }),
        },
        { approver: request.approver, askUser: request.askUser, surfaceLabel: "tui", env },
      );
      return {
        session: wired.session,
        provider: wired.provider,
        mockFallback: wired.selection.source === "no-key",
        warnings: wired.warnings,
        close: (reason) => wired.close(reason),
      };
    },
    listSessions: () => listSessions(picassoHome, workspaceRoot),
    timeline: renderTimeline,
  };
  const resume = resumeTarget(flags);
  return runTui({ host, start: resume ? { resume } : {} });
}

async function renderTimeline(session: Session): Promise<string> {
  const { foldTimelineFile, renderTimeline: render } = await import("@picasso/lean-context/timeline");
  return render(await foldTimelineFile(session.logPath));
}
