/**
 * The one way Picasso runs git: as a reader and writer of repository data, never as a runner of
 * programs the repository names. A repository's config, hooks and attributes are workspace files
 * the model can write (a prompt injection is enough), and git runs outside the command sandbox
 * with Picasso's environment, so every program git could start on the repository's say is turned
 * off, on every call, sync (`runGitSync`, for session start) and async (`runGit`, for tools), both
 * bounded by a timeout, never with a pager, a prompt or a terminal (stdin is closed).
 *
 * A call is two git processes in the same folder: `git config --list --name-only -z` lists the
 * names of every config entry git will read there (includes followed, `includeIf` conditions
 * decided as they will be for the command), then the command runs with the overrides below as
 * command-scope config (`GIT_CONFIG_COUNT`, read after every config file, included ones too, so
 * the overrides win) and the environment of safe-git-env.ts. If the listing fails, nothing runs.
 *
 * What is turned off, and how:
 * - core.fsmonitor → false (and core.useBuiltinFSMonitor); `GIT_TEST_FSMONITOR` dropped.
 * - Hooks (post-checkout, post-index-change, reference-transaction, pre-auto-gc, every githooks(5)
 *   event): core.hooksPath → /dev/null (no hook can be found under it); configured hooks of git ≥
 *   2.54 (`hook.<name>.command`/`.event`): hook.<event>.enabled → false for every known event, and
 *   every hook name the config defines gets hook.<name>.event → "" and .enabled → false.
 * - Filter drivers: every filter.<driver>.* the config defines gets clean, smudge and process → ""
 *   (git applies no filter for an empty command) and required → false (so git passes the bytes
 *   through instead of failing). The tests check both against a real git.
 * - Diff: diff.external → "", every diff.<driver> gets command and textconv → "", and `diff`,
 *   `log`, `show` always run with --no-ext-diff --no-textconv (nothing is started at all).
 * - Merge drivers: every merge.<driver>.driver → "" (git cannot start "", no program runs).
 * - Pager: `--no-pager`, core.pager and GIT_PAGER → cat (git's word for "no pager").
 * - Editors: core.editor, sequence.editor, GIT_EDITOR, GIT_SEQUENCE_EDITOR → ":" (git's word for
 *   "no editor"); EDITOR and VISUAL dropped.
 * - Prompts and credentials: GIT_TERMINAL_PROMPT=0; GIT_ASKPASS set empty (wins over core.askPass,
 *   which is "" too; nothing started); SSH_ASKPASS dropped; credential.helper → "" (empties the
 *   list) and every credential.<url>.helper the config defines → "".
 * - Transports: GIT_ALLOW_PROTOCOL empty, so no transport at all (file, ssh, git, http, ext::,
 *   remote helpers such as remote.<name>.vcs), whatever protocol.<name>.allow says, and
 *   protocol.allow → never. What only a transport starts never starts: core.sshCommand (also ""),
 *   GIT_SSH/GIT_SSH_COMMAND (dropped), core.gitProxy (GIT_PROXY_COMMAND set empty: git reads it
 *   first and then ignores core.gitProxy), remote.<name>.uploadpack/receivepack,
 *   core.alternateRefsCommand (also ""), url.<base>.insteadOf.
 * - Signing: gpg.program, gpg.<format>.program, gpg.ssh.defaultKeyCommand → ""; commit.gpgSign,
 *   tag.gpgSign, tag.forceSignAnnotated, push.gpgSign, log.showSignature, merge.verifySignatures →
 *   false; log and show run with --no-show-signature.
 * - Configuration from outside the repository: GIT_CONFIG_NOSYSTEM=1, GIT_CONFIG_SYSTEM and
 *   GIT_CONFIG_GLOBAL → /dev/null, GIT_ATTR_NOSYSTEM=1; every inherited GIT_* variable dropped
 *   (safe-git-env.ts says why). include.path / includeIf need no override of their own: what they
 *   pull in is listed by the first process and overridden like the rest.
 * - Other repositories: git never runs git in a submodule (submodule.recurse → false,
 *   diff.ignoreSubmodules → all, status.submoduleSummary → false, and status and diff run with
 *   --ignore-submodules=all — a .gitmodules `ignore` cannot undo a command-line flag), since that
 *   git would read the submodule's config, whose drivers nobody listed. A command that makes git
 *   run git in another working tree of this repository names that tree in `alsoIn` (its config is
 *   listed too): `worktree remove` checks the tree's status there. `worktree add` must carry
 *   --no-checkout: its checkout runs in the new tree, whose config (an `includeIf "onbranch:…"`
 *   of the new branch) cannot be listed before the tree exists — check out with `reset --hard` in
 *   the new tree afterwards.
 * - Background work and discovery: gc.auto → 0, maintenance.auto → false, help.autoCorrect → 0,
 *   GIT_OPTIONAL_LOCKS=0 (status does not rewrite the index); safe.bareRepository → explicit (no
 *   bare repository planted in the workspace is picked up by discovery).
 * - Commands: only those below run (a non-builtin name would start `git-<name>` or an alias's
 *   program: alias, difftool/mergetool, help/web--browse, instaweb, send-email, imap-send,
 *   submodule update's `!command`, rebase --exec, bisect run are never reachable), and arguments
 *   that would undo an override (--ext-diff, --textconv, --show-signature, --recurse-submodules,
 *   --ignore-submodules other than all) are refused.
 *
 * Left as is: programs on the user's PATH that git runs as part of itself (git's own commands).
 * A repository owned by another user still needs the user's safe.directory, which lives in the
 * global config this runner does not read: git refuses there, and the caller reports "git cannot
 * say". Everything above but the named drivers holds whatever the config says; the drivers are
 * as current as the listing, so a process rewriting the config in the moment between the two git
 * processes (a background job the model started, say) could slip a new driver past it. At session
 * start no such process runs yet.
 */
