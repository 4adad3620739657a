/**
 * Opening a session, in stages:
 *   1. `locate`      — a new id, or the session to resume; its lock is taken (one process per
 *                      session, session-lock.ts) before its log is read and folded (torn or
 *                      corrupt lines reported, never fatal);
 *   2. `chooseTier1` — Tier 1 assembled once by the plugins; a resumed session keeps the Tier 1
 *                      its log's header holds (sealed by the same sealer), so the next request's
 *                      prefix is byte-identical to the last one sent;
 *   3. `buildRuntime`— the `EngineRuntime` the loop shares, and the main lane (history restored
 *                      on resume);
 *   4. `recordOpening` — `session_start` (with `resumedFrom` on resume), skipped-line notes,
 *                      `request_header` (`initial` or `resume`) and a mode change on resume;
 *   5. `closeDanglingCalls` — tool calls cut off by a crash are answered "interrupted", and the
 *                      read-before-write state is restored from history.
 */

import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import {
  type PermissionMode,
  type SessionEventBodyOf,
  sealTier1,
  type Tier1,
  tier1Roles,
  UNKNOWN_OUTCOME_RESULT,
  userMessage,
} from "@picasso/protocol";
import { realPathOrResolved, type workspaceFacts, workspaceFactsSoon } from "@picasso/workspace";
import { allowListApprover } from "./approver.js";
import { SessionEventBus } from "./event-bus.js";
import { ForkedLanes } from "./forked-lanes.js";
import { Lane } from "./lane.js";
import { laneReplay, type ReplayEntry } from "./lane-replay.js";
import { closeExtensions, PluginHost } from "./plugin-host.js";
import { headerHash } from "./request-builder.js";
import { loadSessionForResume, pathsReadInHistory, pendingToolUses, type ResumeState } from "./resume.js";
import { type EngineRuntime, SessionFileTracker } from "./runtime.js";
import { sessionFactsContext } from "./session-facts.js";
import { SessionLock } from "./session-lock.js";
import { SessionLog } from "./session-log.js";
import type { SessionOptions } from "./session-options.js";
import {
  defaultPicassoHome,
  findSessionLog,
  newSessionId,
  projectKey,
  sessionLogPath,
  sessionOutputsDir,
} from "./session-paths.js";
import { SessionRecorder } from "./session-recorder.js";
import { type EngineSettings, resolveEngineSettings } from "./settings.js";
import { isUnwritableFolderError } from "./unwritable-folder.js";
import { WakeBoard } from "./wake-board.js";

/** The mutable part of a session the runtime reads through closures. */
export interface SessionState {
  mode: PermissionMode;
  /** The user's pins (user-pins.ts), folded from the log on resume. */
  pins: string[];
  turn: number;
  laneCount: number;
}

export interface OpenedSession {
  id: string;
  log: SessionLog;
  lock: SessionLock;
  bus: SessionEventBus;
  rt: EngineRuntime;
  main: Lane;
  state: SessionState;
  /** The session facts for the first prompt, worked out when first asked (undefined: none to send). */
  facts: (() => string | undefined) | undefined;
  notes: string[];
  /** A resumed session's main lane as the user saw it (lane-replay.ts); empty for a new one. */
  replay: ReplayEntry[];
  /** Aborted when the session closes: background lanes and wake-ups stop with it. */
  closing: AbortController;
  /** Subagents forked into the background; they outlive turns, not the session. */
  forked: ForkedLanes;
  wake: WakeBoard;
}

interface Located {
  id: string;
  path: string;
  resumed: ResumeState | undefined;
  resumedFrom: string | undefined;
}

interface Place {
  workspaceRoot: string;
  cwd: string;
  picassoHome: string;
}

