import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readTool } from "./read.js";
import { createTestContext, type TestContext } from "./test-context.js";
import { writeTool } from "./write.js";

let ctx: TestContext;
beforeEach(() => {
  ctx = createTestContext();
});
afterEach(() => ctx.cleanup());

describe("write", () => {
  it("creates a file and its parent folders", async () => {
    const out = await writeTool.run({ path: "deep/er/new.txt", content: "one\ntwo\n" }, ctx);
    expect(out.isError).toBeUndefined();
    expect(out.content).toBe("Created deep/er/new.txt (2 lines, 8 bytes).");
    expect(out.display).toEqual({ kind: "text", text: "Created deep/er/new.txt (2 lines)" });
    expect(readFileSync(join(ctx.root, "deep/er/new.txt"), "utf8")).toBe("one\ntwo\n");
    expect(ctx.files.wasRead(join(ctx.root, "deep/er/new.txt"))).toBe(true);
  });

  it("refuses to overwrite a file the session has not read", async () => {
    writeFileSync(join(ctx.root, "keep.txt"), "original\n");
    const out = await writeTool.run({ path: "keep.txt", content: "clobbered\n" }, ctx);
    expect(out.isError).toBe(true);
    expect(out.content).toContain("Read it first with the read tool");
    expect(readFileSync(join(ctx.root, "keep.txt"), "utf8")).toBe("original\n");
  });

  it("overwrites a read file atomically, keeps its mode and shows a diff", async () => {
    const file = join(ctx.root, "run.sh");
    writeFileSync(file, "echo one\necho two\n");
    chmodSync(file, 0o755);
    await readTool.run({ path: "run.sh" }, ctx);
    const out = await writeTool.run({ path: "run.sh", content: "echo one\necho three\n" }, ctx);
    expect(out.isError).toBeUndefined();
    expect(out.content).toContain("+1 -1 lines");
    expect(out.display).toMatchObject({ kind: "diff", path: "run.sh" });
    if (out.display?.kind === "diff") {
      expect(out.display.diff).toContain("-echo two");
      expect(out.display.diff).toContain("+echo three");
    }
    expect(readFileSync(file, "utf8")).toBe("echo one\necho three\n");
    expect(statSync(file).mode & 0o777).toBe(0o755);
    expect(readdirSync(ctx.root).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });

  it("replaces a large file with a summary instead of a diff", async () => {
    writeFileSync(join(ctx.root, "big.txt"), "q\n".repeat(600_000));
    await readTool.run({ path: "big.txt", limit: 1 }, ctx);
    const out = await writeTool.run({ path: "big.txt", content: "small\n" }, ctx);
    expect(out.display).toEqual({ kind: "text", text: "Replaced big.txt (1 lines)" });
    expect(readFileSync(join(ctx.root, "big.txt"), "utf8")).toBe("small\n");
  });

  it("says when nothing changed", async () => {
    writeFileSync(join(ctx.root, "same.txt"), "x\n");
    await readTool.run({ path: "same.txt" }, ctx);
    const out = await writeTool.run({ path: "same.txt", content: "x\n" }, ctx);
    expect(out.content).toContain("nothing changed");
  });

  it("refuses to replace a folder", async () => {
    mkdirSync(join(ctx.root, "dir"));
    const out = await writeTool.run({ path: "dir", content: "x" }, ctx);
    expect(out.isError).toBe(true);
    expect(out.content).toContain("is a folder");
  });

  it("refuses paths outside the workspace, including via a symlinked folder", async () => {
    const outside = realpathSync(mkdtempSync(join(tmpdir(), "picasso-out-")));
    try {
      const direct = await writeTool.run({ path: join(outside, "x.txt"), content: "x" }, ctx);
      expect(direct.isError).toBe(true);
      expect(direct.content).toContain("outside the workspace");
      symlinkSync(outside, join(ctx.root, "out"));
      const viaLink = await writeTool.run({ path: "out/x.txt", content: "x" }, ctx);
      expect(viaLink.isError).toBe(true);
      expect(readdirSync(outside)).toEqual([]);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it("writes outside the workspace when the user allowed the path", async () => {
    const outside = realpathSync(mkdtempSync(join(tmpdir(), "picasso-out-")));
    const allowed = createTestContext({ allowOutside: [outside] });
    try {
      const out = await writeTool.run({ path: join(outside, "ok.txt"), content: "fine" }, allowed);
      expect(out.isError).toBeUndefined();
      expect(readFileSync(join(outside, "ok.txt"), "utf8")).toBe("fine");
    } finally {
      allowed.cleanup();
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it("accepts empty content and rejects a missing one", async () => {
    expect((await writeTool.run({ path: "empty.txt", content: "" }, ctx)).isError).toBeUndefined();
    const missing = await writeTool.run({ path: "x.txt" }, ctx);
    expect(missing.isError).toBe(true);
    expect(missing.content).toContain('"content" is required');
  });
});

describe("write through symlinks", () => {
  it("writes into a symlinked folder inside the workspace", async () => {
    mkdirSync(join(ctx.root, "real"));
    symlinkSync("real", join(ctx.root, "alias"));
    const out = await writeTool.run({ path: "alias/deep/new.txt", content: "in\n" }, ctx);
    expect(out.isError).toBeUndefined();
    expect(readFileSync(join(ctx.root, "real/deep/new.txt"), "utf8")).toBe("in\n");
  });

  it("replaces a symlinked file's target and keeps the link", async () => {
    writeFileSync(join(ctx.root, "real.txt"), "old\n");
    symlinkSync("real.txt", join(ctx.root, "alias.txt"));
    await readTool.run({ path: "alias.txt" }, ctx);
    const out = await writeTool.run({ path: "alias.txt", content: "new\n" }, ctx);
    expect(out.isError).toBeUndefined();
    expect(readFileSync(join(ctx.root, "real.txt"), "utf8")).toBe("new\n");
    expect(lstatSync(join(ctx.root, "alias.txt")).isSymbolicLink()).toBe(true);
  });

  it("creates the target of a dangling symlink that points inside", async () => {
    symlinkSync(join(ctx.root, "later/target.txt"), join(ctx.root, "dangling"));
    const out = await writeTool.run({ path: "dangling", content: "made\n" }, ctx);
    expect(out.isError).toBeUndefined();
    expect(readFileSync(join(ctx.root, "later/target.txt"), "utf8")).toBe("made\n");
    expect(lstatSync(join(ctx.root, "dangling")).isSymbolicLink()).toBe(true);
  });

  it("refuses a symlink to outside, unless the user allowed where it leads", async () => {
    const outside = realpathSync(mkdtempSync(join(tmpdir(), "picasso-out-")));
    const allowed = createTestContext({ allowOutside: [outside] });
    try {
      symlinkSync(outside, join(ctx.root, "out"));
      symlinkSync(outside, join(allowed.root, "out"));
      const refused = await writeTool.run({ path: "out/x.txt", content: "x" }, ctx);
      expect(refused.isError).toBe(true);
      expect(refused.content).toContain("outside the workspace");
      expect(readdirSync(outside)).toEqual([]);
      const out = await writeTool.run({ path: "out/x.txt", content: "x" }, allowed);
      expect(out.isError).toBeUndefined();
      expect(readFileSync(join(outside, "x.txt"), "utf8")).toBe("x");
    } finally {
      allowed.cleanup();
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
