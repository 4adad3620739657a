/**
 * The watchdog that ends a session's tool process groups when Picasso itself dies without doing
 * so — SIGKILL, an OOM kill, a crash. Node cannot ask the kernel to signal children when their
 * parent dies (`prctl PR_SET_PDEATHSIG`), and each bash call leads its own process group, so
 * nothing else would stop them.
 *
 * One small `bash` process per session, started with the first group, in its own session (so a
 * terminal's Ctrl-C or hang-up does not reach it) and ignoring INT/TERM/HUP/QUIT. It reads lines
 * from a pipe whose only writer is this process (Node opens pipes close-on-exec, so tool commands
 * never inherit it): `+PGID` watch a group, `-PGID` stop watching it. When the pipe reaches end of
 * file — this process closed it (`close()`) or the kernel did because this process died — it
 * sends SIGTERM to every group still watched, waits up to the grace period for them to go, then
 * SIGKILLs what is left, and exits. After a clean `dispose()` no group is watched any more, so
 * closing the pipe kills nothing.
 */
import { type ChildProcess, spawn } from "node:child_process";

/** `$0` of the supervisor, so it can be recognised in a process list. */
export const SUPERVISOR_NAME = "picasso-group-supervisor";

const SCRIPT = `
trap '' INT TERM HUP QUIT PIPE
groups=" "
while IFS= read -r line; do
  case "$line" in
    +*) groups="$groups\${line#+} " ;;
    -*) groups="\${groups/ \${line#-} / }" ;;
  esac
done
[ -z "\${groups// /}" ] && exit 0
for g in $groups; do kill -TERM -- "-$g" 2>/dev/null; done
ticks=$(( $1 / 50 + 1 ))
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

  constructor(private readonly graceMs: number) {}

  /** The supervisor's pid once it runs (tests). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  watch(pgid: number): void {
    this.send(`+${pgid}`, true);
  }

  release(pgid: number): void {
    this.send(`-${pgid}`, false);
  }

  /** End the watch: the supervisor kills what is still watched (normally nothing) and exits. */
  close(): void {
    this.child?.stdin?.end();
    this.child = undefined;
  }

  private send(line: string, start: boolean): void {
    if (!this.child && start && !this.failed) this.start();
    const stdin = this.child?.stdin;
    if (stdin && !stdin.destroyed) stdin.write(`${line}\n`);
  }

  private start(): void {
    const child = spawn("bash", ["-c", SCRIPT, SUPERVISOR_NAME, String(this.graceMs)], {
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
