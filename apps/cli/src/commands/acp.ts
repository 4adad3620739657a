/**
 * `picasso acp`: Picasso as an Agent Client Protocol agent on stdio, for editors (Zed, JetBrains
 * IDEs) and other ACP clients (docs/acp.md). stdout carries only JSON-RPC; notes go to stderr.
 * The provider is chosen once, as for a session (flags > env > config.yaml > the mock without a
 * key), and serves every session of the connection; when the mock stands in for want of a key,
 * the note `-p` prints goes to stderr and starts every session as an agent message. Exits when
 * the client closes stdin.
 */
import type { Command } from "commander";
import type { SessionFlags } from "../wiring-flags.js";

export function register(program: Command): void {
  program
    .command("acp")
    .description("serve the Agent Client Protocol on stdio (for editors)")
    .option("--provider <name>", "model provider: anthropic, openai or mock")
    .option("--model <id>", "model id (default: the provider's)")
    .option("--mock-script <file>", "YAML script for --provider mock (see docs/mock-provider.md)")
    .action(async (flags: Pick<SessionFlags, "provider" | "model" | "mockScript">) => {
      const [
        { Readable, Writable },
        { serveAcp },
        { defaultPicassoHome },
        wiring,
        { VERSION },
        { NO_KEY_NOTE },
      ] = await Promise.all([
        import("node:stream"),
        import("@picasso/acp-server"),
        import("@picasso/engine/sessions"),
        import("../wiring.js"),
        import("../version.js"),
        import("@picasso/providers"),
      ]);
      const { provider, selection } = await wiring.openSelectedProvider(flags, process.env);
      const log = (line: string) => process.stderr.write(`picasso acp: ${line}\n`);
      const noKey = selection.source === "no-key";
      if (noKey) log(NO_KEY_NOTE);
      try {
        await serveAcp(
          {
            provider,
            picassoHome: defaultPicassoHome(process.env),
            version: VERSION,
            log,
            ...(noKey ? { sessionNotice: NO_KEY_NOTE, session: { providerStandIn: NO_KEY_NOTE } } : {}),
          },
          {
            input: Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>,
            output: Writable.toWeb(process.stdout),
          },
        );
      } finally {
        await provider.close?.();
      }
    });
}
