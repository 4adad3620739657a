/**
 * For tests only (not exported by the package): the attacker of the symlink-swap race. A python3
 * child exchanges two names — a real folder and a symlink to outside the workspace — with
 * renameat2(RENAME_EXCHANGE) in a tight loop, so each name is atomically a folder one instant and
 * the symlink the next, as a background process the model started with `bash` could do.
 *
 * renameat2 is called through glibc (2.28+) when it has the function, else through syscall(2)
 * with the call's number (316 on x86_64, 276 on aarch64). The child writes "ready" once its first
 * exchange succeeded; `stop()` sends SIGTERM and resolves with the number of exchanges it made.
 * It also stops by itself once its parent (the test process) is gone.
 */
import { spawn } from "node:child_process";

const SWAPPER = `
import ctypes, os, platform, signal, sys
libc = ctypes.CDLL(None, use_errno=True)
AT_FDCWD, RENAME_EXCHANGE = -100, 2
a, b = os.fsencode(sys.argv[1]), os.fsencode(sys.argv[2])
if hasattr(libc, "renameat2"):
    exchange = lambda: libc.renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE)
else:
    number = {"x86_64": 316, "aarch64": 276}[platform.machine()]
    exchange = lambda: libc.syscall(number, AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE)
swaps, parent = 0, os.getppid()
def stop(*_):
    sys.stdout.write(f"swaps {swaps}\\n"); sys.stdout.flush(); os._exit(0)
signal.signal(signal.SIGTERM, stop)
while True:
    if exchange() != 0:
        sys.stderr.write("renameat2: " + os.strerror(ctypes.get_errno()) + "\\n"); sys.exit(1)
    swaps += 1
    if swaps % 4096 == 0 and os.getppid() != parent:
        os._exit(0)
    if swaps == 1:
        sys.stdout.write("ready\\n"); sys.stdout.flush()
`;

export interface Swapper {
  /** Stop swapping; resolves once the child has exited, with the number of exchanges made. */
  stop(): Promise<number>;
}

/** Start exchanging `a` and `b` (both must exist); resolves once the first exchange is done. */
export function startSwapper(a: string, b: string): Promise<Swapper> {
  const child = spawn("python3", ["-c", SWAPPER, a, b], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    err += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  return new Promise((resolve, reject) => {
    const onData = () => {
      if (!out.includes("ready\n")) return;
      child.stdout.off("data", onData);
      resolve({
        async stop() {
          child.kill("SIGTERM");
          await exited;
          const swaps = /swaps (\d+)/.exec(out);
          if (!swaps) throw new Error(`the swapper did not report its swaps: ${err}`);
          return Number(swaps[1]);
        },
      });
    };
    child.stdout.on("data", onData);
    child.once("error", reject);
    void exited.then(() => reject(new Error(`the swapper exited before swapping: ${err}`)));
  });
}
