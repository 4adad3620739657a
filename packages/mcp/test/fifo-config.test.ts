/**
 * MCP configuration files that are FIFOs (named pipes) never hang: the project's `.mcp.json` and
 * `$PICASSO_HOME/mcp.json` are one problem line each and their servers are left out, the allow
 * rules skip them (and a FIFO `.claude/settings.json`), and `picasso mcp add` refuses to edit one.
 * Opening a FIFO blocks until someone writes to it, which would freeze the test worker too, so
 * each call runs in a child node (on this package's build, `dist/`) killed after 20 s.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

/** The built modules the child runs: loading the configuration, the allow rules, editing a file. */
const BUILT = ["load-config.js", "allow-rules.js", "config-file.js"].map(
  (file) => pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), "../dist", file)).href,
);

/** The JSON that `body` (run with those modules' exports as `mcp`) prints; rejects when it hangs 20 s. */
function inChild(body: string): Promise<unknown> {
  const load = `const mcp = Object.assign({}, ...(await Promise.all(${JSON.stringify(BUILT)}.map((m) => import(m)))));`;
  const code = `${load}\n${body}`;
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
      if (signal) reject(new Error(`hung: stopped after 20 s ${stderr}`));
      else if (code !== 0) reject(new Error(`failed: ${stderr}`));
      else resolve(JSON.parse(stdout));
    });
  });
}

function fifoPlace() {
  const workspaceRoot = mkdtempSync(join(tmpdir(), "mcp-fifo-ws-"));
  const picassoHome = mkdtempSync(join(tmpdir(), "mcp-fifo-home-"));
  mkdirSync(join(workspaceRoot, ".claude"));
  for (const fifo of [
    join(workspaceRoot, ".mcp.json"),
    join(picassoHome, "mcp.json"),
    join(workspaceRoot, ".claude", "settings.json"),
  ])
    execFileSync("mkfifo", [fifo]);
  return { workspaceRoot, picassoHome };
}

describe("MCP configuration files that are FIFOs", () => {
  it("loading: one line for each, no servers; the allow rules skip them", async () => {
    const place = fifoPlace();
    const out = await inChild(`
      const place = ${JSON.stringify(place)};
      const loaded = mcp.loadMcpConfig({ ...place, env: {} });
      const allow = mcp.loadAllowRules(place);
      process.stdout.write(JSON.stringify({ ...loaded, allow }));
    `);
    expect(out).toEqual({
      servers: [],
      problems: [
        "$PICASSO_HOME/mcp.json: a FIFO (named pipe), not a file; its servers are left out",
        ".mcp.json: a FIFO (named pipe), not a file; its servers are left out",
      ],
      allow: [],
    });
  });

  it("picasso mcp add: refuses to edit one, in one line", async () => {
    const place = fifoPlace();
    const out = await inChild(`
      try {
        mcp.addServerToFile(${JSON.stringify(join(place.workspaceRoot, ".mcp.json"))}, ".mcp.json", "fs", { command: "node" });
        process.stdout.write(JSON.stringify("added"));
      } catch (error) {
        process.stdout.write(JSON.stringify(error.message));
      }
    `);
    expect(out).toBe(".mcp.json: a FIFO (named pipe), not a file; fix it first");
  });
});
