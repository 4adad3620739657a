import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExtensionOperation, PicassoExtension } from "@picasso/protocol";
import { Command } from "commander";
import { afterEach, describe, expect, it } from "vitest";
import { register } from "./operations.js";

const runs: { args: string; offline: boolean }[] = [];
const greet: ExtensionOperation = {
  name: "greet",
  args: "<name…>",
  summary: "say hello",
  offline: true,
  run(args, ctx) {
    runs.push({ args, offline: ctx.offline });
    if (args === "") return { text: "give a name", tone: "warn" };
    return { text: `Hello, ${args}!`, data: { greeted: args } };
  },
};
const live: ExtensionOperation = {
  name: "live-only",
  summary: "needs a session",
  run: () => ({ text: "no" }),
};
const greeter: PicassoExtension = { name: "greeter", operations: [greet, live] };

function workspace() {
  const root = mkdtempSync(join(tmpdir(), "cli-ops-"));
  mkdirSync(join(root, ".git"));
  return root;
}

/** A program with the workspace's offline operations (and the greeter's) registered, and what it wrote. */
async function program(existing: string[] = []) {
  const out: string[] = [];
  const err: string[] = [];
  const cli = new Command("picasso").exitOverride();
  for (const name of existing)
    cli
      .command(name)
      .argument("[words...]")
      .action(() => {
        out.push(`hand-written ${name}`);
      });
  await register(cli, {
    cwd: workspace(),
    env: { PICASSO_HOME: mkdtempSync(join(tmpdir(), "cli-ops-home-")) },
    wrapPlugins: (extensions) => [...extensions, greeter],
    io: { out: (t) => out.push(t), err: (t) => err.push(t) },
  });
  return { cli, out, err };
}

afterEach(() => {
  runs.length = 0;
  process.exitCode = undefined;
});

describe("picasso <operation>", () => {
  it("offers an extension's offline operation as a subcommand, and only the offline ones", async () => {
    const { cli } = await program();
    const greetCommand = cli.commands.find((c) => c.name() === "greet");
    expect(greetCommand?.description()).toBe("say hello");
    expect(greetCommand?.helpInformation()).toContain("<name…>");
    const names = cli.commands.map((c) => c.name());
    expect(names).not.toContain("live-only");
    // The product's offline operations come first (the changes, hooks and agents extensions'); no
    // core operation is offline: they act on a live session.
    expect(names).toEqual(["changes", "hooks", "agents", "greet"]);
  });

  it("runs it offline with the words after its name, printing the text, or the data with --json", async () => {
    const { cli, out } = await program();
    await cli.parseAsync(["greet", "dear", "world"], { from: "user" });
    expect(out).toEqual(["Hello, dear world!\n"]);
    await cli.parseAsync(["greet", "you", "--json"], { from: "user" });
    expect(JSON.parse(out[1]!)).toEqual({ greeted: "you" });
    expect(runs).toEqual([
      { args: "dear world", offline: true },
      { args: "you", offline: true },
    ]);
    expect(process.exitCode).toBeUndefined();
  });

  it("a warn answer is one line on stderr and exit 1", async () => {
    const { cli, out, err } = await program();
    await cli.parseAsync(["greet"], { from: "user" });
    expect(out).toEqual([]);
    expect(err).toEqual(["picasso greet: give a name\n"]);
    expect(process.exitCode).toBe(1);
  });

  it("leaves a name a hand-written subcommand has to that command", async () => {
    const { cli, out } = await program(["greet"]);
    expect(cli.commands.filter((c) => c.name() === "greet")).toHaveLength(1);
    await cli.parseAsync(["greet", "x"], { from: "user" });
    expect(runs).toEqual([]);
    expect(out).toEqual(["hand-written greet"]);
  });
});
