/**
 * The fault matrix's hostile inputs, through the built binary: a workspace with a 1 GB file, a
 * binary file, a symlink pointing outside it, a path with a newline, an AGENTS.md that is a FIFO
 * or 50 MB. Each gets a clear answer, nothing hangs, nothing is written outside the workspace.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { picasso, script, workspace } from "./cli-harness.js";

interface ResultEvent {
  type: string;
  toolUseId: string;
  name?: string;
  status?: string;
  content?: string;
}

function results(stdout: string): ResultEvent[] {
  return stdout
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as ResultEvent)
    .filter((e) => e.type === "tool_result")
    .sort((a, b) => callNumber(a) - callNumber(b));
}

/** Results arrive as calls finish (reads run in parallel); the mock's ids end with the call's number. */
function callNumber(e: ResultEvent): number {
  return Number(/_(\d+)$/.exec(e.toolUseId)?.[1]);
}

describe("hostile inputs", { timeout: 120_000 }, () => {
  it("a 1 GB file, a binary file, a symlink out, a newline in a path: clear answers, nothing written outside", async () => {
    const outside = mkdtempSync(join(tmpdir(), "picasso-outside-"));
    writeFileSync(join(outside, "secret.txt"), "outside secret\n");
    const dir = workspace({ "blob.bin": "", "odd\nname.txt": "line one\nneedle here\n" });
    writeFileSync(join(dir, "blob.bin"), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3, 0, 0xff]));
    writeFileSync(join(dir, "huge.log"), "first line\n");
    truncateSync(join(dir, "huge.log"), 1024 * 1024 * 1024); // 1 GB (sparse)
    symlinkSync(outside, join(dir, "escape"));
    const steps = [
      {
        match: "go",
        tool_calls: [
          { name: "read", input: { path: "huge.log", limit: 5 } },
          { name: "read", input: { path: "blob.bin" } },
          { name: "read", input: { path: "escape/secret.txt" } },
          { name: "write", input: { path: "escape/planted.txt", content: "planted" } },
          { name: "read", input: { path: "odd\nname.txt" } },
          { name: "search", input: { pattern: "needle" } },
        ],
      },
      { text: "survived" },
    ];
    const run = await picasso(
      dir,
      [
        "-p",
        "go",
        "--provider",
        "mock",
        "--mock-script",
        script(dir, { steps }),
        "--output-format",
        "stream-json",
        "--allow",
        "write",
      ],
      { timeout: 90_000 },
    );
    expect(run.exitCode).toBe(0);
    const [huge, blob, escapeRead, escapeWrite, odd, search] = results(run.stdout as string);
    // Sparse: one line, then a gigabyte of NUL bytes — answered from the first 64 KB, at once.
    expect(huge!.content).toMatch(/^huge\.log is a binary file \(1073741824 bytes\)/);
    expect(blob!.content).toMatch(/binary/i);
    expect(escapeRead).toMatchObject({ status: "error" });
    expect(escapeRead!.content).toMatch(/outside the workspace .*resolves to/);
    expect(escapeWrite).toMatchObject({ status: "error" });
    expect(escapeWrite!.content).toMatch(/outside the workspace/);
    expect(odd).toMatchObject({ status: "ok" });
    expect(odd!.content).toContain("needle here");
    expect(search).toMatchObject({ status: "ok" });
    expect(search!.content).toContain("needle here");
    expect(readdirSync(outside)).toEqual(["secret.txt"]);
    expect(readFileSync(join(outside, "secret.txt"), "utf8")).toBe("outside secret\n");
  });

  it("an AGENTS.md that is a FIFO: the session starts, warns in one line, and answers", async () => {
    const dir = workspace();
    execFileSync("mkfifo", [join(dir, "AGENTS.md")]);
    const steps = [{ text: "answered" }];
    const run = await picasso(
      dir,
      ["-p", "hi", "--provider", "mock", "--mock-script", script(dir, { steps })],
      {
        timeout: 30_000,
      },
    );
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe("answered");
    expect(run.stderr).toContain(
      "picasso: warning: AGENTS.md: a FIFO (named pipe), not a file; left out of the instruction index",
    );
  });

  it("a 50 MB AGENTS.md: read up to 1 MiB, the index stays within its cap, one warning", async () => {
    const dir = workspace();
    writeFileSync(
      join(dir, "AGENTS.md"),
      `# Rules\n${"Run the tests before you commit.\n".repeat(1_700_000)}`,
    );
    const steps = [{ text: "answered" }];
    const run = await picasso(
      dir,
      ["-p", "hi", "--provider", "mock", "--mock-script", script(dir, { steps })],
      {
        timeout: 60_000,
      },
    );
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe("answered");
    expect(run.stderr).toMatch(/AGENTS\.md: 5\d\.\d MB; only its first 1\.0 MB read/);
    const context = await picasso(dir, ["context", "--json"]);
    expect(context.exitCode).toBe(0);
  });
});
