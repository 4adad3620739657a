/**
 * Loading the interactive TUI. Ink decides once, when it is first imported, whether it runs "in
 * CI" (the `CI` or `CONTINUOUS_INTEGRATION` variable): there it draws no live frames, only the last
 * one on exit. `picasso` starts the TUI only on a real terminal, where a person is typing, so the
 * variables are hidden while Ink loads and put back at once — tools still see the user's own
 * environment unchanged.
 */
import { markStartup } from "@picasso/protocol/startup-trace";

const CI_VARIABLES = ["CI", "CONTINUOUS_INTEGRATION"] as const;

export async function loadInteractive(): Promise<typeof import("./commands/interactive.js")> {
  const saved = CI_VARIABLES.map((name) => [name, process.env[name]] as const);
  for (const [name] of saved) delete process.env[name];
  try {
    const loaded = await import("./commands/interactive.js");
    markStartup("tui-loaded");
    return loaded;
  } finally {
    for (const [name, value] of saved) if (value !== undefined) process.env[name] = value;
  }
}
