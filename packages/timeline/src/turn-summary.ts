/**
 * Per-turn summaries: what one turn put into each lane's context and what its steps cost.
 *
 * A `TurnSummary` holds one `LaneTurn` per lane active in the turn (main first, then subagent
 * lanes in the order they appeared). Entries are grouped by kind and name in first-seen order, so
 * a summary's size depends on the number of distinct kinds, tools and steps — never on the bytes
 * of the messages. `snapshot()` copies the summary into the JSON shape, so later events never
 * change a snapshot already handed out.
 */
import type { PermissionMode } from "@picasso/protocol";
import { EntryGroups, type EntryInput, groupEntries } from "./entry-groups.js";
import type {
  TimelineCompaction,
  TimelineLane,
  TimelineStep,
  TimelineSubagent,
  TimelineTurn,
} from "./timeline-types.js";
import { TotalsAccumulator } from "./usage-figures.js";

const PREVIEW_CHARS = 80;

/** The first 80 characters of a text, on one line. */
export function preview(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS - 1)}…` : flat;
}

export class LaneTurn {
  private readonly entries = new EntryGroups();
  /** Items that entered in this turn and no request of it sent yet (step-attribution.ts). */
  readonly notSent = new Set<{ readonly entry: EntryInput }>();
  appendedBytes = 0;
  appendedMessages = 0;
  images = { count: 0, bytes: 0 };
  readonly steps: TimelineStep[] = [];
  readonly compactions: TimelineCompaction[] = [];
  readonly totals = new TotalsAccumulator();

  constructor(
    readonly lane: string,
    /** Shared with the lane's later turns; read at snapshot time. */
    readonly subagent: () => TimelineSubagent | null,
  ) {}

  addEntry(input: EntryInput, key?: string): void {
    this.entries.add(input, key);
  }

  snapshot(): TimelineLane {
    const subagent = this.subagent();
    return {
      lane: this.lane,
      subagent: subagent ? { ...subagent } : null,
      entries: this.entries.snapshot(),
      notSentInTurn: groupEntries([...this.notSent].map((a) => a.entry)),
      appendedBytes: this.appendedBytes,
      appendedMessages: this.appendedMessages,
      ...(this.images.count > 0 ? { images: { ...this.images } } : {}),
      steps: this.steps.map(copyStep),
      compactions: this.compactions.map((c) => ({ ...c })),
      totals: this.totals.snapshot(),
    };
  }
}

function copyStep(step: TimelineStep): TimelineStep {
  return {
    ...step,
    requestBytes: { ...step.requestBytes },
    usage: { ...step.usage },
    cacheDrop: step.cacheDrop
      ? { ...step.cacheDrop, firstDifference: { ...step.cacheDrop.firstDifference } }
      : null,
    notRecorded: [...step.notRecorded],
    entries: step.entries.map((e) => ({ ...e })),
    carriedOver: step.carriedOver.map((e) => ({ ...e })),
    compactions: step.compactions.map((c) => ({ ...c })),
  };
}

export class TurnSummary {
  input: TimelineTurn["input"] = null;
  mode: PermissionMode | null = null;
  readonly modeChanges: { from: PermissionMode; to: PermissionMode }[] = [];
  stopReason: string | null = null;
  readonly lanes = new Map<string, LaneTurn>();
  readonly errors: TimelineTurn["errors"] = [];
  readonly interrupts: string[] = [];
  readonly mcpServers: TimelineTurn["mcpServers"] = [];
  readonly totals = new TotalsAccumulator();
  /** Whether anything of note happened (turn 0 is shown only then). */
  touched = false;
  /** Handed to `onTurn` already (a later turn began). */
  closed = false;

  constructor(readonly turn: number) {}

  lane(id: string, subagent: () => TimelineSubagent | null): LaneTurn {
    let lane = this.lanes.get(id);
    if (!lane) {
      lane = new LaneTurn(id, subagent);
      this.lanes.set(id, lane);
    }
    this.touched = true;
    return lane;
  }

  snapshot(): TimelineTurn {
    const lanes = [...this.lanes.values()];
    const main = lanes.filter((l) => l.lane === "main");
    return {
      turn: this.turn,
      input: this.input ? { ...this.input } : null,
      mode: this.mode,
      modeChanges: this.modeChanges.map((c) => ({ ...c })),
      stopReason: this.stopReason,
      lanes: [...main, ...lanes.filter((l) => l.lane !== "main")].map((l) => l.snapshot()),
      errors: this.errors.map((e) => ({ ...e })),
      interrupts: [...this.interrupts],
      mcpServers: this.mcpServers.map((e) => ({ ...e })),
      totals: this.totals.snapshot(),
    };
  }
}
