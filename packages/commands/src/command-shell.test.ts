import { approveProjectFile } from "@picasso/workspace";
import { describe, expect, it } from "vitest";
import { discoverCommands } from "./command-discovery.js";
import { reviewProjectCommands, shellRunner } from "./command-shell.js";
import { places, writeFiles } from "./test-places.js";

const FILE = "---\nallowed-tools: Bash(echo:*)\n---\nSay !`echo hi-from-shell` and !`pwd`";

describe("shell lines of a command file", () => {
  it("a project file's line runs only once its content is approved, and only what allowed-tools permits", async () => {
    const p = places();
    writeFiles(p.workspaceRoot, { ".claude/commands/say.md": FILE });
    const [say] = discoverCommands(p).commands;
    expect(reviewProjectCommands(p, [say!])).toEqual([
      {
        file: ".claude/commands/say.md",
        state: "new",
        digest: say!.digest,
        effect: "runs shell commands when /say is used: echo hi-from-shell",
      },
    ]);
    const before = shellRunner(p, say!);
    expect(await before("echo hi-from-shell")).toEqual({
      ran: false,
      text: ".claude/commands/say.md is not approved; approve it with `picasso trust approve .claude/commands/say.md`",
    });
    approveProjectFile(p.picassoHome, p.workspaceRoot, say!.shown, say!.digest);
    expect(reviewProjectCommands(p, [say!])[0]?.state).toBe("approved");
    const run = shellRunner(p, say!);
    expect(await run("echo hi-from-shell")).toEqual({ ran: true, text: "hi-from-shell\n" });
    expect(await run("pwd")).toEqual({
      ran: false,
      text: "the file's allowed-tools does not permit Bash for it",
    });
  });

  it("a changed project file is asked about again; a user file needs no approval; TOML lines never run", async () => {
    const p = places();
    writeFiles(p.workspaceRoot, {
      ".claude/commands/say.md": FILE,
      ".gemini/commands/diff.toml": 'prompt = "!{echo x}"',
    });
    const [say, diff] = discoverCommands(p).commands;
    approveProjectFile(p.picassoHome, p.workspaceRoot, say!.shown, "0".repeat(64));
    expect((await shellRunner(p, say!)("echo hi")).text).toMatch(/is changed since you approved it/);
    expect(await shellRunner(p, diff!)("echo x")).toEqual({
      ran: false,
      text: "a TOML command has no allowed-tools, so its !{…} lines never run",
    });
    expect(reviewProjectCommands(p, [diff!])).toEqual([]);
    writeFiles(p.picassoHome, { "commands/mine.md": "---\nallowed-tools: [Bash]\n---\n!`echo user`" });
    const mine = discoverCommands(p).commands.find((c) => c.name === "mine")!;
    expect(await shellRunner(p, mine)("exit 3")).toEqual({ ran: true, text: "\n[exit code 3]" });
  });

  it("runs a line as a hook runs: no secret of Picasso's environment, and never unconfined when the sandbox cannot run", async () => {
    const p = places();
    writeFiles(p.workspaceRoot, { ".claude/commands/env.md": "---\nallowed-tools: Bash\n---\n!`echo x`" });
    const [command] = discoverCommands(p).commands;
    approveProjectFile(p.picassoHome, p.workspaceRoot, command!.shown, command!.digest);
    const env = {
      ...p.env,
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      GITHUB_TOKEN: "ghp-SECRET",
      ANTHROPIC_API_KEY: "sk-SECRET",
    };
    const run = shellRunner({ ...p, env }, command!);
    expect(await run('echo "token=$GITHUB_TOKEN key=$ANTHROPIC_API_KEY dir=$PICASSO_PROJECT_DIR"')).toEqual({
      ran: true,
      text: `token= key= dir=${p.workspaceRoot}\n`,
    });
    const refusing = {
      active: true,
      refusesCommands: true,
      wrap: () => ({ file: "bash", args: ["-c", "true"] }),
    };
    expect(await shellRunner({ ...p, env, sandbox: refusing }, command!)("echo hi")).toEqual({
      ran: false,
      text: "could not run: the sandbox is on but cannot run here, so it is not run",
    });
    let wrapped = "";
    const sandbox = {
      active: true,
      refusesCommands: false,
      wrap: (line: string) => {
        wrapped = line;
        return { file: "bash", args: ["-c", "echo inside-the-sandbox"] };
      },
    };
    expect(await shellRunner({ ...p, env, sandbox }, command!)("echo hi")).toEqual({
      ran: true,
      text: "inside-the-sandbox\n",
    });
    expect(wrapped).toBe("echo hi");
  });
});
