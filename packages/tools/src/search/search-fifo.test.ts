/**
 * FIFOs (named pipes) in a searched tree never hang `search`, with either engine: a `.gitignore`
 * that is a FIFO (at the top or deeper) contributes no rules, a FIFO among the files is skipped as
 * ripgrep skips it, and a FIFO named as the search path is one clear line. Opening a FIFO blocks
 * until someone writes to it, which would freeze a test worker too, so each search runs in a child
 * node (on this package's build, `dist/`) that is killed after 20 s: a hang fails the test.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { findRipgrep } from "./ripgrep.js";

const BUILD = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), "../../dist/search.js")).href;

interface Output {
  content: string;
  isError?: boolean;
}

/**
 * `search` with each input, in a child node whose PATH has `rg` (or not). After 20 s the child
 * and everything it started (an `rg` stuck on a FIFO) are killed — their own process group — and
 * the search counts as hung.
 */
function searchInChild(
  root: string,
  inputs: Record<string, unknown>[],
  withRipgrep: boolean,
): Promise<Output[]> {
  const code = `
    const { searchTool } = await import(${JSON.stringify(BUILD)});
    const root = ${JSON.stringify(root)};
    const ctx = {
      workspaceRoot: root, cwd: root, sessionId: "fifo", lane: "main",
      signal: new AbortController().signal, spillDir: root + "/.spill",
      isOutsideAllowed: () => false,
    };
    const out = [];
    for (const input of ${JSON.stringify(inputs)}) out.push(await searchTool.run(input, ctx));
    process.stdout.write(JSON.stringify(out));
  `;
  const child = spawn(process.execPath, ["--input-type=module", "-e", code], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, PATH: withRipgrep ? (process.env.PATH ?? "") : "" },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    const hung = setTimeout(() => process.kill(-(child.pid as number), "SIGKILL"), 20_000);
    child.on("exit", (code, signal) => {
      clearTimeout(hung);
      if (signal) reject(new Error(`search hung: stopped after 20 s ${stderr}`));
      else if (code !== 0) reject(new Error(`search failed: ${stderr}`));
      else resolve(JSON.parse(stdout) as Output[]);
    });
  });
}

function fifoTree(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "picasso-search-fifo-")));
  mkdirSync(join(root, "sub"));
  writeFileSync(join(root, "needle.txt"), "needle here\n");
  writeFileSync(join(root, "sub", "deep.txt"), "needle deep\n");
  for (const fifo of [".gitignore", "pipe.txt", "sub/.gitignore"]) execFileSync("mkfifo", [join(root, fifo)]);
  return root;
}

/** Rules at the top (so rg reads the `.gitignore` files above a searched folder), a FIFO in between. */
function fifoAbove(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "picasso-search-fifo-")));
  mkdirSync(join(root, "mid", "low"), { recursive: true });
  writeFileSync(join(root, ".gitignore"), "*.log\n");
  writeFileSync(join(root, "mid", "low", "x.txt"), "needle low\n");
  writeFileSync(join(root, "mid", "low", "x.log"), "needle ignored\n");
  execFileSync("mkfifo", [join(root, "mid", ".gitignore")]);
  return root;
}

const engines = [
  ["the JavaScript walk", false],
  ...(findRipgrep() ? [["ripgrep", true] as const] : []),
] as const;

describe.each(engines)("search with %s, FIFOs in the tree", (_name, withRipgrep) => {
  it("skips FIFO files and FIFO .gitignore files, and names a FIFO given as the path", async () => {
    const root = fifoTree();
    const [found, listed, named] = await searchInChild(
      root,
      [{ pattern: "needle" }, { glob: "**/*.txt" }, { pattern: "needle", path: "pipe.txt" }],
      withRipgrep,
    );
    expect(found!.isError).toBeUndefined();
    expect(found!.content.split("\n\n")[0]).toBe("needle.txt:1: needle here\nsub/deep.txt:1: needle deep");
    expect(listed!.content).toBe("needle.txt\nsub/deep.txt");
    expect(named).toEqual({
      content: "pipe.txt is a FIFO (named pipe), not a file; search a folder or a regular file.",
      isError: true,
    });
  });

  it("a FIFO .gitignore in a folder above the searched one", async () => {
    const root = fifoAbove();
    const [found] = await searchInChild(root, [{ pattern: "needle", path: "mid/low" }], withRipgrep);
    expect(found!.content.split("\n\n")[0]).toBe("mid/low/x.txt:1: needle low");
  });
});
