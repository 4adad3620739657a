/**
 * The `loops` row: ralph loops (packages/loops, docs/ralph.md), whose checks run through the shell
 * jobs of the tool runtime mounted before it — as the `bash` tool runs commands (sandbox, scrubbed
 * environment, process groups). Offline, or without a tools row, no check can run: a loop then
 * takes only `until: goal_done`.
 */
import { createLoopsExtension } from "@picasso/loops";
import type { ExtensionPlace, Mounted, MountedBefore } from "./extension-place.js";

export function loopsExtension(place: ExtensionPlace, before: MountedBefore): Mounted {
  const jobs = place.offline ? undefined : before.toolRuntime?.jobs;
  return { extension: createLoopsExtension(jobs ? { jobs } : {}).extension };
}
