/**
 * The Tier-2 ledger: which loaded Tier-2 entries are open in a lane's context, how many bytes
 * they take, and when each was last used — derived from the logged loads and the lane's history.
 *
 * A load is a `tier2_load` event carried by a tool result (`toolUseId`); reminder payloads are
 * not counted (the harness appends them, the model does not load them). An entry is open while:
 * - the tool result that carried it is still in history (compaction removes it, and it closes);
 * - no later load of the same name superseded it (the newest copy is the one that counts; a
 *   deduped reload — a pointer to an earlier copy — counts that copy's bytes);
 * - no later `tool_search({close})` named it, and no later `tier2-budget` reminder collapsed it.
 * Its last use is the newest history position among its load and the tool calls naming it
 * (`tool_call({name})`, `skill({name})`). Everything comes from the loads and the messages, so a
 * ledger over the same history always gives the same open set in the same order.
 */
import { type LogEvent, type Message, parseReminder, readLogFile, type Tier2Kind } from "@picasso/protocol";
import { TIER2_BUDGET_SOURCE } from "./tier2-notice.js";

/** One logged Tier-2 load of a tool result. */
export interface Tier2Load {
  kind: Tier2Kind;
  name: string;
  bytes: number;
  toolUseId: string;
  deduped?: boolean;
}

/** An entry open in context. */
export interface OpenTier2Entry {
  kind: Tier2Kind;
  name: string;
  bytes: number;
  toolUseId: string;
  /** History index of the tool results message that carried it. */
  loadedAt: number;
  /** History index of its newest use (its load, or a later call naming it). */
  lastUse: number;
  /** The call that loaded it: a tool name and its input, for the re-open hint. */
  via: { name: string; input: Record<string, unknown> };
}

/**
 * Loads per lane, as the plugin observes them (`observe`); a resumed session's earlier loads are
 * read from its log when the plugin starts (`seedFromLog`).
 */
export class Tier2Ledger {
  private readonly loads = new Map<string, Tier2Load[]>();

  observe(event: LogEvent): void {
    if (event.type !== "tier2_load" || event.toolUseId === undefined) return;
    const lane = this.loads.get(event.lane) ?? [];
    // A load read from the log at start and observed again counts once.
    if (lane.some((l) => l.toolUseId === event.toolUseId && l.name === event.name)) return;
    lane.push({
      kind: event.kind,
      name: event.name,
      bytes: event.bytes,
      toolUseId: event.toolUseId,
      ...(event.deduped ? { deduped: true } : {}),
    });
    this.loads.set(event.lane, lane);
  }

  /** Reads the loads an existing log holds (a resumed session's); a missing log holds none. */
  async seedFromLog(path: string): Promise<void> {
    try {
      for await (const line of readLogFile(path)) if (line.kind === "event") this.observe(line.event);
    } catch {
      // No log yet: nothing was loaded.
    }
  }

  lane(lane: string): readonly Tier2Load[] {
    return this.loads.get(lane) ?? [];
  }
}

/** The lane's loads as its log recorded them. */
export function tier2LoadsOf(events: Iterable<LogEvent>, lane: string): Tier2Load[] {
  const ledger = new Tier2Ledger();
  for (const event of events) if (event.lane === lane) ledger.observe(event);
  return [...ledger.lane(lane)];
}

/** Names a tool call uses: the deferred tool it runs, the skill it loads. */
function namesUsed(name: string, input: Record<string, unknown>): string[] {
  if ((name === "tool_call" || name === "skill") && typeof input.name === "string") return [input.name];
  return [name];
}

/** Names closed by a `tool_search({close})` call. */
function namesClosed(name: string, input: Record<string, unknown>): string[] {
  if (name !== "tool_search" || !Array.isArray(input.close)) return [];
  return input.close.filter((n): n is string => typeof n === "string");
}

