import { execFileSync } from "node:child_process";
import { mkdtempSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createChangesExtension, READ_START_AFTER_MS, readHead } from "./changes-extension.js";
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
const call = { sessionId: "s", lane: "main", turn: 1, toolUseId: "t1", name: "bash", input: {} };

function headOf(root: string): string {
  return execFileSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
}

describe("the changes extension", () => {
  it("shows the uncommitted files with line figures and the commits since the session started", async () => {
    const root = repository();
    const extension = createChangesExtension({ workspaceRoot: root });
    await extension.start?.(start(root));
    // The commit below is made as the model's command would be: once its call passed the gates.
    expect(await extension.beforeToolCall?.(call)).toBeUndefined();
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

  it("opens without waiting for git; the first tool call starts the read and waits for it, so its commit counts", async () => {
    const root = repository();
    const first = headOf(root);
    const log: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const extension = createChangesExtension({
      workspaceRoot: root,
      readHead: async (at, stop) => {
        log.push("reading the start");
        await held;
        const head = await readHead(at, stop);
        log.push("start known");
        return head;
      },
    });
    expect(await extension.start?.(start(root))).toBeUndefined();
    // Not read on the way to a ready session: later, or when a tool call comes first.
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual([]);
    // Before the start is known no tool has run: the panel takes HEAD as it is for the start.
    expect(extension.panel?.()?.rows).toEqual(
      expect.arrayContaining([
        { label: "session started at", value: first.slice(0, 12) },
        { label: "commits since", value: "0" },
      ]),
    );
    const gate = Promise.resolve(extension.beforeToolCall?.(call)).then(() => log.push("tool call goes on"));
    const operation = Promise.resolve(extension.operations![0]!.run("", { signal, offline: false })).then(
      (result) => {
        log.push("changes answered");
        return result;
      },
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(["reading the start"]);
    release();
    await gate;
    expect((await operation).text).toBe("No uncommitted changes.");
    expect(log).toEqual(["reading the start", "start known", "tool call goes on", "changes answered"]);
    // The tool call's commit: a commit since the session started.
    writeFileSync(join(root, "c.txt"), "sea\n");
    git(root, "add", "c.txt");
    git(root, "commit", "-q", "-m", "add c");
    expect(extension.panel?.()?.rows).toEqual(
      expect.arrayContaining([
        { label: "session started at", value: first.slice(0, 12) },
        { label: "commits since", value: "1" },
      ]),
    );
    await extension.close?.();
  });

  it("reads the start by itself a moment after the session starts, and not at all when closed first", async () => {
    const root = repository();
    const reads: number[] = [];
    const made = (t0: number) =>
      createChangesExtension({
        workspaceRoot: root,
        readHead: async (at, stop) => {
          reads.push(performance.now() - t0);
          return readHead(at, stop);
        },
      });
    const t0 = performance.now();
    const waiting = made(t0);
    await waiting.start?.(start(root));
    await new Promise((resolve) => setTimeout(resolve, READ_START_AFTER_MS + 200));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toBeGreaterThanOrEqual(READ_START_AFTER_MS - 5);
    await waiting.close?.();

    const closedFirst = made(performance.now());
    await closedFirst.start?.(start(root));
    await closedFirst.close?.();
    await new Promise((resolve) => setTimeout(resolve, READ_START_AFTER_MS + 50));
    expect(reads).toHaveLength(1);
  });

  it("reads the start through the safe runner: HEAD's commit, none outside a repository", async () => {
    const root = repository();
    expect(await readHead(root, signal)).toBe(headOf(root));
    expect(await readHead(mkdtempSync(join(tmpdir(), "changes-none-")), signal)).toBeUndefined();
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
