import type { Stats } from "node:fs";
import { describe, expect, it } from "vitest";
import { reachableWithoutCapabilities } from "./sandbox-mounts.js";

const uid = process.getuid?.() ?? 0;
const gid = process.getgid?.() ?? 0;
const other = uid + 4242;
const folder = (owner: number, group: number, mode: number) => ({ uid: owner, gid: group, mode }) as Stats;

describe("a socket folder the sandbox could reach", () => {
  it("needs search permission on every folder from / down, as this user without capabilities", () => {
    const tree: Record<string, Stats> = {
      "/": folder(0, 0, 0o755),
      "/var": folder(0, 0, 0o755),
      "/var/tmp": folder(0, 0, 0o1777),
      "/var/tmp/open": folder(other, other + 1, 0o755),
      "/var/tmp/private": folder(other, other + 1, 0o700),
      "/var/tmp/private/inner": folder(uid, gid, 0o755),
      "/var/tmp/mine": folder(uid, other, 0o700),
      "/var/tmp/group": folder(other, gid, 0o750),
    };
    const stat = (path: string) => {
      const found = tree[path];
      if (!found) throw new Error(`ENOENT ${path}`);
      return found;
    };
    expect(reachableWithoutCapabilities("/var/tmp/open", stat)).toBe(true);
    expect(reachableWithoutCapabilities("/var/tmp/mine", stat)).toBe(true);
    expect(reachableWithoutCapabilities("/var/tmp/group", stat)).toBe(true);
    // Root without CAP_DAC_OVERRIDE cannot enter another user's 0700 folder, nor anything below it.
    expect(reachableWithoutCapabilities("/var/tmp/private", stat)).toBe(false);
    expect(reachableWithoutCapabilities("/var/tmp/private/inner", stat)).toBe(false);
    expect(reachableWithoutCapabilities("/var/tmp/gone", stat)).toBe(false);
  });
});