import { execFile, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { type ConfigPair, configEnvironment, driverOverrides, FIXED_OVERRIDES } from "./safe-git-config.js";
import { safeGitEnvironment } from "./safe-git-env.js";

export interface GitRun {
  /** Exit code 0 and nothing went wrong. */
  ok: boolean;
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** Why git did not finish by itself: timed out, stopped, could not start, config unreadable. */
  failure?: string;
}

export interface SafeGitOptions {
  /** For the whole call (both processes). Default: 5 s sync, 120 s async. */
  timeoutMs?: number;
  /** Other working trees of this repository the command makes git run git in (worktree remove). */
  alsoIn?: readonly string[];
  /** stdout and stderr are each cut off (and the call failed) past this; default 16 MiB. */
  maxBytes?: number;
}

export interface SafeGitAsyncOptions extends SafeGitOptions {
  signal?: AbortSignal;
}

const DEFAULT_SYNC_TIMEOUT_MS = 5_000;
const DEFAULT_ASYNC_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

const NO_DIFF_PROGRAMS = ["--no-ext-diff", "--no-textconv"];
/** The commands Picasso runs, each with the arguments it always gets (right after its name). */
const COMMANDS: Readonly<Record<string, readonly string[]>> = {
  status: ["--ignore-submodules=all"],
  "rev-parse": [],
  "check-ref-format": [],
  branch: [],
  worktree: [],
  reset: ["--no-recurse-submodules"],
  diff: [...NO_DIFF_PROGRAMS, "--ignore-submodules=all"],
  log: [...NO_DIFF_PROGRAMS, "--no-show-signature"],
  show: [...NO_DIFF_PROGRAMS, "--no-show-signature"],
};
const WORKTREE_COMMANDS = new Set(["add", "list", "remove", "prune"]);
const UNDOES_AN_OVERRIDE =
  /^--(ext-diff|textconv|show-signature|recurse-submodules|ignore-submodules(?!=all$))/;

const LIST_CONFIG = ["--no-pager", "config", "--list", "--name-only", "-z"];

/** The full argument list for `args` (`[command, ...]`); throws for what this runner refuses. */
export function safeGitArgs(args: readonly string[]): string[] {
  const [command, ...rest] = args;
  const always = command === undefined ? undefined : COMMANDS[command];
  if (!always)
    throw new Error(`safe git does not run "${command}" (it runs ${Object.keys(COMMANDS).join(", ")})`);
  const options = rest.includes("--") ? rest.slice(0, rest.indexOf("--")) : rest;
  const undoing = options.find((arg) => UNDOES_AN_OVERRIDE.test(arg));
  if (undoing) throw new Error(`safe git refuses ${undoing}: it would start a program git was told not to`);
  if (command === "worktree") {
    if (!WORKTREE_COMMANDS.has(rest[0] ?? ""))
      throw new Error(
        `safe git does not run "worktree ${rest[0]}" (it runs ${[...WORKTREE_COMMANDS].join(", ")})`,
      );
    if (rest[0] === "add" && !options.includes("--no-checkout"))
      throw new Error(
        "safe git runs worktree add only with --no-checkout (check out with reset --hard in the new tree)",
      );
  }
  return ["--no-pager", command!, ...always, ...rest];
}

/** The environment of the command itself, given the config names listed where it runs. */
export function safeGitCommandEnvironment(configNames: Iterable<string>): Record<string, string> {
  const pairs: ConfigPair[] = [...FIXED_OVERRIDES, ...driverOverrides(configNames)];
  return { ...safeGitEnvironment(), ...configEnvironment(pairs) };
}

/** The listing gets the fixed overrides too: reading config starts nothing, but nothing is assumed. */
function listingEnvironment(): Record<string, string> {
  return { ...safeGitEnvironment(), ...configEnvironment(FIXED_OVERRIDES) };
}

function folders(cwd: string, options: SafeGitOptions): string[] {
  return [cwd, ...(options.alsoIn ?? []).filter((dir) => existsSync(dir))];
}

function configNames(listing: string): string[] {
  return listing.split("\0").filter((name) => name !== "");
}

function unreadableConfig(dir: string, listed: GitRun): GitRun {
  const why = listed.failure ?? (listed.stderr.split("\n")[0] || `exit ${listed.exitCode}`);
  return { ...listed, ok: false, failure: `git's configuration in ${dir} could not be read (${why})` };
}

interface Limits {
  deadline: number;
  maxBytes: number;
}

function remaining(limits: Limits): number {
  return Math.max(0, limits.deadline - Date.now());
}

/** The run of a call whose deadline passed before its next git process could start. */
const OUT_OF_TIME: GitRun = { ok: false, exitCode: null, stdout: "", stderr: "", failure: "git timed out" };

/** How each git process runs, sync or async: in `cwd` with `env`, killed at the deadline or past maxBytes. */
function processOptions(cwd: string, env: Record<string, string>, limits: Limits, timeoutMs: number) {
  return {
    cwd,
    env,
    encoding: "utf8" as const,
    timeout: timeoutMs,
    killSignal: "SIGKILL" as const,
    maxBuffer: limits.maxBytes,
  };
}

function spawnGitSync(cwd: string, args: string[], env: Record<string, string>, limits: Limits): GitRun {
  const timeoutMs = remaining(limits);
  if (timeoutMs === 0) return { ...OUT_OF_TIME };
  const run = spawnSync("git", args, {
    ...processOptions(cwd, env, limits, timeoutMs),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stdout = run.stdout ?? "";
  const stderr = run.stderr ?? "";
  if (run.error) {
    const code = (run.error as NodeJS.ErrnoException).code;
    const failure =
      code === "ETIMEDOUT"
        ? `git timed out after ${timeoutMs} ms`
        : code === "ENOBUFS"
          ? `git's output passed ${limits.maxBytes} bytes`
          : `git could not run (${code ?? run.error.message})`;
    return { ok: false, exitCode: run.status, stdout, stderr, failure };
  }
  return { ok: run.status === 0, exitCode: run.status, stdout, stderr };
}

function spawnGit(
  cwd: string,
  args: string[],
  env: Record<string, string>,
  limits: Limits,
  signal: AbortSignal | undefined,
): Promise<GitRun> {
  const timeoutMs = remaining(limits);
  if (timeoutMs === 0) return Promise.resolve({ ...OUT_OF_TIME });
  return new Promise((done) => {
    execFile(
      "git",
      args,
      { ...processOptions(cwd, env, limits, timeoutMs), ...(signal ? { signal } : {}) },
      (error, stdout, stderr) => {
        if (!error) return done({ ok: true, exitCode: 0, stdout, stderr });
        const failure = (error as { code?: unknown }).code;
        if (typeof failure === "number") return done({ ok: false, exitCode: failure, stdout, stderr });
        const why =
          error.name === "AbortError"
            ? "git was stopped"
            : failure === "ERR_CHILD_PROCESS_STDIO_MAXBUFFER"
              ? `git's output passed ${limits.maxBytes} bytes`
              : error.killed
                ? `git timed out after ${timeoutMs} ms`
                : `git could not run (${String(failure ?? error.message)})`;
        done({ ok: false, exitCode: null, stdout, stderr, failure: why });
      },
    ).stdin?.end();
  });
}

function limitsOf(options: SafeGitOptions, defaultTimeoutMs: number): Limits {
  return {
    deadline: Date.now() + (options.timeoutMs ?? defaultTimeoutMs),
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
  };
}

type Prepared = { env: Record<string, string> } | { failed: GitRun };

function prepareSync(cwd: string, options: SafeGitOptions, limits: Limits): Prepared {
  const names: string[] = [];
  for (const dir of folders(cwd, options)) {
    const listed = spawnGitSync(dir, LIST_CONFIG, listingEnvironment(), limits);
    if (!listed.ok) return { failed: unreadableConfig(dir, listed) };
    names.push(...configNames(listed.stdout));
  }
  return { env: safeGitCommandEnvironment(names) };
}

async function prepare(cwd: string, options: SafeGitAsyncOptions, limits: Limits): Promise<Prepared> {
  const names: string[] = [];
  for (const dir of folders(cwd, options)) {
    const listed = await spawnGit(dir, LIST_CONFIG, listingEnvironment(), limits, options.signal);
    if (!listed.ok) return { failed: unreadableConfig(dir, listed) };
    names.push(...configNames(listed.stdout));
  }
  return { env: safeGitCommandEnvironment(names) };
}

/**
 * The environment (config overrides included) a command would get in `cwd`, for tests that run
 * git commands this runner refuses, to show the environment alone keeps them inert. Throws when
 * the config cannot be listed.
 */
export function safeGitEnvironmentIn(cwd: string, options: SafeGitOptions = {}): Record<string, string> {
  const prepared = prepareSync(cwd, options, limitsOf(options, DEFAULT_SYNC_TIMEOUT_MS));
  if ("failed" in prepared) throw new Error(prepared.failed.failure);
  return prepared.env;
}

/** Runs `git <args>` in `cwd` with every repository-named program turned off (see above). */
export function runGitSync(cwd: string, args: readonly string[], options: SafeGitOptions = {}): GitRun {
  const argv = safeGitArgs(args);
  const limits = limitsOf(options, DEFAULT_SYNC_TIMEOUT_MS);
  const prepared = prepareSync(cwd, options, limits);
  return "failed" in prepared ? prepared.failed : spawnGitSync(cwd, argv, prepared.env, limits);
}

/** `runGitSync`, without blocking; `signal` stops it. */
export async function runGit(
  cwd: string,
  args: readonly string[],
  options: SafeGitAsyncOptions = {},
): Promise<GitRun> {
  const argv = safeGitArgs(args);
  const limits = limitsOf(options, DEFAULT_ASYNC_TIMEOUT_MS);
  const prepared = await prepare(cwd, options, limits);
  return "failed" in prepared ? prepared.failed : spawnGit(cwd, argv, prepared.env, limits, options.signal);
}
