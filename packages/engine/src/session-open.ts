/**
 * Opening a session: a new one (id, Tier 1 assembled once, `session_start` and
 * `request_header` reason `initial`) or a resumed one (the log folded back into history, mode,
 * lanes and step counters; Tier 1 taken from the logged header so the next request's prefix is
 * byte-identical to the last one sent; `session_start` with `resumedFrom` and `request_header`
 * reason `resume` logged; skipped log lines reported; the read-before-write state restored; tool
 * calls cut off by a crash answered "interrupted"). Builds the `EngineRuntime` the loop shares.
 */
import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import type { PermissionMode } from "@picasso/protocol";
import { userMessage } from "@picasso/protocol";
import { allowListApprover } from "./approver.js";
import type { EngineEvent } from "./events.js";
import { Lane } from "./lane.js";
import { PluginHost, tier1From } from "./plugin-host.js";
import { headerHash } from "./request-builder.js";
import { loadSessionForResume, pathsReadInHistory, pendingToolUses, type ResumeState } from "./resume.js";
import { type EngineRuntime, SessionFileTracker } from "./runtime.js";
import type { SessionOptions } from "./session.js";
import { sessionFactsContext } from "./session-facts.js";
import { SessionLog } from "./session-log.js";
import {
  defaultPicassoHome,
  findSessionLog,
  newSessionId,
  projectKey,
  sessionLogPath,
  sessionOutputsDir,
} from "./session-paths.js";
import { resolveEngineSettings } from "./settings.js";
import { INTERRUPTED_RESULT } from "./tool-scheduler.js";

/** The mutable part of a session the runtime reads through closures. */
export interface SessionState {
  mode: PermissionMode;
  turn: number;
  laneCount: number;
  emitter: ((event: EngineEvent) => void) | undefined;
}

export interface OpenedSession {
  id: string;
  log: SessionLog;
  rt: EngineRuntime;
  main: Lane;
  state: SessionState;
  facts: string | undefined;
  notes: string[];
}

