/**
 * The on-disk record of a session's tool process groups that have not been seen to end, so the
 * next start of that session can kill what an earlier run left behind when neither that run nor
 * its supervisor (group-supervisor.ts) could — both SIGKILLed at once, a power cut.
 *
 * The file (beside the session's log; the engine names it) is rewritten whole on every change:
 * one line per group, `<pgid> <leader start time> <boot id>`, where the start time is field 22 of
 * `/proc/<pgid>/stat` and the boot id `/proc/sys/kernel/random/boot_id` (both empty without
 * /proc; workspace's process-identity.ts reads both). Unreadable lines are ignored. A recorded group is killed on the next start only when
 * it is still the same group:
 * - the boot id matches (after a reboot every recorded group is gone), and
 * - its leader is still alive with the recorded start time, or the leader is gone and processes
 *   remain in the group (Linux never hands out a pid while it is in use as a process group id,
 *   so those can only be the recorded group's).
 * Without /proc, a group that is alive is killed.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { bootId, processStartTime } from "@picasso/workspace";
import { groupAlive, killGroup } from "./process-group.js";

export interface RecordedGroup {
  pgid: number;
  /** The leader's start time (clock ticks since boot), "" when unknown. */
  start: string;
  boot: string;
}

export function readGroupRecord(path: string): RecordedGroup[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return [];
  }
  return text.split("\n").flatMap((line) => {
    const [pgid, start = "", boot = ""] = line.trim().split(" ");
    const n = Number(pgid);
    return Number.isInteger(n) && n > 1 ? [{ pgid: n, start, boot }] : [];
  });
}

export function writeGroupRecord(path: string, groups: readonly RecordedGroup[]): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.tmp`;
  writeFileSync(temp, groups.map((g) => `${g.pgid} ${g.start} ${g.boot}\n`).join(""));
  renameSync(temp, path);
}

/** Whether a recorded group is still that group and has processes (see the module comment). */
export function isRecordedGroupAlive(group: RecordedGroup, currentBoot = bootId()): boolean {
  if (group.boot !== "" && currentBoot !== "" && group.boot !== currentBoot) return false;
  if (!groupAlive(group.pgid)) return false;
  const leaderStart = processStartTime(group.pgid);
  if (leaderStart === "" || group.start === "") return true;
  return leaderStart === group.start;
}

/** Kill every group of the record that is still alive; returns their pgids. */
export async function killRecordedGroups(path: string, graceMs: number): Promise<number[]> {
  const boot = bootId();
  const strays = readGroupRecord(path).filter((group) => isRecordedGroupAlive(group, boot));
  await Promise.all(strays.map((group) => killGroup(group.pgid, graceMs)));
  return strays.map((group) => group.pgid);
}
