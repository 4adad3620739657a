/**
 * Who a process is, beyond its pid (pids are reused): its start time (field 22 of
 * `/proc/<pid>/stat`, clock ticks since boot) and the boot it belongs to
 * (`/proc/sys/kernel/random/boot_id`). A pid recorded with both names the same process only if
 * both still match. Without /proc (macOS) both are "" and callers fall back to "alive or not".
 */
import { readFileSync } from "node:fs";

export function bootId(): string {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return "";
  }
}

/** The start time of process `pid`, "" when it is gone or there is no /proc. */
export function processStartTime(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? "";
  } catch {
    return "";
  }
}

/** Whether a process with this pid exists (a zombie counts as gone). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return true;
  }
}