export async function openSession(options: SessionOptions): Promise<OpenedSession> {
  const place: Place = {
    workspaceRoot: realPathOrResolved(resolve(options.workspaceRoot)),
    cwd: realPathOrResolved(resolve(options.cwd ?? options.workspaceRoot)),
    picassoHome: options.picassoHome ?? defaultPicassoHome(),
  };
  let host: PluginHost | undefined;
  let lock: SessionLock | undefined;
  try {
    const settings = resolveEngineSettings(options.settings);
    host = new PluginHost(options.plugins);
    const where = locate(options, place);
    // The lock comes first: nothing reads or writes the log of a session open elsewhere.
    makeSessionsFolder(dirname(where.path));
    lock = SessionLock.acquire(where.path.replace(/\.jsonl$/, ".lock"), where.id);
    const resumed = where.resumedFrom ? await loadSessionForResume(where.path) : undefined;
    return await openLocked(options, place, settings, host, { ...where, resumed }, lock);
  } catch (error) {
    lock?.release();
    // The session owns its extensions: one that failed to open closes them (reverse order).
    await (host ? host.close() : closeExtensions(options.plugins, () => {}));
    throw error;
  }
}

async function openLocked(
  options: SessionOptions,
  place: Place,
  settings: EngineSettings,
  host: PluginHost,
  located: Located,
  lock: SessionLock,
): Promise<OpenedSession> {
  const bus = new SessionEventBus();
  if (options.onEvent) bus.subscribe(options.onEvent);
  const log = new SessionLog({
    path: located.path,
    sessionId: located.id,
    nextSeq: located.resumed ? located.resumed.fold.lastSeq + 1 : 0,
    observers: [...host.observers(), ...(options.observers ?? [])],
  });
  // git runs while Tier 1 is assembled (workspace-facts.ts); a failure is no facts, never a failed open.
  const workspaceSoon = workspaceFactsSoon(place.workspaceRoot).catch(() => ({}));
  const { tier1, freshHash } = await chooseTier1(host, options, place, located);
  const { rt, main, state } = buildRuntime(options, place, settings, host, located, log, bus, tier1);
  const workspace = await workspaceSoon;
  // A resumed session that was prompted keeps its first message (facts included, for the cache);
  // one opened and never prompted (ACP clients create a session, then load it in another process
  // to prompt it) still gets them on its first prompt.
  // They are worked out when first needed — the first prompt, or `Session.prepareFirstPrompt` once
  // the surface is ready — not while the session opens: memory's index opens its database for them.
  const facts =
    main.messages.length > 0
      ? undefined
      : once(() =>
          host.sessionFacts(sessionFactsContext(place.workspaceRoot, place.cwd, workspace, options.now?.())),
        );
  const repair = located.resumed ? newRepair(located.resumed) : undefined;
  const notes = [
    ...(lock.tookOverFrom !== undefined
      ? [
          `session ${located.id} was left open by a picasso that is gone (pid ${lock.tookOverFrom}); its lock was taken over`,
        ]
      : []),
    ...(repair ? [repairNote(located.path, repair)] : []),
  ];
  recordOpening(rt, options, place, located, {
    settings,
    tier1,
    freshHash,
    workspace,
    repair,
    mode: state.mode,
  });
  closeDanglingCalls(rt, main, place.cwd);
  log.flush();
  const closing = new AbortController();
  const forked = new ForkedLanes(rt, closing.signal);
  const wake = new WakeBoard((notice) => {
    rt.record({ type: "wake", source: notice.source, text: notice.text }, "main");
    rt.flush();
  });
  try {
    await host.start({
      sessionId: located.id,
      workspaceRoot: place.workspaceRoot,
      picassoHome: place.picassoHome,
      logPath: located.path,
      resumed: located.resumed !== undefined,
      record: (event, lane = "main") => rt.record(event, lane),
      lanes: forked.view("main", undefined, () => state.turn),
      wake: wake.handle,
    });
  } catch (error) {
    const message = `an extension failed to start: ${(error as Error)?.message ?? String(error)}`;
    rt.record({ type: "error", scope: "plugin", message }, "main");
    rt.record({ type: "session_end", reason: "failed to start" }, "main");
    log.close();
    throw error;
  }
  const foldedMain = located.resumed?.fold.lanes.get("main");
  const replay = foldedMain ? laneReplay(foldedMain) : [];
  return { id: located.id, log, lock, bus, rt, main, state, facts, notes, replay, closing, forked, wake };
}

