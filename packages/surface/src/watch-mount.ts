/**
 * The `watch` row: monitors and scheduled prompts (packages/watch, docs/watch.md). Its monitors
 * follow the background jobs and terminals of the tool runtime mounted before it (the `tools`
 * row), through a read-only tap — no command of their own.
 */
import { createWatchExtension } from "@picasso/watch";
import type { ExtensionPlace, Mounted, MountedBefore } from "./extension-place.js";

export function watchExtension(_place: ExtensionPlace, before: MountedBefore): Mounted {
  const watch = createWatchExtension(before.toolRuntime ? { processes: before.toolRuntime } : {});
  return { extension: watch.extension };
}
