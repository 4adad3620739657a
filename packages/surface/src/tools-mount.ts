/**
 * The `tools` row: the core tools of `@picasso/tools` and its deferred families (docs/tools.md),
 * on one tool runtime per session — the command sandbox (the composition's `sandbox.*`, or the
 * surface's override) with its own temporary folder, the web settings, the file access.
 * - `sessionFacts`: what commands may do (the sandbox), never Tier 1;
 * - `protect`: the lane's open todo list and the goal, kept across compaction;
 * - `start`: a resumed session's todo lists and goal are taken up from its log (board-restore.ts);
 *   past sessions are read from the session's folder, and the tool process groups are
 *   recorded beside its log — a resumed session first kills the groups an earlier run left alive;
 * - `close`: leftover tool processes killed, the sandbox's temporary folder removed.
 * Offline (no session will run) the runtime has no sandbox and makes no folder.
 * Nothing here blocks the way to a ready session on a child process or a walk of the temporary
 * folder: the sandbox probes bwrap in the background (commands await it), stale sandbox folders
 * are swept asynchronously, and the process-group supervisor starts with the first tool process.
 */

import { existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { projectSessionsDir, sessionProcessGroupsPath } from "@picasso/engine";
import { type PicassoExtension, readLogFileAll } from "@picasso/protocol";
import {
  builtinTools,
  createSandboxTemp,
  createToolRuntime,
  deferredTools,
  hiddenPaths,
  protectedToolState,
  restoreBoards,
  sweepStaleSandboxTemps,
  type ToolRuntime,
  toolFamilies,
  toolGroups,
} from "@picasso/tools";
import type { ExtensionPlace, Mounted } from "./extension-place.js";

/** How long after a session's tools mount the stale sandbox folders are swept. */
export const SWEEP_TEMPS_AFTER_MS = 2_000;

export function toolsExtension(place: ExtensionPlace): Mounted {
  if (place.offline) return toolsOn(createToolRuntime(), undefined);
  const settings = place.composition.settings;
  // The folders SIGKILLed sessions left: swept once the session is up (reading the temp folder and
  // each owner's /proc entry is not on the way to ready), nothing waits for it.
  const temp = tmpdir();
  setTimeout(() => void sweepStaleSandboxTemps(temp), SWEEP_TEMPS_AFTER_MS).unref();
  const sandboxTmp = createSandboxTemp();
  const runtime = createToolRuntime({
    ...(place.killGraceMs ? { killGraceMs: place.killGraceMs } : {}),
    ...(place.files ? { files: place.files } : {}),
    sandbox: {
      settings: { mode: place.sandbox ?? settings["sandbox.mode"], network: settings["sandbox.network"] },
      place: {
        workspaceRoot: place.workspaceRoot,
        tempDir: sandboxTmp,
        hidden: hiddenPaths(place.picassoHome),
      },
    },
    web: { allowPrivateNetwork: settings["web.allowPrivateNetwork"], searchUrl: settings["web.searchUrl"] },
  });
  return toolsOn(runtime, sandboxTmp);
}

function toolsOn(runtime: ToolRuntime, sandboxTmp: string | undefined): Mounted {
  const extension: PicassoExtension = {
    name: "tools",
    // The families its tools belong to and the catalog groups they join, declared beside the tools.
    families: toolFamilies,
    groups: toolGroups,
    registerTools: () => [...builtinTools(runtime), ...deferredTools(runtime)],
    // What commands may do (the sandbox), for the session facts — never Tier 1.
    sessionFacts: () => runtime.sandbox?.describe(),
    // The lane's open todo list and the goal, kept across every compaction.
    protect: (lane) => protectedToolState("tools", runtime, lane),
    async start(ctx) {
      // A resumed session takes up its todo lists and goal from its log (board-restore.ts).
      if (ctx.resumed !== false && existsSync(ctx.logPath))
        restoreBoards((await readLogFileAll(ctx.logPath)).events, runtime);
      runtime.sessionsDir = projectSessionsDir(ctx.picassoHome, ctx.workspaceRoot);
      await runtime.recordProcessGroupsIn(
        sessionProcessGroupsPath(ctx.picassoHome, ctx.workspaceRoot, ctx.sessionId),
      );
    },
    async close() {
      await runtime.dispose();
      if (sandboxTmp) rmSync(sandboxTmp, { recursive: true, force: true });
    },
  };
  return { extension, handles: { toolRuntime: runtime } };
}
