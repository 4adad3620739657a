import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test-context.js";
import { hasProcSelfFd, type WalkedParent, WorkspaceEscapeError, walkToParent } from "./no-follow-walk.js";

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

/** Walk, note where it ended (the folder's device and inode, as the descriptor sees it), close. */
function walk(path: string, c = ctx, createParents = false) {
  const at: WalkedParent = walkToParent(c, path, { createParents });
  try {
    const held = statSync(`/proc/self/fd/${at.dirFd}`);
    return { dirPath: at.dirPath, name: at.name, info: at.info, held: `${held.dev}:${held.ino}` };
  } finally {
    closeSync(at.dirFd);
  }
}
const idOf = (path: string) => {
  const s = statSync(path);
  return `${s.dev}:${s.ino}`;
};

describe("the no-follow walk (Linux)", () => {
  it("finds /proc/self/fd on Linux", () => {
    expect(hasProcSelfFd()).toBe(true);
  });

  it("walks real folders and creates missing ones only when asked", () => {
    mkdirSync(join(ctx.root, "a/b"), { recursive: true });
    writeFileSync(join(ctx.root, "a/b/f.txt"), "x");
    const found = walk(join(ctx.root, "a/b/f.txt"));
    expect(found).toMatchObject({
      dirPath: join(ctx.root, "a/b"),
      name: "f.txt",
      held: idOf(join(ctx.root, "a/b")),
    });
    expect(found.info?.isFile()).toBe(true);
    expect(() => walk(join(ctx.root, "new/deep/g.txt"))).toThrow(expect.objectContaining({ code: "ENOENT" }));
    const made = walk(join(ctx.root, "new/deep/g.txt"), ctx, true);
    expect(made).toMatchObject({ name: "g.txt", info: undefined, held: idOf(join(ctx.root, "new/deep")) });
  });

  it("follows a symlinked folder that stays inside the workspace", () => {
    mkdirSync(join(ctx.root, "real"));
    symlinkSync("real", join(ctx.root, "alias"));
    const found = walk(join(ctx.root, "alias/f.txt"), ctx, true);
    expect(found).toMatchObject({
      dirPath: join(ctx.root, "real"),
      name: "f.txt",
      held: idOf(join(ctx.root, "real")),
    });
  });

  it("follows a symlinked file, and a dangling symlink whose target would be inside, to the target", () => {
    mkdirSync(join(ctx.root, "sub"));
    writeFileSync(join(ctx.root, "sub/real.txt"), "x");
    symlinkSync("sub/real.txt", join(ctx.root, "alias.txt"));
    symlinkSync(join(ctx.root, "sub/later.txt"), join(ctx.root, "dangling"));
    expect(walk(join(ctx.root, "alias.txt"))).toMatchObject({
      dirPath: join(ctx.root, "sub"),
      name: "real.txt",
    });
    expect(walk(join(ctx.root, "dangling"))).toMatchObject({
      dirPath: join(ctx.root, "sub"),
      name: "later.txt",
      info: undefined,
    });
  });

  it("refuses a symlink that leads outside, by absolute or relative target, unless the user allowed it", () => {
    symlinkSync(outside, join(ctx.root, "out"));
    mkdirSync(join(ctx.root, "sub"));
    symlinkSync("../../", join(ctx.root, "sub/up"));
    symlinkSync(join(outside, "f.txt"), join(ctx.root, "file-out"));
    for (const path of ["out/f.txt", "sub/up/x.txt", "file-out"]) {
      expect(() => walk(join(ctx.root, path), ctx, true)).toThrow(WorkspaceEscapeError);
    }
    expect(() => walk(join(ctx.root, "out/f.txt"))).toThrow(/out is a symlink to .*outside the workspace/);
    const allowed = createTestContext({ allowOutside: [outside] });
    try {
      symlinkSync(outside, join(allowed.root, "out"));
      expect(walk(join(allowed.root, "out/f.txt"), allowed)).toMatchObject({
        dirPath: outside,
        held: idOf(outside),
      });
    } finally {
      allowed.cleanup();
    }
  });

  it("gives up on a symlink loop", () => {
    symlinkSync("b", join(ctx.root, "a"));
    symlinkSync("a", join(ctx.root, "b"));
    expect(() => walk(join(ctx.root, "a/f.txt"))).toThrow(expect.objectContaining({ code: "ELOOP" }));
  });

  it("reports a file in the way of a folder as ENOTDIR", () => {
    writeFileSync(join(ctx.root, "plain"), "x");
    expect(() => walk(join(ctx.root, "plain/f.txt"), ctx, true)).toThrow(
      expect.objectContaining({ code: "ENOTDIR" }),
    );
  });
});