/** Which session: the one `resume` names (its log exists), or a new id. */
function locate(options: SessionOptions, place: Place): Omit<Located, "resumed"> {
  const found = options.resume
    ? findSessionLog(place.picassoHome, place.workspaceRoot, options.resume)
    : undefined;
  if (found) return { id: found.id, path: found.path, resumedFrom: found.id };
  const id = newSessionId(options.now?.() ?? new Date());
  return { id, path: sessionLogPath(place.picassoHome, place.workspaceRoot, id), resumedFrom: undefined };
}

async function chooseTier1(
  host: PluginHost,
  options: SessionOptions,
  place: Place,
  located: Located,
): Promise<{ tier1: Tier1; freshHash: string }> {
  const fresh = await host.assemble({
    surface: options.surface ?? "cli",
    ...place,
    // MCP servers reach the assembler as `mcp_server` catalog entries (the mcp plugin's catalog/entries).
    mcpServers: [],
  });
  const logged = located.resumed?.fold.header;
  if (!logged) return { tier1: fresh, freshHash: fresh.hash };
  const tier1 = sealTier1(logged.tools, logged.system, tier1Roles(fresh));
  host.adoptTier1(tier1);
  return { tier1, freshHash: fresh.hash };
}

function buildRuntime(
  options: SessionOptions,
  place: Place,
  settings: EngineSettings,
  host: PluginHost,
  located: Located,
  log: SessionLog,
  bus: SessionEventBus,
  tier1: Tier1,
): { rt: EngineRuntime; main: Lane; state: SessionState } {
  const fold = located.resumed?.fold;
  const state: SessionState = {
    mode: options.mode ?? fold?.mode ?? "default",
    pins: [...(fold?.pins ?? [])],
    turn: fold?.lastTurn ?? 0,
    laneCount: fold ? [...fold.lanes.keys()].filter((l) => l !== "main").length : 0,
  };
  const recorder = new SessionRecorder(log, bus, () => state.turn);
  const rt: EngineRuntime = {
    sessionId: located.id,
    provider: options.provider,
    host,
    tier1,
    headerHash: headerHash(tier1, options.provider.model, settings.maxTokens),
    settings,
    approver: options.approver ?? allowListApprover([]),
    allowedForSession: new Set(),
    files: new SessionFileTracker(),
    workspaceRoot: place.workspaceRoot,
    cwd: place.cwd,
    outputsDir: sessionOutputsDir(place.picassoHome, place.workspaceRoot, located.id),
    mode: () => state.mode,
    pins: () => state.pins,
    now: () => options.now?.() ?? new Date(),
    askUser:
      options.askUser ??
      (async () => {
        throw new Error(
          "no one can answer questions in headless mode; decide yourself and state your assumption",
        );
      }),
    record: (body, lane) => recorder.record(body, lane),
    flush: () => recorder.flush(),
    nextLaneId: () => `agent-${++state.laneCount}`,
  };
  const foldedMain = fold?.lanes.get("main");
  const main = new Lane(
    "main",
    (body, lane) => rt.record(body, lane),
    foldedMain ? { ...foldedMain, messages: [...foldedMain.messages] } : undefined,
  );
  return { rt, main, state };
}

type Repair = Omit<SessionEventBodyOf<"log_repair">, "type">;

/** What resuming had to skip that no earlier resume recorded (each is repaired and told once). */
function newRepair(resumed: ResumeState): Repair | undefined {
  const { repaired } = resumed.fold;
  const skippedLines = resumed.skippedLines.filter((s) => !repaired.lines.has(s.line));
  const problems = resumed.fold.problems.filter((p) => !repaired.problems.has(p));
  return skippedLines.length || problems.length ? { skippedLines, problems } : undefined;
}

