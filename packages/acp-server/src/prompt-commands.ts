/**
 * The slash commands a prompt may be (advertised in `available_commands_update`), run without a
 * model turn; the answer is one agent message:
 * - `/context` — the `/context` model as a table, then the extensions' panels as text in a code
 *   block (`panelText`, what `picasso context` prints; the TUI's panel shows the same `ContextView`);
 *   `/context timeline` — the session's timeline table (the TUI's `/context timeline`);
 * - `/compact` — summarise older history now;
 * - `/mode default|plan|auto` — switch the permission mode (a `current_mode_update` follows).
 * Any other text, `/`-prefixed or not, is a prompt for the model.
 */
import type * as acp from "@agentclientprotocol/sdk";
import { type ContextView, panelText } from "@picasso/engine/context";
import { isPermissionMode } from "@picasso/protocol/basics";
import { liveTimeline } from "@picasso/surface";
import type { AcpSession } from "./acp-session.js";
import { contextOf } from "./extensions.js";

export const PROMPT_COMMANDS: acp.AvailableCommand[] = [
  { name: "context", description: "what fills the context window now", input: { hint: "[timeline]" } },
  { name: "compact", description: "summarise older history to free context" },
  { name: "mode", description: "switch permission mode", input: { hint: "default|plan|auto" } },
];

export function parsePromptCommand(text: string): { name: string; args: string } | undefined {
  const m = /^\/(\S+)\s*([\s\S]*)$/.exec(text.trim());
  if (!m || !PROMPT_COMMANDS.some((c) => c.name === m[1])) return undefined;
  return { name: m[1]!, args: m[2]!.trim() };
}

/** Run a command; returns the text to answer with. */
export async function runPromptCommand(
  session: AcpSession,
  command: { name: string; args: string },
): Promise<string> {
  const live = session.composed.session;
  switch (command.name) {
    case "context":
      if (command.args === "timeline") return (await liveTimeline(live)).render();
      return contextTable(await contextOf(session));
    case "compact": {
      const result = await live.compact();
      return result.compacted
        ? `Compacted ${result.removedMessages} messages: ${result.bytesBefore} → ${result.bytesAfter} bytes of history.`
        : `Nothing compacted: ${result.reason}.`;
    }
    case "mode":
      if (!isPermissionMode(command.args))
        return `Usage: /mode default|plan|auto (now: ${live.currentMode}).`;
      session.setMode(command.args);
      return `Permission mode: ${command.args}.`;
    default:
      return `Unknown command /${command.name}.`;
  }
}

export function contextTable(view: ContextView): string {
  const pct = (n: number) => `${n.toFixed(1)}%`;
  const lines = [
    `${view.usedTokens} of ${view.window} tokens in use (${pct(view.window > 0 ? (view.usedTokens / view.window) * 100 : 0)})`,
    "",
    "| group | category | bytes | tokens | % of window |",
    "| --- | --- | ---: | ---: | ---: |",
    ...view.rows.map(
      (row) => `| ${row.group} | ${row.category} | ${row.bytes} | ${row.tokens} | ${pct(row.percent)} |`,
    ),
    "",
    view.tokenNote,
    ...(view.panels.length > 0 ? ["", "```text", panelText(view.panels).trimEnd(), "```"] : []),
  ];
  return lines.join("\n");
}
