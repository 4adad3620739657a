#!/usr/bin/env node
/**
 * The `picasso` binary's entry: as little as possible before the first useful output.
 * - `picasso --version` (or `-v`) prints the version and loads nothing else;
 * - otherwise the provider keys are first taken out of the environment (provider-keys.ts), before
 *   any module that could start a process loads;
 * - when the command opens the TUI, the plain first frame (first-frame.ts) is on screen before
 *   anything else loads; Ink takes its place once it has loaded;
 * - then it loads the program (cli.ts), which loads each command, the TUI and the engine on demand
 *   (a bug's stack is mapped to the TypeScript source when it is reported, not on every start).
 * In the shipped bundle (build.mjs) each dynamic import is a chunk of its own. Each stage on the way
 * is marked (`markStartup`; the start-up trace of @picasso/protocol).
 */
import { VERSION } from "./version.js";

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "--version" || args[0] === "-v")) process.stdout.write(`${VERSION}\n`);
else {
  // Loaded here, not above: --version needs none of them (nor the terminal modules they load).
  const [{ takeProviderKeys }, { holdEventLoopUntilReady, markStartup }, { drawFirstFrame, opensTui }] =
    await Promise.all([
      import("./provider-keys.js"),
      import("@picasso/protocol/startup-trace"),
      import("./first-frame.js"),
    ]);
  const releaseLoop = holdEventLoopUntilReady();
  markStartup("main");
  takeProviderKeys();
  if (opensTui(args)) {
    drawFirstFrame();
    markStartup("first-frame");
  }
  void import("./cli.js")
    .then((cli) => {
      markStartup("cli");
      return cli.run(process.argv);
    })
    .finally(releaseLoop);
}
