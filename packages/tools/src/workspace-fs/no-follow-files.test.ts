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
import { createTestContext, type TestContext } from "../test-context.js";
import { BY_PATH_FILES } from "./by-path-files.js";
import { NO_FOLLOW_FILES } from "./no-follow-files.js";
import { WorkspaceEscapeError } from "./no-follow-walk.js";
import { workspaceFs } from "./workspace-fs.js";

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

const at = (path: string) => join(ctx.root, path);

describe.each([
  ["no-follow", NO_FOLLOW_FILES],
  ["by-path fallback", BY_PATH_FILES],
])("workspace file operations (%s)", (_name, files) => {
  it("writes atomically: parents created, mode kept, no temporary file left", async () => {
    await files.writeFile(ctx, at("a/b/new.txt"), "one\n");
    expect(readFileSync(at("a/b/new.txt"), "utf8")).toBe("one\n");
    writeFileSync(at("run.sh"), "old\n");
    chmodSync(at("run.sh"), 0o751);
    await files.writeFile(ctx, at("run.sh"), "new\n");
    expect(readFileSync(at("run.sh"), "utf8")).toBe("new\n");
    expect(statSync(at("run.sh")).mode & 0o777).toBe(0o751);
    expect(readdirSync(ctx.root).filter((n) => n.endsWith(".tmp"))).toEqual([]);
    await expect(files.writeFile(ctx, at("a"), "x")).rejects.toThrow();
    expect(statSync(at("a")).isDirectory()).toBe(true);
  });

  it("removes files (a missing one is no error), makes folders, stats and opens", async () => {
    writeFileSync(at("gone.txt"), "x");
    await files.removeFile(ctx, at("gone.txt"));
    await files.removeFile(ctx, at("gone.txt"));
    await files.removeFile(ctx, at("no/such/folder.txt"));
    expect(readdirSync(ctx.root)).toEqual([]);
    await files.makeFolder(ctx, at("x/y/z"));
    await files.makeFolder(ctx, at("x/y/z"));
    expect(statSync(at("x/y/z")).isDirectory()).toBe(true);
    expect((await files.stat(ctx, at("x/y")))?.isDirectory()).toBe(true);
    expect(await files.stat(ctx, at("x/none"))).toBeUndefined();
    writeFileSync(at("x/r.txt"), "read me");
    const handle = await files.openFile(ctx, at("x/r.txt"));
    try {
      expect(await handle.readFile("utf8")).toBe("read me");
    } finally {
      await handle.close();
    }
  });
});

describe("the no-follow operations, where the fallback would follow (Linux)", () => {
  it("is what the tools use on Linux", () => {
    expect(workspaceFs()).toBe(NO_FOLLOW_FILES);
  });

  it("writes through a symlinked file inside the workspace to its target, keeping the link", async () => {
    mkdirSync(at("sub"));
    writeFileSync(at("sub/real.txt"), "old\n");
    symlinkSync("sub/real.txt", at("alias.txt"));
    await NO_FOLLOW_FILES.writeFile(ctx, at("alias.txt"), "new\n");
    expect(readFileSync(at("sub/real.txt"), "utf8")).toBe("new\n");
    expect(lstatSync(at("alias.txt")).isSymbolicLink()).toBe(true);
  });
  it("refuses to write, remove, make, stat or open through a symlink that leads outside", async () => {
    writeFileSync(join(outside, "secret.txt"), "SECRET");
    symlinkSync(outside, at("out"));
    symlinkSync(join(outside, "secret.txt"), at("secret-link"));
    const attempts = [
      NO_FOLLOW_FILES.writeFile(ctx, at("out/new.txt"), "x"),
      NO_FOLLOW_FILES.writeFile(ctx, at("secret-link"), "clobbered"),
      NO_FOLLOW_FILES.removeFile(ctx, at("out/secret.txt")),
      NO_FOLLOW_FILES.makeFolder(ctx, at("out/made")),
      NO_FOLLOW_FILES.stat(ctx, at("secret-link")),
      NO_FOLLOW_FILES.openFile(ctx, at("out/secret.txt")),
    ];
    for (const attempt of attempts) await expect(attempt).rejects.toThrow(WorkspaceEscapeError);
    expect(readdirSync(outside)).toEqual(["secret.txt"]);
    expect(readFileSync(join(outside, "secret.txt"), "utf8")).toBe("SECRET");
  });

  it("follows such a symlink when the user allowed the path it leads to", async () => {
    const allowed = createTestContext({ allowOutside: [outside] });
    try {
      symlinkSync(outside, join(allowed.root, "out"));
      await NO_FOLLOW_FILES.writeFile(allowed, join(allowed.root, "out/new.txt"), "fine\n");
      expect(readFileSync(join(outside, "new.txt"), "utf8")).toBe("fine\n");
    } finally {
      allowed.cleanup();
    }
  });
});
