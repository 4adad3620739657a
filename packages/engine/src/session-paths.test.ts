import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isUserError } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { findSessionLog, newSessionId, projectKey, projectSessionsDir } from "./session-paths.js";

describe("session paths", () => {
  it("makes a readable, collision-free project key", () => {
    const key = projectKey("/home/ann/src/shop");
    expect(key).toMatch(/^home-ann-src-shop-[0-9a-f]{8}$/);
    expect(projectKey("/home/ann/src/shop")).toBe(key);
    expect(projectKey("/home/ann/src-shop")).not.toBe(key);
    expect(projectKey(`/${"x".repeat(200)}`).length).toBeLessThanOrEqual(48 + 9);
  });

  it("makes time-ordered session ids", () => {
    const a = newSessionId(new Date("2026-11-29T12:06:35.123Z"));
    expect(a).toMatch(/^20261129T120635-[0-9a-f]{6}$/);
    expect(newSessionId(new Date("2026-11-29T12:06:36Z")) > a).toBe(true);
  });

  it("finds the newest session or a given one, and names unknown ids", () => {
    const home = mkdtempSync(join(tmpdir(), "paths-"));
    const dir = projectSessionsDir(home, "/w");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "old.jsonl"), "");
    writeFileSync(join(dir, "new.jsonl"), "");
    utimesSync(join(dir, "old.jsonl"), new Date(1000), new Date(1000));
    expect(findSessionLog(home, "/w", "newest").id).toBe("new");
    expect(findSessionLog(home, "/w", { id: "old" }).path).toBe(join(dir, "old.jsonl"));
    let error: unknown;
    try {
      findSessionLog(home, "/w", { id: "missing" });
    } catch (e) {
      error = e;
    }
    expect(isUserError(error)).toBe(true);
    expect((error as Error).message).toMatch(/unknown session id "missing".*known sessions: new, old/);
    expect(() => findSessionLog(home, "/other", "newest")).toThrow(/no session to continue/);
  });
});
