/**
 * What a marathon run is checked on, read from its probe steps and its session log: each
 * compaction with the session's protected state at that moment (`marathonCompactions`,
 * `checkCompaction`), the outputs the scenario needs again with their original bytes as logged
 * (`recalledOutputs`), the requests that follow a step wider than the cache lookback
 * (`wideRequests`) and every Tier-2 load (`tier2Loads`). Pure: events are the parsed log lines.
 */
import { tier2BytesOpen } from "@picasso/lean-context";
import type { ContentBlock, Message, TodoItem } from "@picasso/protocol";
import { parseLogLineLoose, todoSection } from "@picasso/protocol";
import { LOOKBACK_BLOCKS } from "./drop-check.js";
import type { ProbeStep } from "./probe-step.js";
import type { ScenarioRun } from "./run-scenario.js";
import type { MarathonPlan, MarathonRecall } from "./scenarios/marathon.js";

/** A parsed session-log line (schema v2); only the fields read here are typed. */
export interface LoggedEvent {
  seq: number;
  lane: string;
  turn: number;
  type: string;
  [field: string]: unknown;
}

/** The facts a compaction must not lose, as the session held them just before it. */
export interface ProtectedState {
  /** Titles of pinned memories: the seeded ones and those pinned with `remember` so far. */
  pinned: string[];
  /** The todo list as the last `todo_write` before the compaction left it. */
  todos: TodoItem[];
  mode: string;
}

export interface MarathonCompaction {
  /** 1-based, in log order. */
  k: number;
  /** The compacted span's id (`compaction-N`), as the event logged it. */
  id: string;
  lane: string;
  turn: number;
  seq: number;
  state: ProtectedState;
  /** The lane's first request after the compaction (the summary request excluded). */
  after: ProbeStep;
}

export interface RecalledOutput extends MarathonRecall {
  /** The tool_use id of the first read and its result's content, from the log. */
  original: { toolUseId: string; content: string; bytes: number };
  /** The read at the recall turn. */
  again: { toolUseId: string; content: string };
  /** The original result was gone from the history (compacted away) when the recall turn began. */
  compactedBefore: boolean;
}

export interface Tier2Load {
  turn: number;
  seq: number;
  kind: string;
  name: string;
  bytes: number;
}

const messagesOf = (events: readonly LoggedEvent[]) =>
  events.filter((e) => e.type === "message").map((e) => ({ event: e, message: e.message as Message }));

function toolUses(events: readonly LoggedEvent[], name: string) {
  return messagesOf(events).flatMap(({ event, message }) =>
    message.role === "assistant"
      ? message.content
          .filter(
            (b): b is Extract<ContentBlock, { type: "tool_use" }> => b.type === "tool_use" && b.name === name,
          )
          .map((block) => ({ event, block }))
      : [],
  );
}

function resultOf(events: readonly LoggedEvent[], toolUseId: string): string | undefined {
  for (const { message } of messagesOf(events))
    for (const block of message.content)
      if (block.type === "tool_result" && block.toolUseId === toolUseId) return block.content;
  return undefined;
}

/** The protected state just before log position `seq`. */
export function protectedStateAt(
  events: readonly LoggedEvent[],
  seq: number,
  seededPinned: readonly string[],
): ProtectedState {
  const before = events.filter((e) => e.seq < seq);
  const pinned = toolUses(before, "remember")
    .filter(({ block }) => block.input.class === "pinned")
    .map(({ block }) => String(block.input.title));
  const todos = toolUses(before, "todo_write").at(-1)?.block.input.todos as TodoItem[] | undefined;
  const mode = before.filter((e) => e.type === "mode_change").at(-1)?.to;
  return {
    pinned: [...seededPinned, ...pinned],
    todos: todos ?? [],
    mode: typeof mode === "string" ? mode : "default",
  };
}

/** Every compaction of the run, with the protected state before it and the request after it. */
export function marathonCompactions(
  run: ScenarioRun,
  events: readonly LoggedEvent[],
  seededPinned: readonly string[],
): MarathonCompaction[] {
  const afterSteps = run.steps.filter((s) => s.after.compaction);
  return events
    .filter((e) => e.type === "compaction")
    .map((e, i) => {
      const after = afterSteps[i];
      if (!after) throw new Error(`compaction ${i + 1} (turn ${e.turn}) has no request after it`);
      return {
        k: i + 1,
        id: String(e.id),
        lane: e.lane,
        turn: e.turn,
        seq: e.seq,
        state: protectedStateAt(events, e.seq, seededPinned),
        after,
      };
    });
}

/** The protected block the request after a compaction carries (its summary's second text block). */
export function protectedBlockAfter(c: MarathonCompaction): string | undefined {
  const block = c.after.request.messages[0]?.content[1];
  return block?.type === "text" && block.text.startsWith("<protected-context>") ? block.text : undefined;
}

/**
 * Problems of one compaction: the summary (numbered as the k-th) opens the request after it and
 * names its span id; its protected block holds every fact the session had to keep — the session
 * facts with the memory pinned on turn 1 and the memory index, the open todo list exactly as the
 * last `todo_write` left it, and the mode. (That the request after it still read Tier 1 is the
 * drop check's `tier1-miss`; that the same state gives the same bytes, the test's grouping.)
 */
