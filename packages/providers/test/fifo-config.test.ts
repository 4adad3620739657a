/**
 * A `$PICASSO_HOME/config.yaml` that is a FIFO (named pipe) is one `ConfigError` line, never a
 * hang. Opening a FIFO blocks until someone writes to it, which would freeze the test worker too,
 * so the load runs in a child node (on this package's build, `dist/`) killed after 20 s.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const BUILD = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), "../dist/config-file.js")).href;

/** What loading the config of `home` in a child gives: its settings or its error; rejects after 20 s. */
function loadInChild(home: string): Promise<{ name?: string; message?: string }> {
  const code = `
    const { loadPicassoConfig } = await import(${JSON.stringify(BUILD)});
    try {
      process.stdout.write(JSON.stringify(loadPicassoConfig(${JSON.stringify(home)})));
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
      if (signal) reject(new Error(`loading config.yaml hung: stopped after 20 s ${stderr}`));
      else if (code !== 0) reject(new Error(`failed: ${stderr}`));
      else resolve(JSON.parse(stdout));
    });
  });
}

describe("config.yaml that is a FIFO", () => {
  it("is one ConfigError line naming the file and what to do", async () => {
    const home = mkdtempSync(join(process.env.PICASSO_HOME!, "cfg-fifo-"));
    const path = join(home, "config.yaml");
    execFileSync("mkfifo", [path]);
    expect(await loadInChild(home)).toEqual({
      name: "ConfigError",
      message: `${path}: a FIFO (named pipe), not a file — make it a regular file or delete it`,
    });
  });
});
