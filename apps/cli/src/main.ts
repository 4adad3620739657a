#!/usr/bin/env node
/**
 * The `picasso` binary's entry: as little as possible before the first useful output.
 * - `picasso --version` (or `-v`) prints the version and loads nothing else;
 * - otherwise the provider keys are first taken out of the environment (provider-keys.ts), before
 *   any module that could start a process loads;
 * - when the command opens the TUI, the plain first frame (first-frame.ts) is on screen before
 *   anything else loads; Ink takes its place once it has loaded;
 * - everything else turns on source maps (so a bug's stack names the TypeScript source), then
 *   loads the program (cli.ts), which loads each command, the TUI and the engine on demand.
 * In the shipped bundle (build.mjs) each dynamic import is a chunk of its own.
 */
import { VERSION } from "./version.js";

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "--version" || args[0] === "-v")) process.stdout.write(`${VERSION}\n`);
else {
  const { takeProviderKeys } = await import("./provider-keys.js");
  takeProviderKeys();
  // Loaded here, not above: --version needs neither it nor the terminal modules it loads.
  const { drawFirstFrame, opensTui } = await import("./first-frame.js");
  if (opensTui(args)) drawFirstFrame();
  process.setSourceMapsEnabled(true);
  void import("./cli.js").then((cli) => cli.run(process.argv));
}
