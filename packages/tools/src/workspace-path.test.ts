import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./test-context.js";
import { resolveWorkspacePath } from "./workspace-path.js";

let ctx: TestContext;
let outside: string;
beforeEach(() => {
  ctx = createTestContext();
  outside = realpathSync(mkdtempSync(join(tmpdir(), "picasso-outside-")));
});
afterEach(() => {
  ctx.cleanup();
  rmSync(outside, { recursive: true, force: true });
});

describe("resolveWorkspacePath", () => {
  it("resolves relative paths against cwd and reports existence", () => {
    mkdirSync(join(ctx.root, "src"));
    writeFileSync(join(ctx.root, "src", "a.ts"), "x");
    const sub = { ...ctx, cwd: join(ctx.root, "src") };
    const found = resolveWorkspacePath(sub, "a.ts");
    expect(found).toEqual({ ok: true, abs: join(ctx.root, "src", "a.ts"), shown: "a.ts", exists: true });
    const missing = resolveWorkspacePath(ctx, "new/dir/file.txt");
    expect(missing).toMatchObject({ ok: true, abs: join(ctx.root, "new/dir/file.txt"), exists: false });
  });

  it("accepts absolute paths inside the workspace", () => {
    const result = resolveWorkspacePath(ctx, join(ctx.root, "x.txt"));
    expect(result).toMatchObject({ ok: true, shown: "x.txt" });
  });

  it("refuses paths outside the workspace, by .. or absolute", () => {
    for (const p of ["../escape.txt", join(outside, "f.txt"), "/etc/passwd"]) {
      const result = resolveWorkspacePath(ctx, p);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error).toContain("outside the workspace");
        expect(result.error).toContain("ask the user to allow");
      }
    }
  });

  it("refuses a symlink inside the workspace that points outside", () => {
    writeFileSync(join(outside, "secret.txt"), "s");
    symlinkSync(outside, join(ctx.root, "link"));
    const result = resolveWorkspacePath(ctx, "link/secret.txt");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(`resolves to ${join(outside, "secret.txt")}`);
  });

  it("refuses a dangling symlink whose target would be outside", () => {
    symlinkSync(join(outside, "not-yet.txt"), join(ctx.root, "dangling"));
    expect(resolveWorkspacePath(ctx, "dangling").ok).toBe(false);
  });

  it("follows a symlink that stays inside the workspace to its real path", () => {
    writeFileSync(join(ctx.root, "real.txt"), "r");
    symlinkSync(join(ctx.root, "real.txt"), join(ctx.root, "alias.txt"));
    expect(resolveWorkspacePath(ctx, "alias.txt")).toMatchObject({
      ok: true,
      abs: join(ctx.root, "real.txt"),
    });
  });

  it("allows outside paths the user allowed", () => {
    const allowed = createTestContext({ allowOutside: [outside] });
    try {
      const result = resolveWorkspacePath(allowed, join(outside, "f.txt"));
      expect(result).toMatchObject({ ok: true, abs: join(outside, "f.txt"), shown: join(outside, "f.txt") });
    } finally {
      allowed.cleanup();
    }
  });

  it("rejects empty and NUL paths without throwing", () => {
    expect(resolveWorkspacePath(ctx, "").ok).toBe(false);
    expect(resolveWorkspacePath(ctx, "a\0b").ok).toBe(false);
    expect(resolveWorkspacePath(ctx, 42 as unknown as string).ok).toBe(false);
  });
});
