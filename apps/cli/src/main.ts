#!/usr/bin/env node
/**
 * The `picasso` binary's entry: as little as possible before the first useful output.
 * - `picasso --version` (or `-v`) prints the version and loads nothing else;
 * - otherwise every chunk loaded from then on is compiled with the code V8 cached for it on an
 *   earlier run (compile-cache.ts), and the provider keys are first taken out of the environment
 *   (provider-keys.ts), before any module that could start a process loads;
 * - when the command opens the TUI, the plain first frame (first-frame.ts) is on screen before
 *   anything else loads; Ink takes its place once it has loaded;
 * - then it loads the program (cli.ts), which loads each command, the TUI and the engine on demand
 *   (a bug's stack is mapped to the TypeScript source when it is reported, not on every start).
 * In the shipped bundle (build.mjs) each dynamic import is a chunk of its own. Each stage on the way
 * is marked (`markStartup`; the start-up trace of @picasso/protocol).
 */
import { dirname } from "node:path";
import { VERSION } from "./version.js";

/**
 * When the chunks compiled so far have their code cached: after start-up and a moment of idle on
 * any machine, long before a session ends; never at exit (a command that ends sooner — `--help`,
 * a short `-p` — writes nothing, and an exit is never held up).
 */
const SAVE_COMPILE_CACHE_AFTER_MS = 3000;

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "--version" || args[0] === "-v")) process.stdout.write(`${VERSION}\n`);
else void start();

async function start(): Promise<void> {
  // Every chunk loaded from here on is compiled with V8's cache of it (compile-cache.ts), unless
  // PICASSO_COMPILE_CACHE=off. Only the bundle is CommonJS: run from TypeScript there is nothing to take.
  const bundle = typeof __filename === "string" ? dirname(__filename) : undefined;
  if (bundle && process.env.PICASSO_COMPILE_CACHE !== "off") {
    const { compileCacheDir, compileCacheSeedDir, installCompileCache } = await import("./compile-cache.js");
    const cache = installCompileCache(bundle, compileCacheDir(bundle), compileCacheSeedDir(bundle));
    setTimeout(() => cache.save(), SAVE_COMPILE_CACHE_AFTER_MS).unref();
  }
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
