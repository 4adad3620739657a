/**
 * When a command file's shell line (`` !`git status` ``) may run, and running it. A line runs
 * only when both hold:
 * - the file is trusted: a user file (`$PICASSO_HOME`, `~/.claude`…), or a project file whose
 *   exact content the user approved (`picasso trust approve`, the TUI's start question,
 *   `--approve-project-config`: @picasso/workspace project-trust, by content digest);
 * - its `allowed-tools` permits Bash for that command (`Bash`, `Bash(git status:*)`); a TOML
 *   file has no `allowed-tools`, so its `!{…}` lines never run.
 * The line runs with `bash -c` in the workspace root, without the provider keys in its
 * environment, for at most 10 seconds, its output cut at 16 KiB.
 * `reviewProjectCommands` lists the project files with shell lines for the approval list
 * (@picasso/surface project-config.ts).
 */
import { spawn } from "node:child_process";
import { isProviderSecretName } from "@picasso/protocol";
import { type ApprovalState, approvalState } from "@picasso/workspace";
import { limitPermitsCommand, turnLimit } from "./allowed-tools.js";
import type { CustomCommand } from "./command-discovery.js";
import type { ShellAnswer } from "./command-expansion.js";

const TIMEOUT_MS = 10_000;
const OUTPUT_CAP = 16 * 1024;

export interface TrustPlace {
  workspaceRoot: string;
  picassoHome: string;
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
    return runLine(line, place.workspaceRoot, signal);
  };
}

function runLine(line: string, cwd: string, signal?: AbortSignal): Promise<ShellAnswer> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env))
    if (value !== undefined && !isProviderSecretName(name)) env[name] = value;
  return new Promise((done) => {
    const child = spawn("bash", ["-c", line], {
      cwd,
      env: { ...env, PAGER: "cat", GIT_PAGER: "cat", GIT_TERMINAL_PROMPT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
      timeout: TIMEOUT_MS,
      ...(signal ? { signal } : {}),
    });
    let out = "";
    const take = (chunk: Buffer) => {
      if (out.length < OUTPUT_CAP) out += chunk.toString("utf8");
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    child.on("error", (error) => done({ ran: false, text: error.message }));
    child.on("close", (code, killed) => {
      const text = out.length > OUTPUT_CAP ? `${out.slice(0, OUTPUT_CAP)}\n[cut at 16 KiB]` : out;
      if (killed === "SIGTERM") done({ ran: true, text: `${text}\n[stopped after ${TIMEOUT_MS / 1000} s]` });
      else done({ ran: true, text: code === 0 ? text : `${text}\n[exit code ${code}]` });
    });
  });
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
