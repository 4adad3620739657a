/**
 * The `hooks` row: the user's hook commands (packages/hooks), run in the command sandbox of the
 * tool runtime mounted before it (none offline: an offline reader only lists them). Claude Code's
 * user folder defaults to `$CLAUDE_CONFIG_DIR`, else `~/.claude`.
 */
import { homedir } from "node:os";
import { join } from "node:path";
import { createHooksExtension } from "@picasso/hooks";
import type { ExtensionPlace, Mounted, MountedBefore } from "./extension-place.js";

export function hooksExtension(place: ExtensionPlace, before: MountedBefore): Mounted {
  const env = place.env ?? process.env;
  const sandbox = place.offline ? undefined : before.toolRuntime?.sandbox;
  const hooks = createHooksExtension({
    workspaceRoot: place.workspaceRoot,
    picassoHome: place.picassoHome,
    claudeHome: place.claudeHome ?? (env.CLAUDE_CONFIG_DIR || join(homedir(), ".claude")),
    env,
    ...(sandbox ? { sandbox } : {}),
  });
  return { extension: hooks.extension, warnings: hooks.warnings };
}
