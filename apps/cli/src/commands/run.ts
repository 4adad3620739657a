/**
 * The root command: `picasso [-p PROMPT] [flags]`. With `-p` it runs one headless turn; without
 * it, the interactive TUI (commands/interactive.ts; short help when not on a terminal).
 */
import { type Command, Option } from "commander";
import type { HeadlessFlags } from "../headless/run-headless.js";

export function addSessionOptions(command: Command): Command {
  return command
    .option("--provider <name>", "model provider: anthropic, openai or mock")
    .option("--model <id>", "model id (default: the provider's)")
    .option("--mock-script <file>", "YAML script for --provider mock (see docs/mock-provider.md)")
    .option("-c, --continue", "continue the newest session of this workspace")
    .option("-r, --resume <id>", "resume the session with this id")
    .addOption(
      new Option(
        "--sandbox <mode>",
        "run commands in the bubblewrap sandbox: off, on or auto (default: setting sandbox.mode)",
      ).choices(["off", "on", "auto"]),
    )
    .option(
      "--approve-project-config",
      "use this project's .mcp.json, .picasso patch file and allow rules as they are now, and remember that approval",
    );
}

export function register(program: Command): void {
  // Root flags only before a subcommand, so `picasso compact --provider mock` reaches `compact`.
  program.enablePositionalOptions();
  addSessionOptions(
    program.option(
      "-p, --print <prompt>",
      "run one turn headless with this prompt and exit (- reads it from stdin; piped stdin is appended)",
    ),
  )
    .addOption(new Option("--mode <mode>", "permission mode").choices(["default", "plan", "auto"]))
    .addOption(
      new Option("--output-format <format>", "headless output")
        .choices(["text", "json", "stream-json"])
        .default("text"),
    )
    .option("--allow <tool...>", "headless: allow these tools without asking (e.g. --allow edit bash)")
    .option(
      "--elicit <how>",
      "headless: answer MCP servers that ask for input: decline (default), cancel, or a JSON object / JSON file of answers",
    )
    .option(
      "--goal",
      "headless: goal rounds — re-enter the prompt until goal_done, goal_blocked or --max-rounds",
    )
    .option("--max-rounds <n>", "headless --goal: at most this many rounds (default 5)")
    .option(
      "--image <path>",
      "headless: attach this image (PNG, JPEG, GIF, WebP; in the workspace) to the prompt; repeatable",
      (path: string, all: string[] = []) => [...all, path],
    )
    .action(async (flags: Partial<HeadlessFlags>) => {
      // Loaded on demand: headless needs no Ink, the TUI draws before the engine is loaded.
      const code =
        flags.print !== undefined
          ? await (await import("../headless/run-headless.js")).runHeadless(flags as HeadlessFlags)
          : await (await (await import("../interactive-loader.js")).loadInteractive()).startInteractive(
              flags,
            );
      process.exitCode = code;
    });
}
