/**
 * ContextStats: the observational record behind `/context` and `settings/describe`.
 *
 * Namespace `picasso-lean-context`, four volatile fields:
 * - `registry`: Tier-1 wire tool count, deferred tool count, MCP gateways and server names, known
 *   skills — captured after each assembly.
 * - `snapshot`: the last pre-step — message count, instruction and skill-catalog bytes
 *   before/after with cap flags, dedupe drops, injected reminders, skillsKnown, sessionId.
 * - `counters`: cumulative totalSteps, instructionsCapped, skillsOverflowed, dedupeRuns,
 *   remindersInjected.
 * - `events`: a journal of what was compressed or injected, newest first, at most 50.
 * Observational only: every capture reads outputs the assembler and normaliser already chose
 * and returns nothing they read, so collecting stats never changes a byte sent.
 */
import type { LogEvent, PreStepContext } from "@picasso/protocol";
import type { PreStepStats } from "../pre-step/pre-step-normaliser.js";
import type { Tier1Assembly } from "../tier1/assemble-tier1.js";

export const CONTEXT_STATS_NAMESPACE = "picasso-lean-context";
export const CONTEXT_STATS_EVENT_LIMIT = 50;

export interface ContextRegistry {
  tier1Hash: string;
  wireTools: number;
  coreTools: string[];
  deferredTools: number;
  mcpGateways: string[];
  mcpServers: string[];
  skillsKnown: string[];
  missingCoreTools: string[];
}

export interface ContextSnapshot {
  sessionId: string;
  lane: string;
  turn: number;
  step: number;
  messageCount: number;
  instructions: { bytesBefore: number; bytesAfter: number; capped: boolean; overTarget: boolean };
  skillCatalog: { bytesBefore: number; bytesAfter: number; overflowed: boolean; collapsed: number };
  dedupe: { drops: number; bytesSaved: number };
  reminders: { source: string; bytes: number }[];
  skillsKnown: number;
}

export interface ContextCounters {
  totalSteps: number;
  instructionsCapped: number;
  skillsOverflowed: number;
  dedupeRuns: number;
  remindersInjected: number;
}

export interface ContextEvent {
  kind: string;
  detail: string;
  lane?: string;
  turn?: number;
  step?: number;
}

export interface ContextStatsValue {
  registry: ContextRegistry | null;
  snapshot: ContextSnapshot | null;
  counters: ContextCounters;
  events: ContextEvent[];
}

export class ContextStats {
  private registry: ContextRegistry | null = null;
  private snapshot: ContextSnapshot | null = null;
  private assembly: Tier1Assembly | undefined;
  private readonly counters: ContextCounters = {
    totalSteps: 0,
    instructionsCapped: 0,
    skillsOverflowed: 0,
    dedupeRuns: 0,
    remindersInjected: 0,
  };
  private readonly events: ContextEvent[] = [];

  captureRegistry(assembly: Tier1Assembly, warnings: readonly string[] = []): void {
    this.assembly = assembly;
    const { tier1, split, mcpServers, instructionIndex, skillIndex } = assembly;
    this.registry = {
      tier1Hash: tier1.hash,
      wireTools: tier1.tools.length,
      coreTools: split.core.map((t) => t.spec.name),
      deferredTools: split.deferred.length,
      mcpGateways: tier1.tools.map((t) => t.name).filter((n) => n.endsWith("_call") && n !== "tool_call"),
      mcpServers: [...mcpServers],
      skillsKnown: [...skillIndex.names],
      missingCoreTools: [...split.missing],
    };
    if (instructionIndex.capped) {
      this.counters.instructionsCapped++;
      this.event(
        "instructions_capped",
        `${instructionIndex.bytesBefore} → ${instructionIndex.bytesAfter} bytes, cut in ${instructionIndex.cutFile}`,
      );
    } else if (instructionIndex.overTarget) {
      this.event("instructions_over_target", `${instructionIndex.bytesAfter} bytes, over the target`);
    }
    if (skillIndex.cut > 0 && !skillIndex.overflowed)
      this.event(
        "skill_triggers_shortened",
        `${skillIndex.cut} of ${skillIndex.withTrigger} triggers cut to ${skillIndex.triggerChars} characters to fit the index budget`,
      );
    if (skillIndex.overflowed) {
      this.counters.skillsOverflowed++;
      this.event(
        "skills_overflowed",
        `${skillIndex.withTrigger} with trigger (cut to ${skillIndex.triggerChars} characters), ${skillIndex.byName} by name, ${skillIndex.collapsed} behind skill_search`,
      );
    }
    for (const warning of warnings) this.event("warning", warning);
  }

  recordStep(ctx: PreStepContext, stats: PreStepStats): void {
    this.counters.totalSteps++;
    this.counters.remindersInjected += stats.reminders.length;
    this.counters.dedupeRuns += stats.dedupe.drops;
    const at = { lane: ctx.lane, turn: ctx.turn, step: ctx.step };
    for (const r of stats.reminders) this.event("reminder", `${r.source} (${r.bytes} bytes)`, at);
    if (stats.dedupe.drops > 0)
      this.event("dedupe", `${stats.dedupe.drops} dropped, ${stats.dedupe.bytesSaved} bytes saved`, at);
    const ii = this.assembly?.instructionIndex;
    const si = this.assembly?.skillIndex;
    this.snapshot = {
      sessionId: ctx.sessionId,
      ...at,
      messageCount: stats.messageCount,
      instructions: {
        bytesBefore: ii?.bytesBefore ?? 0,
        bytesAfter: ii?.bytesAfter ?? 0,
        capped: ii?.capped ?? false,
        overTarget: ii?.overTarget ?? false,
      },
      skillCatalog: {
        bytesBefore: si?.bytesBefore ?? 0,
        bytesAfter: si?.bytesAfter ?? 0,
        overflowed: si?.overflowed ?? false,
        collapsed: si?.collapsed ?? 0,
      },
      dedupe: { ...stats.dedupe },
      reminders: stats.reminders.map((r) => ({ ...r })),
      skillsKnown: si?.skillsKnown ?? 0,
    };
  }

  /** A dedupe done outside the pre-step (a repeated file read, a skill or memory body). */
  recordDedupe(label: string, bytesSaved: number, lane?: string): void {
    this.counters.dedupeRuns++;
    this.event("dedupe", `${label}: ${bytesSaved} bytes saved`, lane ? { lane } : {});
  }

  observe(event: LogEvent): void {
    const at = { lane: event.lane, turn: event.turn };
    if (event.type === "tier2_load")
      this.event("tier2_load", `${event.kind} ${event.name} (${event.bytes} bytes)`, at);
    else if (event.type === "compaction")
      this.event(
        "compaction",
        `${event.removedMessages} messages, ${event.bytesBefore} → ${event.bytesAfter} bytes`,
        at,
      );
    else if (event.type === "mode_change") this.event("mode_change", `${event.from} → ${event.to}`, at);
  }

  describe(): { namespace: string; value: ContextStatsValue } {
    return {
      namespace: CONTEXT_STATS_NAMESPACE,
      value: structuredClone({
        registry: this.registry,
        snapshot: this.snapshot,
        counters: this.counters,
        events: this.events,
      }),
    };
  }

  private event(kind: string, detail: string, at: Omit<ContextEvent, "kind" | "detail"> = {}): void {
    this.events.unshift({ kind, detail, ...at });
    if (this.events.length > CONTEXT_STATS_EVENT_LIMIT) this.events.length = CONTEXT_STATS_EVENT_LIMIT;
  }
}
