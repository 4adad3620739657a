import { execFileSync } from "node:child_process";
import { mkdtempSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createChangesExtension } from "./changes-extension.js";
import { parseNumstat, parseStatus } from "./workspace-changes.js";

function git(cwd: string, ...args: string[]): void {
  execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], {
    cwd,
    stdio: "ignore",
  });
}

function repository(): string {
  const root = mkdtempSync(join(tmpdir(), "changes-"));
  git(root, "init", "-q", "-b", "main");
  writeFileSync(join(root, "a.txt"), "one\ntwo\n");
  writeFileSync(join(root, "b.txt"), "bee\n");
  git(root, "add", ".");
  git(root, "commit", "-q", "-m", "first");
  return root;
}

const start = (root: string) => ({
  sessionId: "s",
  workspaceRoot: root,
  picassoHome: "/h",
  logPath: "/l",
  record: () => {},
});
const signal = new AbortController().signal;

describe("the changes extension", () => {
  it("shows the uncommitted files with line figures and the commits since the session started", async () => {
    const root = repository();
    const extension = createChangesExtension({ workspaceRoot: root });
    await extension.start?.(start(root));
    writeFileSync(join(root, "c.txt"), "sea\n");
    git(root, "add", "c.txt");
    git(root, "commit", "-q", "-m", "add c");
    writeFileSync(join(root, "a.txt"), "one\n2\nthree\n");
    writeFileSync(join(root, "new.txt"), "fresh\n");
    renameSync(join(root, "b.txt"), join(root, "bee.txt"));
    git(root, "add", "-A", "b.txt", "bee.txt");

    const panel = extension.panel?.();
    expect(panel?.title).toBe("workspace changes");
    expect(panel?.rows).toEqual(
      expect.arrayContaining([
        { label: "branch", value: "main" },
        { label: "commits since", value: "1" },
        { label: "uncommitted", value: "3 files (+2 −1)" },
        { label: "a.txt", value: "modified +2 −1", level: 1 },
        { label: "bee.txt", value: "renamed +0 −0", level: 1 },
        { label: "new.txt", value: "untracked", level: 1 },
      ]),
    );
    const operation = extension.operations?.find((o) => o.name === "changes");
    const result = await operation!.run("", { signal, offline: false });
    expect(result.text).toMatch(/^Uncommitted: 3 files \(\+2 −1\) against [0-9a-f]{12}$/m);
    expect(result.text).toMatch(/^ {2}modified {3}a\.txt {2}\+2 −1$/m);
    expect(result.text).toMatch(/^Commits since the session started \(1\):\n {2}[0-9a-f]+ add c$/m);
    expect(result.data).toMatchObject({ ok: true, branch: "main", commits: [{ subject: "add c" }] });
  });

  it("offline (no session started) it shows the changes against HEAD, and says when there are none", async () => {
    const root = repository();
    const operation = createChangesExtension({ workspaceRoot: root }).operations![0]!;
    expect(operation.offline).toBe(true);
    expect((await operation.run("", { signal, offline: true })).text).toBe("No uncommitted changes.");
  });

  it("outside a repository the panel and the operation say why, without throwing", async () => {
    const root = mkdtempSync(join(tmpdir(), "changes-none-"));
    const extension = createChangesExtension({ workspaceRoot: root });
    await extension.start?.(start(root));
    expect(extension.panel?.()?.rows[0]).toMatchObject({ label: "git", tone: "dim" });
    const result = await extension.operations![0]!.run("", { signal, offline: false });
    expect(result.tone).toBe("warn");
    expect(result.text).toBe(
      "No changes to show: the workspace is not a git repository (git init to track changes).",
    );
  });

  it("parses git's NUL-separated status and numstat, renames and binary files included", () => {
    expect(parseStatus(" M a.txt\0R  new name.txt\0old name.txt\0?? x y.bin\0UU c.txt\0")).toEqual([
      { path: "a.txt", status: "modified" },
      { path: "new name.txt", status: "renamed" },
      { path: "x y.bin", status: "untracked" },
      { path: "c.txt", status: "conflicted" },
    ]);
    const numstat = parseNumstat("3\t1\ta.txt\0-\t-\timg.png\x000\t0\t\0old.txt\0new.txt\0");
    expect(Object.fromEntries(numstat)).toEqual({
      "a.txt": { added: 3, removed: 1 },
      "img.png": { added: null, removed: null },
      "new.txt": { added: 0, removed: 0 },
    });
  });
});