/** Names listed as collapsed by a `tier2-budget` reminder (`- \`name\` …` lines). */
export function namesCollapsed(body: string): string[] {
  return [...body.matchAll(/^- `([^`]+)`/gm)].map((m) => m[1]!);
}

/** Where a scan of one history stopped, so the next step reads only the messages added since. */
interface Scan {
  loads: readonly Tier2Load[];
  /** How many loads there were, and the tool results already read (a later load for one: rescan). */
  loadsSeen: number;
  resultIds: Set<string>;
  scanned: number;
  last: Message | undefined;
  calls: Map<string, { name: string; input: Record<string, unknown> }>;
  open: Map<string, OpenTier2Entry>;
  /** Bytes of the newest non-deduped copy of each name (what a deduped pointer stands for). */
  copyBytes: Map<string, number>;
}

// Keyed by the history array: a lane appends to its array and replaces it on compaction or repair.
const scans = new WeakMap<readonly Message[], Scan>();

function scanFor(loads: readonly Tier2Load[], messages: readonly Message[]): Scan {
  const known = scans.get(messages);
  const reusable =
    known &&
    known.loads === loads &&
    known.scanned <= messages.length &&
    (known.scanned === 0 || messages[known.scanned - 1] === known.last) &&
    loads.length >= known.loadsSeen &&
    !loads.slice(known.loadsSeen).some((load) => known.resultIds.has(load.toolUseId));
  if (reusable) return known;
  const fresh: Scan = {
    loads,
    loadsSeen: 0,
    resultIds: new Set(),
    scanned: 0,
    last: undefined,
    calls: new Map(),
    open: new Map(),
    copyBytes: new Map(),
  };
  scans.set(messages, fresh);
  return fresh;
}

/**
 * The entries open in `messages`, oldest last use first (ties: load position, then name). A
 * step pays for the messages added since the previous call on the same history, not for all of
 * it (the scan is kept per history array, and redone when it was replaced or edited).
 */
export function openTier2Entries(
  loads: readonly Tier2Load[],
  messages: readonly Message[],
): OpenTier2Entry[] {
  if (loads.length === 0) return [];
  const scan = scanFor(loads, messages);
  const byId = new Map<string, Tier2Load[]>();
  for (const load of loads) byId.set(load.toolUseId, [...(byId.get(load.toolUseId) ?? []), load]);
  const { calls, open, copyBytes } = scan;
  const close = (name: string) => open.delete(name);
  for (let index = scan.scanned; index < messages.length; index++) {
    const message = messages[index]!;
    for (const block of message.content) {
      if (block.type === "tool_use") {
        calls.set(block.id, { name: block.name, input: block.input });
        for (const name of namesClosed(block.name, block.input)) close(name);
        for (const name of namesUsed(block.name, block.input)) {
          const entry = open.get(name);
          if (entry) entry.lastUse = index;
        }
      } else if (block.type === "tool_result") {
        scan.resultIds.add(block.toolUseId);
        for (const load of byId.get(block.toolUseId) ?? []) {
          const bytes = load.deduped ? (copyBytes.get(load.name) ?? load.bytes) : load.bytes;
          if (!load.deduped) copyBytes.set(load.name, load.bytes);
          open.delete(load.name);
          open.set(load.name, {
            kind: load.kind,
            name: load.name,
            bytes,
            toolUseId: load.toolUseId,
            loadedAt: index,
            lastUse: index,
            via: calls.get(block.toolUseId) ?? { name: "tool_search", input: { query: load.name } },
          });
        }
      } else if (block.type === "text" && message.role === "user") {
        const reminder = parseReminder(block.text);
        if (reminder?.source === TIER2_BUDGET_SOURCE)
          for (const name of namesCollapsed(reminder.body)) close(name);
      }
    }
  }
  scan.scanned = messages.length;
  scan.last = messages.at(-1);
  scan.loadsSeen = loads.length;
  return [...open.values()]
    .map((entry) => ({ ...entry }))
    .sort(
      (a, b) =>
        a.lastUse - b.lastUse || a.loadedAt - b.loadedAt || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    );
}

/**
 * Tier-2 bytes open in a lane's context: the sum of `openTier2Entries` over the lane's logged
 * loads and its history as sent. What the Tier-2 budget keeps at or under its setting (after each
 * pre-step), and what a probe asserts.
 */
export function tier2BytesOpen(
  events: Iterable<LogEvent>,
  lane: string,
  messages: readonly Message[],
): number {
  return openTier2Entries(tier2LoadsOf(events, lane), messages).reduce((sum, e) => sum + e.bytes, 0);
}
