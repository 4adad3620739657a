import { mkdtempSync, realpathSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { realPathOrResolved } from "./real-path.js";

describe("realPathOrResolved", () => {
  it("follows links for a path that exists, and resolves one that does not", () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), "real-path-")));
    symlinkSync(dir, join(dir, "link"));
    expect(realPathOrResolved(join(dir, "link"))).toBe(dir);
    expect(realPathOrResolved(join(dir, "link", "..", "gone", "."))).toBe(join(dir, "gone"));
    expect(realPathOrResolved("relative/x")).toBe(join(process.cwd(), "relative/x"));
  });
});
