/**
 * A session's operation (`ExtensionOperation`: a core one of @picasso/surface, or an extension's)
 * as a slash command: its name, argument hint and choices, its summary as the description; running
 * it runs the operation and shows the answer (operation-presenters.ts).
 */
import type { ExtensionOperation } from "@picasso/protocol";
import { presentResult } from "./operation-presenters.js";
import type { SlashCommand } from "./slash-command.js";

export function operationCommand(operation: ExtensionOperation): SlashCommand {
  return {
    name: operation.name,
    ...(operation.args ? { args: operation.args } : {}),
    ...(operation.argChoices ? { argChoices: operation.argChoices } : {}),
    description: operation.summary,
    async run(args, ctx) {
      presentResult(await ctx.runOperation(operation, args), ctx, operation.name);
    },
  };
}