export function checkCompaction(c: MarathonCompaction, expect: { pinnedTitle: string }): string[] {
  const problems: string[] = [];
  const first = c.after.request.messages[0];
  const opening = first?.content[0]?.type === "text" ? first.content[0].text : "";
  if (!opening.includes("<conversation-summary>") || !opening.includes(`Compaction ${c.k}:`))
    problems.push(`compaction ${c.k}: the request after it does not open with summary ${c.k}`);
  if (!opening.includes(`Compacted span ${c.id}:`))
    problems.push(`compaction ${c.k}: the summary does not name its span ${c.id}`);
  if (!c.state.pinned.includes(expect.pinnedTitle))
    problems.push(`compaction ${c.k}: "${expect.pinnedTitle}" was not pinned before it`);
  if (!c.state.todos.some((t) => t.status !== "done"))
    problems.push(`compaction ${c.k}: no todo was open before it`);
  const block = protectedBlockAfter(c);
  if (!block) return [...problems, `compaction ${c.k}: the request after it has no protected block`];
  const wanted = [
    "<session-facts>",
    "<memory-index>",
    ...c.state.pinned,
    '<section source="tools" label="Open todo list">',
    ...(todoSection("tools", c.state.todos)?.lines ?? []),
    `<section source="engine" label="Permission mode">\n${c.state.mode}\n</section>`,
  ];
  for (const fact of wanted)
    if (!block.includes(fact))
      problems.push(`compaction ${c.k}: the protected block lacks ${JSON.stringify(fact)}`);
  return problems;
}

/**
 * Tier-2 bytes open in each main-lane step request, as lean context's ledger counts them, from the
 * log's lines as written (decoded by the log's own reader, so every event has its declared type).
 */
export function tier2OpenPerRequest(
  steps: readonly ProbeStep[],
  logLines: readonly string[],
): { n: number; turn: number; open: number }[] {
  const logged = logLines.flatMap((line) => {
    const decoded = parseLogLineLoose(line);
    return "event" in decoded ? [decoded.event] : [];
  });
  return steps
    .filter((s) => s.lane === "main" && s.purpose === "step")
    .map((s) => ({ n: s.n, turn: s.turn, open: tier2BytesOpen(logged, "main", s.request.messages) }));
}

/** The plan's recalls with the original output's bytes and the re-read's, from the log. */
export function recalledOutputs(
  plan: Pick<MarathonPlan, "recalls">,
  run: ScenarioRun,
  events: readonly LoggedEvent[],
): RecalledOutput[] {
  const plainRead = (turn: number, path: string) => {
    const use = toolUses(events, "read").find(
      ({ event, block }) =>
        event.turn === turn &&
        block.input.path === path &&
        block.input.offset === undefined &&
        block.input.limit === undefined,
    );
    if (!use) throw new Error(`no read of ${path} at turn ${turn} in the log`);
    const content = resultOf(events, use.block.id);
    if (content === undefined)
      throw new Error(`the read of ${path} at turn ${turn} has no result in the log`);
    return { toolUseId: use.block.id, content };
  };
  return plan.recalls.map((recall) => {
    const original = plainRead(recall.firstTurn, recall.path);
    const again = plainRead(recall.turn, recall.path);
    const opening = run.steps.find((s) => s.turn === recall.turn && s.purpose === "step");
    const present = opening?.request.messages.some((m) =>
      m.content.some((b) => b.type === "tool_result" && b.toolUseId === original.toolUseId),
    );
    return {
      ...recall,
      original: { ...original, bytes: Buffer.byteLength(original.content) },
      again,
      compactedBefore: opening !== undefined && !present,
    };
  });
}

/**
 * Requests that follow a wide step: a step of a wide turn grew the lane by at least the lookback
 * window's blocks since the lane's previous request, with no compaction between them. Only here
 * does the breakpoint where the previous request ended decide whether the cache is read.
 */
export function wideRequests(
  plan: Pick<MarathonPlan, "wideTurns">,
  steps: readonly ProbeStep[],
): ProbeStep[] {
  const previous = new Map<string, ProbeStep>();
  const out: ProbeStep[] = [];
  for (const step of steps) {
    const p = previous.get(step.lane);
    previous.set(step.lane, step);
    if (!p || step.after.compaction || step.purpose !== "step" || p.purpose !== "step") continue;
    if (
      plan.wideTurns.includes(step.turn) &&
      step.fingerprint.blocks - p.fingerprint.blocks >= LOOKBACK_BLOCKS
    )
      out.push(step);
  }
  return out;
}

/** Every Tier-2 load the session logged. */
export function tier2Loads(events: readonly LoggedEvent[]): Tier2Load[] {
  return events
    .filter((e) => e.type === "tier2_load")
    .map((e) => ({
      turn: e.turn,
      seq: e.seq,
      kind: String(e.kind),
      name: String(e.name),
      bytes: Number(e.bytes),
    }));
}

export interface HistoryRead {
  turn: number;
  /** The id `history_read` was given (a tool_use id once the capture found one). */
  id: string;
  /** Its answer without the header line, or undefined when it was an error. */
  page: string | undefined;
  /** The result of that id as the log holds it. */
  original: string | undefined;
}

/** Every `history_read` (through `tool_call`) with its answer's page and the original it names. */
export function historyReads(events: readonly LoggedEvent[]): HistoryRead[] {
  return toolUses(events, "tool_call")
    .filter(({ block }) => block.input.name === "history_read")
    .map(({ event, block }) => {
      const id = String((block.input.arguments as Record<string, unknown> | undefined)?.id ?? "");
      const answer = resultOf(events, block.id);
      const page = answer?.startsWith(`[history_read ${id} `)
        ? answer.slice(answer.indexOf("\n") + 1)
        : undefined;
      return { turn: event.turn, id, page, original: resultOf(events, id) };
    });
}