export async function openSession(options: SessionOptions): Promise<OpenedSession> {
  const workspaceRoot = realPath(resolve(options.workspaceRoot));
  const cwd = realPath(resolve(options.cwd ?? workspaceRoot));
  const picassoHome = options.picassoHome ?? defaultPicassoHome();
  const settings = resolveEngineSettings(options.settings);
  const host = new PluginHost(options.plugins);
  const found = options.resume ? findSessionLog(picassoHome, workspaceRoot, options.resume) : undefined;
  const resumed: ResumeState | undefined = found ? await loadSessionForResume(found.path) : undefined;
  const id = found?.id ?? newSessionId(options.now?.() ?? new Date());
  const log = new SessionLog({
    path: found?.path ?? sessionLogPath(picassoHome, workspaceRoot, id),
    sessionId: id,
    nextSeq: resumed ? resumed.fold.lastSeq + 1 : 0,
    observers: [...host.observers(), ...(options.observers ?? [])],
  });
  const fresh = await host.assemble({
    surface: options.surface ?? "cli",
    workspaceRoot,
    cwd,
    picassoHome,
    mcpServers: [],
    skills: [],
  });
  const loggedHeader = resumed?.fold.header;
  const tier1 = loggedHeader ? tier1From(loggedHeader.tools, loggedHeader.system) : fresh;
  if (loggedHeader) host.adoptTier1(tier1);
  const hash = headerHash(tier1, options.provider.model, settings.maxTokens);
  const mode = options.mode ?? resumed?.fold.mode ?? "default";
  const state: SessionState = { mode: "default", turn: 0, laneCount: 0, emitter: undefined };
  const rt: EngineRuntime = {
    sessionId: id,
    provider: options.provider,
    host,
    tier1,
    headerHash: hash,
    settings,
    approver: options.approver ?? allowListApprover([]),
    allowedForSession: new Set(),
    files: new SessionFileTracker(),
    workspaceRoot,
    cwd,
    outputsDir: sessionOutputsDir(picassoHome, workspaceRoot, id),
    mode: () => state.mode,
    ...(options.filterToolOutput ? { filterToolOutput: options.filterToolOutput } : {}),
    resolveCall: (tool, input) => {
      const target = options.toolTarget?.(tool, input);
      if (target)
        return {
          effect: target.tool.effect,
          permissionName: `${tool.spec.name}:${target.tool.spec.name}`,
          input: target.input,
          target: target.tool.spec.name,
        };
      return {
        effect: options.toolEffect?.(tool, input) ?? tool.effect,
        permissionName: tool.spec.name,
        input,
      };
    },
    askUser:
      options.askUser ??
      (async () => {
        throw new Error(
          "no one can answer questions in headless mode; decide yourself and state your assumption",
        );
      }),
    log: (body, lane) => log.append(body, { lane, turn: state.turn }),
    flush: () => log.flush(),
    emit: (event) => state.emitter?.(event),
    nextLaneId: () => `agent-${++state.laneCount}`,
  };
  const foldedMain = resumed?.fold.lanes.get("main");
  const main = new Lane(
    "main",
    (body, lane) => rt.log(body, lane),
    foldedMain ? { ...foldedMain, messages: [...foldedMain.messages] } : undefined,
  );
  const turn = resumed?.fold.lastTurn ?? 0;
  const laneCount = resumed ? [...resumed.fold.lanes.keys()].filter((l) => l !== "main").length : 0;
  const facts = resumed
    ? undefined
    : host.sessionFacts(sessionFactsContext(workspaceRoot, cwd, options.now?.()));
  const notes = resumed
    ? [
        ...resumed.skippedLines.map(
          (s) =>
            `${found!.path}:${s.line}: ${s.torn ? "torn final line skipped" : "line skipped"} (${s.reason})`,
        ),
        ...resumed.fold.problems,
      ]
    : [];
  Object.assign(state, { mode, turn, laneCount });
  const where = { lane: "main", turn };
  log.append(
    {
      type: "session_start",
      cwd,
      projectKey: projectKey(workspaceRoot),
      provider: options.provider.name,
      model: options.provider.model,
      mode,
      surface: options.surfaceLabel ?? options.surface ?? "cli",
      version: options.version ?? "0.0.0",
      ...(found ? { resumedFrom: found.id } : {}),
      workspaceRoot,
      settings,
      tier1: { hash: tier1.hash, bytes: tier1.bytes, sections: tier1.sections, toolSizes: tier1.toolSizes },
    } as never,
    where,
  );
  for (const note of notes)
    log.append({ type: "error", scope: "engine", kind: "log_line_skipped", message: note }, where);
  log.append(
    {
      type: "request_header",
      reason: found ? "resume" : "initial",
      hash,
      model: options.provider.model,
      maxTokens: settings.maxTokens,
      tools: tier1.tools,
      system: tier1.system,
      bytes: { tools: tier1.bytes.tools, system: tier1.bytes.system },
      tier1Hash: tier1.hash,
      ...(loggedHeader && fresh.hash !== tier1.hash ? { freshTier1Hash: fresh.hash } : {}),
    } as never,
    where,
  );
  if (resumed?.fold.mode && resumed.fold.mode !== mode)
    log.append({ type: "mode_change", from: resumed.fold.mode, to: mode }, where);
  for (const path of pathsReadInHistory(main.messages)) rt.files.markRead(realPath(resolve(cwd, path)));
  const pending = pendingToolUses(main.messages);
  if (pending.length) {
    main.append(
      userMessage(
        ...pending.map((b) => ({
          type: "tool_result" as const,
          toolUseId: b.id,
          content: INTERRUPTED_RESULT,
          isError: true,
        })),
      ),
      "tool_results",
    );
    for (const b of pending)
      log.append(
        {
          type: "tool_result",
          toolUseId: b.id,
          name: b.name,
          status: "interrupted",
          bytes: Buffer.byteLength(INTERRUPTED_RESULT),
          durationMs: 0,
        },
        where,
      );
  }
  log.flush();
  return { id, log, rt, main, state, facts, notes };
}

function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
