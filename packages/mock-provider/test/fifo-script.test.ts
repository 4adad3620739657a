/**
 * A mock script (`--mock-script`) that is a FIFO (named pipe) is one `UserError` line, never a
 * hang. Opening a FIFO blocks until someone writes to it, which would freeze the test worker too,
 * so the load runs in a child node (on this package's build, `dist/`) killed after 20 s.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const BUILD = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), "../dist/script.js")).href;

/** What loading the script at `path` in a child gives: the script or its error; rejects after 20 s. */
function loadInChild(path: string): Promise<{ name?: string; message?: string }> {
  const code = `
    const { loadMockScript } = await import(${JSON.stringify(BUILD)});
    try {
      process.stdout.write(JSON.stringify(loadMockScript(${JSON.stringify(path)})));
    } catch (error) {
      process.stdout.write(JSON.stringify({ name: error.name, message: error.message }));
    }
  `;
  const child = spawn(process.execPath, ["--input-type=module", "-e", code], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
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
      if (signal) reject(new Error(`loading the mock script hung: stopped after 20 s ${stderr}`));
      else if (code !== 0) reject(new Error(`failed: ${stderr}`));
      else resolve(JSON.parse(stdout));
    });
  });
}

describe("a mock script that is a FIFO", () => {
  it("is one UserError line naming the file", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "mock-script-fifo-")), "script.yaml");
    execFileSync("mkfifo", [path]);
    expect(await loadInChild(path)).toEqual({
      name: "UserError",
      message: `${path}: a FIFO (named pipe), not a file; give a mock script file`,
    });
  });
});