/** The repair in plain words, one line. */
function repairNote(path: string, repair: Repair): string {
  const parts: string[] = [];
  const lines = repair.skippedLines;
  if (lines.length)
    parts.push(
      `${lines.length === 1 ? "1 line" : `${lines.length} lines`} could not be read (${lines
        .slice(0, 3)
        .map((s) => `line ${s.line}${s.torn ? ", cut off when the last run stopped" : `: ${s.reason}`}`)
        .join("; ")}${lines.length > 3 ? "; …" : ""})`,
    );
  if (repair.problems.length)
    parts.push(
      repair.problems.length === 1 ? repair.problems[0]! : `${repair.problems.length} history problems`,
    );
  return `the session log ${path} was repaired: ${parts.join(", and ")}; the session goes on from the rest (recorded in the log, not reported again)`;
}

function recordOpening(
  rt: EngineRuntime,
  options: SessionOptions,
  place: Place,
  located: Located,
  opening: {
    settings: EngineSettings;
    tier1: Tier1;
    freshHash: string;
    workspace: ReturnType<typeof workspaceFacts>;
    repair: Repair | undefined;
    mode: PermissionMode;
  },
): void {
  const { tier1 } = opening;
  rt.record(
    {
      type: "session_start",
      cwd: place.cwd,
      workspaceRoot: place.workspaceRoot,
      projectKey: projectKey(place.workspaceRoot),
      provider: options.provider.name,
      model: options.provider.model,
      mode: opening.mode,
      surface: options.surfaceLabel ?? options.surface ?? "cli",
      version: options.version ?? "0.0.0",
      ...(located.resumedFrom ? { resumedFrom: located.resumedFrom } : {}),
      settings: opening.settings,
      tier1: { hash: tier1.hash, bytes: tier1.bytes, sections: tier1.sections, toolSizes: tier1.toolSizes },
      workspace: opening.workspace,
    },
    "main",
  );
  if (opening.repair) rt.record({ type: "log_repair", ...opening.repair }, "main");
  rt.record(
    {
      type: "request_header",
      reason: located.resumed ? "resume" : "initial",
      hash: rt.headerHash,
      tier1Hash: tier1.hash,
      ...(located.resumed && opening.freshHash !== tier1.hash ? { freshTier1Hash: opening.freshHash } : {}),
      model: options.provider.model,
      maxTokens: opening.settings.maxTokens,
      tools: tier1.tools,
      system: tier1.system,
      bytes: { tools: tier1.bytes.tools, system: tier1.bytes.system },
    },
    "main",
  );
  const loggedMode = located.resumed?.fold.mode;
  if (loggedMode && loggedMode !== opening.mode)
    rt.record({ type: "mode_change", from: loggedMode, to: opening.mode }, "main");
}

function closeDanglingCalls(rt: EngineRuntime, main: Lane, cwd: string): void {
  for (const path of pathsReadInHistory(main.messages))
    rt.files.markRead(realPathOrResolved(resolve(cwd, path)));
  const pending = pendingToolUses(main.messages);
  if (pending.length === 0) return;
  main.append(
    userMessage(
      ...pending.map((b) => ({
        type: "tool_result" as const,
        toolUseId: b.id,
        content: UNKNOWN_OUTCOME_RESULT,
        isError: true,
      })),
    ),
    "tool_results",
  );
  for (const b of pending)
    rt.record(
      {
        type: "tool_result",
        toolUseId: b.id,
        name: b.name,
        status: "interrupted",
        bytes: Buffer.byteLength(UNKNOWN_OUTCOME_RESULT),
        durationMs: 0,
        content: UNKNOWN_OUTCOME_RESULT,
      },
      "main",
    );
}

/** The sessions folder; one that cannot be made (read-only, full) is told by the log, not thrown. */
function makeSessionsFolder(folder: string): void {
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    if (!isUnwritableFolderError(error)) throw error;
  }
}

/** `compute`, called at most once; its answer kept. */
function once<T>(compute: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value;
  };
}
