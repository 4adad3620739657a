/** The `agents` operation's answer: every agent definition with its source, tools and model. */
import type { AgentDefinition } from "@picasso/protocol";

export function agentsText(agents: readonly AgentDefinition[], warnings: readonly string[]): string {
  const lines = agents.length
    ? agents.map(
        (a) =>
          `- ${a.name} (${a.source}, ${a.path}) — tools: ${a.tools ? a.tools.join(", ") || "none" : "all"}` +
          `${a.model ? `; model: ${a.model}` : ""}\n  ${a.description}`,
      )
    : [
        "No agent definitions (.picasso/agents/*.md, .claude/agents/*.md, $PICASSO_HOME/agents, ~/.claude/agents).",
      ];
  if (warnings.length) lines.push("", "Problems:", ...warnings.map((w) => `- ${w}`));
  return lines.join("\n");
}
