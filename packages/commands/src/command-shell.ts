/**
 * When a command file's shell line (`` !`git status` ``) may run, and running it. A line runs
 * only when both hold:
 * - the file is trusted: a user file (`$PICASSO_HOME`, `~/.claude`…), or a project file whose
 *   exact content the user approved (`picasso trust approve`, the TUI's start question,
 *   `--approve-project-config`: @picasso/workspace project-trust, by content digest);
 * - its `allowed-tools` permits Bash for that command (`Bash`, `Bash(git status:*)`); a TOML
 *   file has no `allowed-tools`, so its `!{…}` lines never run.
 * The line runs as a hook does (@picasso/workspace user-command.ts): `bash -c` in the workspace
 * root, inside the command sandbox when it is on, with a minimal environment (no key or other
 * secret of Picasso's), for at most 10 seconds, its output cut at 16 KiB.
 * `reviewProjectCommands` lists the project files with shell lines for the approval list
 * (@picasso/surface project-config.ts).
 */
import {
  type ApprovalState,
  approvalState,
  runUserCommand,
  type UserCommandSandbox,
} from "@picasso/workspace";
import { limitPermitsCommand, turnLimit } from "./allowed-tools.js";
import type { CustomCommand } from "./command-discovery.js";
import type { ShellAnswer } from "./command-expansion.js";

const TIMEOUT_MS = 10_000;
const OUTPUT_CAP = 16 * 1024;

export interface TrustPlace {
  workspaceRoot: string;
  picassoHome: string;
  /** The command sandbox the line runs in when it is on. */
  sandbox?: UserCommandSandbox;
  /** Where the line's few inherited variables come from (default process.env). */
  env?: NodeJS.ProcessEnv;
}

/** Whether the file has shell lines at all. */
export function hasShellLines(command: Pick<CustomCommand, "template" | "format">): boolean {
  return command.format === "toml" ? /!\{[^}]*\}/.test(command.template) : /!`[^`]+`/.test(command.template);
}

/** The approval state of a project command's content (a user command is always approved). */
export function commandTrust(place: TrustPlace, command: CustomCommand): ApprovalState {
  if (command.origin === "user") return "approved";
  return approvalState(place.picassoHome, place.workspaceRoot, command.shown, command.digest);
}

/** The shell runner for `command`'s lines: it says why a line may not run, or runs it. */
export function shellRunner(
  place: TrustPlace,
  command: CustomCommand,
  signal?: AbortSignal,
): (line: string) => Promise<ShellAnswer> {
  const trust = commandTrust(place, command);
  const { limit } = turnLimit(command.allowedTools ?? [], ["bash"]);
  return async (line) => {
    if (command.format === "toml")
      return { ran: false, text: "a TOML command has no allowed-tools, so its !{…} lines never run" };
    if (trust !== "approved")
      return {
        ran: false,
        text: `${command.shown} is ${trust === "changed" ? "changed since you approved it" : "not approved"}; approve it with \`picasso trust approve ${command.shown}\``,
      };
    if (!command.allowedTools || !limitPermitsCommand(limit, line))
      return { ran: false, text: "the file's allowed-tools does not permit Bash for it" };
    return runLine(line, place, signal);
  };
}

async function runLine(line: string, place: TrustPlace, signal?: AbortSignal): Promise<ShellAnswer> {
  if (signal?.aborted) return { ran: false, text: "stopped before it ran" };
  const run = await runUserCommand(line, {
    cwd: place.workspaceRoot,
    input: "",
    timeoutMs: TIMEOUT_MS,
    env: {
      PAGER: "cat",
      GIT_PAGER: "cat",
      GIT_TERMINAL_PROMPT: "0",
      PICASSO_PROJECT_DIR: place.workspaceRoot,
    },
    ...(place.sandbox ? { sandbox: place.sandbox } : {}),
    ...(place.env ? { baseEnv: place.env } : {}),
  });
  if (run.spawnError) return { ran: false, text: `could not run: ${run.spawnError}` };
  const out = run.stdout + run.stderr;
  const text = out.length > OUTPUT_CAP ? `${out.slice(0, OUTPUT_CAP)}\n[cut at 16 KiB]` : out;
  if (run.timedOut) return { ran: true, text: `${text}\n[stopped after ${TIMEOUT_MS / 1000} s]` };
  return { ran: true, text: run.exitCode === 0 ? text : `${text}\n[exit code ${run.exitCode}]` };
}

export interface ProjectCommandReview {
  file: string;
  state: ApprovalState;
  digest: string;
  effect: string;
}

/**
 * The project command files with shell lines that approval would let run (Markdown files whose
 * `allowed-tools` permits Bash for at least one of them): what approving each does.
 */
export function reviewProjectCommands(
  place: TrustPlace,
  commands: readonly CustomCommand[],
): ProjectCommandReview[] {
  return commands
    .filter((c) => c.origin === "project" && permittedShellLines(c).length > 0)
    .map((c) => ({
      file: c.shown,
      state: commandTrust(place, c),
      digest: c.digest,
      effect: `runs shell commands when /${c.name} is used: ${permittedShellLines(c)
        .map((l) => (l.length > 60 ? `${l.slice(0, 57)}...` : l))
        .join("; ")}`,
    }));
}

/** The shell lines of a Markdown file its `allowed-tools` permits (a TOML file has none). */
function permittedShellLines(command: CustomCommand): string[] {
  if (command.format === "toml" || !command.allowedTools) return [];
  const { limit } = turnLimit(command.allowedTools, ["bash"]);
  return [...command.template.matchAll(/!`([^`]+)`/g)]
    .map((m) => m[1]!.trim())
    .filter((line) => limitPermitsCommand(limit, line));
}
