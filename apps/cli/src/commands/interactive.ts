/**
 * `picasso` with no `-p`: the interactive TUI (`@picasso/tui`) on a session wired like headless
 * mode (wiring.ts), with the TUI's approver. Provider fallback: when nothing selects a provider
 * (no flag, no PICASSO_PROVIDER, no config.yaml) and ANTHROPIC_API_KEY is unset, the session runs
 * on the built-in mock and the TUI says so. Without a terminal on stdin/stdout it prints the
 * short help instead (the TUI needs a TTY). `/context timeline` folds the live session's log
 * with `@picasso/lean-context/timeline`. SIGTERM ends the TUI cleanly with exit code 143.
 */
import { defaultPicassoHome, listSessions, type Session } from "@picasso/engine";
import { findWorkspaceRoot } from "@picasso/lean-context";
import { resolveProviderSelection } from "@picasso/providers";
import { runTui, type SessionHost } from "@picasso/tui";
import { defaultAction } from "../default-action.js";
import { resumeCommand } from "../resume-command.js";
import { resumeTarget, type SessionFlags } from "../wiring-flags.js";

export async function startInteractive(
  flags: SessionFlags,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) return defaultAction();
  const picassoHome = defaultPicassoHome(env);
  const workspaceRoot = findWorkspaceRoot(process.cwd());
  const mockFallback = needsMockFallback(flags, env, picassoHome);
  const base: SessionFlags = { ...flags, ...(mockFallback ? { provider: "mock" } : {}) };
  const host: SessionHost = {
    workspaceRoot,
    mockFallback,
    async open(request) {
      // The composition, tools and SDK load after the first frame is on screen.
      const { wireSession } = await import("../wiring.js");
      const wired = await wireSession(
        {
          ...base,
          ...(request.model ? { model: request.model } : {}),
          continue: request.resume === "newest",
          ...(request.resume && request.resume !== "newest"
            ? { resume: request.resume.id }
            : { resume: undefined }),
        },
        { approver: request.approver, askUser: request.askUser, surfaceLabel: "tui" },
      );
      return {
        session: wired.session,
        provider: wired.provider,
        close: (reason) => wired.close(reason),
      };
    },
    listSessions: () => listSessions(picassoHome, workspaceRoot),
    timeline: renderTimeline,
    resumeCommand: (id) => resumeCommand(id),
  };
  const resume = resumeTarget(flags);
  // SIGTERM (a container stop, `kill`) leaves like the user would: the running turn is interrupted,
  // its tools' processes killed, the log ended and the resume hint printed; exit 143.
  const terminated = new AbortController();
  const onSigterm = () => terminated.abort();
  process.on("SIGTERM", onSigterm);
  try {
    const code = await runTui({ host, start: resume ? { resume } : {}, stop: terminated.signal });
    return terminated.signal.aborted ? 143 : code;
  } finally {
    process.off("SIGTERM", onSigterm);
  }
}

/** No provider chosen anywhere and no Anthropic key: the mock stands in. */
export function needsMockFallback(flags: SessionFlags, env: NodeJS.ProcessEnv, picassoHome: string): boolean {
  if (flags.provider) return false;
  const selection = resolveProviderSelection({ flags: {}, env, picassoHome });
  return selection.source === "default" && !env.ANTHROPIC_API_KEY?.trim();
}

async function renderTimeline(session: Session): Promise<string> {
  const { foldTimelineFile, renderTimeline: render } = await import("@picasso/lean-context/timeline");
  return render(await foldTimelineFile(session.logPath));
}
