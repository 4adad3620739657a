/**
 * The watchdog that ends a session's tool process groups when Picasso itself dies without doing
 * so — SIGKILL, an OOM kill, a crash. Node cannot ask the kernel to signal children when their
 * parent dies (`prctl PR_SET_PDEATHSIG`), and each bash call leads its own process group, so
 * nothing else would stop them.
 *
 * One small `bash` process per session, started just before the session's first tool process
 * (`start()`, from `ProcessGroups.starting`) or else with the first group, in its own session (so
 * a terminal's Ctrl-C or hang-up does not reach it) and ignoring INT/TERM/HUP/QUIT. It reads lines from a pipe whose only
 * writer is this process (Node opens pipes close-on-exec, so tool commands never inherit it):
 * `+PGID` watch a group, `-PGID` stop watching it. When the pipe reaches end of file — this process
 * closed it (`close()`) or the kernel did because this process died — it also finds, on Linux, the
 * groups of every process whose environment carries this session's token (`PICASSO_TOOL_GROUPS`,
 * set on every tool process at spawn, so a group is found even when Picasso died before its `+`
 * line reached the pipe), sends SIGTERM to every group, waits up to the grace period for them to
 * go, then SIGKILLs what is left, and exits. After a clean `dispose()` no group is watched and no
 * tool process is left, so closing the pipe kills nothing.
 */
import { type ChildProcess, spawn } from "node:child_process";

/** `$0` of the supervisor, so it can be recognised in a process list. */
export const SUPERVISOR_NAME = "picasso-group-supervisor";

/** The environment variable that marks a session's tool processes. */
export const TOOL_GROUP_TOKEN_VAR = "PICASSO_TOOL_GROUPS";

const SCRIPT = `
trap '' INT TERM HUP QUIT PIPE
grace=$1
token=$2
groups=" $3 "
while IFS= read -r line; do
  case "$line" in
    +*) groups="$groups\${line#+} " ;;
    -*) groups="\${groups/ \${line#-} / }" ;;
  esac
done
if [ -d /proc/self ]; then
  for f in $(grep -lsz "^${TOOL_GROUP_TOKEN_VAR}=$token$" /proc/[0-9]*/environ 2>/dev/null); do
    p=\${f#/proc/}
    p=\${p%/environ}
    stat=$(cat "/proc/$p/stat" 2>/dev/null) || continue
    set -- \${stat##*) }
    case "$groups" in *" $3 "*) ;; *) groups="$groups$3 " ;; esac
  done
fi
[ -z "\${groups// /}" ] && exit 0
for g in $groups; do kill -TERM -- "-$g" 2>/dev/null; done
ticks=$(( grace / 50 + 1 ))
while [ $ticks -gt 0 ]; do
  alive=0
  for g in $groups; do kill -0 -- "-$g" 2>/dev/null && alive=1; done
  [ $alive = 0 ] && exit 0
  sleep 0.05
  ticks=$(( ticks - 1 ))
done
for g in $groups; do kill -KILL -- "-$g" 2>/dev/null; done
`;

export class GroupSupervisor {
  private child: ChildProcess | undefined;
  private failed = false;

  constructor(
    private readonly graceMs: number,
    /** What `PICASSO_TOOL_GROUPS` holds in this session's tool processes. */
    readonly token: string,
  ) {}

  /** The supervisor's pid once it runs (tests). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Start watching now (a tool process is about to start), so no tool runs before its watcher does. */
  start(): void {
    if (!this.child && !this.failed) this.spawn(undefined);
  }

  watch(pgid: number): void {
    // Without a running supervisor the group rides on its command line (no write in flight).
    if (!this.child && !this.failed) this.spawn(pgid);
    else this.send(`+${pgid}`);
  }

  release(pgid: number): void {
    this.send(`-${pgid}`);
  }

  /** End the watch: the supervisor kills what is still watched (normally nothing) and exits. */
  close(): void {
    this.child?.stdin?.end();
    this.child = undefined;
  }

  private send(line: string): void {
    const stdin = this.child?.stdin;
    if (stdin && !stdin.destroyed) stdin.write(`${line}\n`);
  }

  private spawn(firstGroup: number | undefined): void {
    const args = [String(this.graceMs), this.token, firstGroup === undefined ? "" : String(firstGroup)];
    const child = spawn("bash", ["-c", SCRIPT, SUPERVISOR_NAME, ...args], {
      detached: true,
      stdio: ["pipe", "ignore", "ignore"],
      // Only PATH: a BASH_ENV startup file (pyenv, nvm…) would run first and could take seconds.
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
    });
    child.on("error", () => {
      // No bash to supervise with: groups are still killed on a clean exit.
      this.failed = true;
      if (this.child === child) this.child = undefined;
    });
    child.stdin?.on("error", () => undefined);
    // Neither the supervisor nor its pipe keeps Picasso running.
    child.unref();
    (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
    this.child = child;
  }
}
