/**
 * Mounting the commands extension (@picasso/commands): the custom commands of the workspace and
 * the user, each an operation. A file may not take a built-in name — a core operation, an
 * operation of an extension mounted before it, or a surface's own command (`/help`, `/goal`,
 * `/clear`, `/exit`) — nor may a file that cannot be read or parsed stop the session: each is one
 * warning naming the file (the surface shows the warnings), and the other commands are used.
 */
import { createCommandsExtension } from "@picasso/commands";
import { CORE_OPERATION_NAMES } from "./core-operations.js";
import type { ExtensionFactory } from "./extension-place.js";

/** The commands a surface has of its own (the TUI's), which no custom command may take. */
export const SURFACE_COMMAND_NAMES = ["help", "goal", "clear", "exit"] as const;

export const commandsExtension: ExtensionFactory = (place, before) => {
  const reserved = [
    ...CORE_OPERATION_NAMES,
    ...SURFACE_COMMAND_NAMES,
    ...before.extensions.flatMap((e) => (e.operations ?? []).map((op) => op.name)),
  ];
  // Shell lines run in the command sandbox of the tool runtime, as hooks do (none offline).
  const sandbox = place.offline ? undefined : before.toolRuntime?.sandbox;
  const made = createCommandsExtension(
    {
      workspaceRoot: place.workspaceRoot,
      picassoHome: place.picassoHome,
      ...(place.claudeHome ? { claudeHome: place.claudeHome } : {}),
      ...(place.env ? { env: place.env } : {}),
      ...(sandbox ? { sandbox } : {}),
    },
    reserved,
  );
  return { extension: made.extension, warnings: () => [...made.warnings] };
};
