/**
 * `/memory [list | search <query> | show <id> | rm <id>]`: the memories this workspace's sessions
 * read (docs/memory.md), answered by the surface; a mistake (an unknown id, a database that
 * cannot be used) is one warning line.
 */
import type { SlashCommand } from "./slash-command.js";

export const MEMORY_UNAVAILABLE = "memory is not available in this surface";

export const memoryCommand: SlashCommand = {
  name: "memory",
  args: "[list|search <q>|show <id>|rm <id>]",
  argChoices: ["list", "search", "show", "rm"],
  description: "the memories sessions here read: list, search, show, forget",
  async run(args, ctx) {
    let text: string | undefined;
    try {
      text = await ctx.memory(args.trim());
    } catch (error) {
      ctx.print({ kind: "notice", tone: "warn", text: `/memory: ${(error as Error).message}` });
      return;
    }
    ctx.print(
      text === undefined
        ? { kind: "notice", tone: "info", text: MEMORY_UNAVAILABLE }
        : { kind: "expanded", title: `memory ${args.trim() || "list"}`, text },
    );
  },
};
