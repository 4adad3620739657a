/**
 * `picasso mock-server [--port N] [--script FILE] [--min-cache-tokens N]`: starts the offline mock
 * provider on 127.0.0.1, prints `mock provider listening on <url>` and runs until SIGINT/SIGTERM.
 * Bad flag values and unusable ports are UserErrors naming the flag. See docs/mock-provider.md.
 */

import { type MockServer, startMockServer } from "@picasso/mock-provider";
import { UserError } from "@picasso/protocol";
import type { Command } from "commander";

export interface MockServerFlags {
  port?: string;
  script?: string;
  minCacheTokens?: string;
}

function integerFlag(flag: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new UserError(`${flag}: expected a whole number from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

/** Starts the server for the given flags (exported for tests; the command adds signal handling). */
export async function startFromFlags(flags: MockServerFlags): Promise<MockServer> {
  const port = integerFlag("--port", flags.port, 0, 65535);
  const anthropicMinCacheTokens = integerFlag("--min-cache-tokens", flags.minCacheTokens, 1, 1_000_000);
  try {
    return await startMockServer({
      ...(port !== undefined ? { port } : {}),
      ...(flags.script !== undefined ? { script: flags.script } : {}),
      ...(anthropicMinCacheTokens !== undefined ? { anthropicMinCacheTokens } : {}),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE" || code === "EACCES") {
      throw new UserError(
        `--port ${port}: cannot listen on 127.0.0.1:${port} (${code}); pick another port or omit --port`,
      );
    }
    throw error;
  }
}

/** Resolves when the process receives SIGINT or SIGTERM. */
function untilStopped(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

export function register(program: Command): void {
  program
    .command("mock-server")
    .description("run the offline mock provider (Anthropic + OpenAI APIs with a simulated prompt cache)")
    .option("--port <n>", "port on 127.0.0.1 (default: a free port)")
    .option("--script <file>", "YAML script of model turns and faults (default: the demo model)")
    .option("--min-cache-tokens <n>", "minimum cacheable prefix for Anthropic requests (default 1024)")
    .action(async (flags: MockServerFlags) => {
      const server = await startFromFlags(flags);
      process.stdout.write(`mock provider listening on ${server.url}\n`);
      await untilStopped();
      await server.close();
    });
}
