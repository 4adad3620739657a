/**
 * The command sandbox against the real bubblewrap: workspace writes and build tools work; a write
 * outside the workspace, a read of PICASSO_HOME and a connection to a local server do not, and a
 * failed command says which wall it hit. Where bubblewrap cannot run, `auto` runs unconfined and
 * `on` refuses — both said in one line.
 */
import { execFile } from "node:child_process";
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBashTool } from "../bash.js";
import { createTestContext } from "../test-context.js";
import { createToolRuntime } from "../tool-runtime.js";
import { probeSandbox } from "./sandbox.js";

const available = probeSandbox().available;
const ctx = createTestContext();
const workspace = ctx.root;
// Not under /tmp: the sandbox mounts its own /tmp, so a path there would be missing, not refused.
const root = realpathSync(mkdtempSync(join(writableOutsideTmp(), ".picasso-sandbox-test-")));
const home = join(root, "picasso-home");
const outside = join(root, "outside");
mkdirSync(home);
mkdirSync(outside);
writeFileSync(join(home, "secret.txt"), "sk-secret\n");

const server = createServer((_, res) => res.end("reached"));
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.close();
  ctx.cleanup();
  rmSync(root, { recursive: true, force: true });
});

/**
 * The "outside" folder must not be under /tmp, which the sandbox replaces with its own: a write
 * there would miss the wall this test is about. /var/tmp first (there on every Linux), then HOME and
 * the checkout — so the test holds wherever the checkout and HOME live.
 */
function writableOutsideTmp(): string {
  for (const dir of ["/var/tmp", homedir(), process.cwd()]) {
    try {
      accessSync(dir, constants.W_OK);
      if (!realpathSync(dir).startsWith(realpathSync(tmpdir()))) return dir;
    } catch {}
  }
  throw new Error("the sandbox test needs a writable folder outside /tmp: /var/tmp, HOME or the checkout");
}

async function bash(command: string, mode: "auto" | "on" | "off" = "auto") {
  const runtime = createToolRuntime({
    killGraceMs: 200,
    sandbox: {
      settings: { mode, network: false },
      place: { workspaceRoot: workspace, tempDir: mkdtempSync(join(root, "tmp-")), hidden: [home] },
    },
  });
  try {
    const tool = createBashTool(runtime.jobs);
    return { out: await tool.run({ command }, ctx), runtime, tool };
  } finally {
    await runtime.dispose();
  }
}

// Every sandbox suite below runs only where bubblewrap works; on Linux its absence is a failure
// here, one line saying what to install, so the walls are never silently left untested.
describe.runIf(process.platform === "linux")("bubblewrap on this Linux machine", () => {
  it("is there to test the walls with", () => {
    expect(
      probeSandbox(),
      "the sandbox tests need bubblewrap: install it (Debian/Ubuntu: sudo apt-get install -y bubblewrap)",
    ).toMatchObject({ available: true });
  });
});

describe.runIf(available)("the command sandbox (bubblewrap)", () => {
  it("lets commands write the workspace and run the build tools", async () => {
    const { out } = await bash(
      `echo built > made.txt && node -e "require('fs').writeFileSync('n.txt','ok')" && git init -q repo && echo done`,
    );
    expect(out.content).toContain("Exit code: 0");
    expect(readFileSync(join(workspace, "made.txt"), "utf8")).toBe("built\n");
    expect(existsSync(join(workspace, "repo", ".git"))).toBe(true);
  });

  it("refuses a write outside the workspace, and says it was the sandbox", async () => {
    const { out } = await bash(`echo x > ${join(outside, "escaped.txt")}`);
    expect(existsSync(join(outside, "escaped.txt"))).toBe(false);
    expect(out.content).toMatch(/\[blocked by the sandbox: write outside the workspace/);
  });

  it("hides PICASSO_HOME", async () => {
    const { out } = await bash(`cat ${join(home, "secret.txt")}; ls ${home}`);
    expect(out.content).not.toContain("sk-secret");
    expect(out.content).not.toMatch(/^secret\.txt$/m);
  });

  it("cuts the network, even to a local server, and says so", async () => {
    const { out } = await bash(
      `curl -sS --max-time 5 http://127.0.0.1:${port}/ || wget -q -O- http://127.0.0.1:${port}/`,
    );
    expect(out.content).not.toContain("reached");
    // The same command outside the sandbox reaches it (async: the server answers from this process).
    const direct = await promisify(execFile)("curl", ["-sS", `http://127.0.0.1:${port}/`]);
    expect(direct.stdout).toBe("reached");
    const named = await bash("curl -sS --max-time 5 https://registry.npmjs.org/");
    expect(named.out.content).toMatch(/\[blocked by the sandbox: network/);
  });

  it("reports a sandboxed call, so auto mode runs it unasked", async () => {
    const { tool } = await bash("true");
    expect(tool.callEffect?.({ command: "ls" })).toEqual({ effect: "exec", sandboxed: true });
    expect(tool.callEffect?.({ action: "list" })).toEqual({ effect: "read" });
  });
});

describe("without the sandbox", () => {
  it("off: commands run unconfined and calls are not sandboxed", async () => {
    const { out, tool } = await bash(`echo x > ${join(outside, "free.txt")}`, "off");
    expect(out.content).toContain("Exit code: 0");
    expect(tool.callEffect?.({ command: "ls" })).toEqual({ effect: "exec", sandboxed: false });
  });
});
