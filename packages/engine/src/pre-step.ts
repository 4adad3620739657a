/**
 * Running the `agent/pre-step` hook for a lane before a step: every appended message joins the
 * lane's history and the log (a `message` event with its source), a Tier-2 payload among them is
 * logged as `tier2_load`, and one `pre_step` event records the reminders and dedupe stats.
 * A plugin that throws is logged as a `plugin` error and skipped.
 */
import { byteLength, canonicalJson } from "@picasso/protocol";
import type { Lane } from "./lane.js";
import type { EngineRuntime } from "./runtime.js";

export async function runPreStep(rt: EngineRuntime, lane: Lane, turn: number): Promise<void> {
  const { append, stats } = await rt.host.preStep(
    {
      sessionId: rt.sessionId,
      lane: lane.id,
      turn,
      step: lane.steps,
      mode: rt.mode(),
      messages: lane.messages,
      compactions: lane.compactions,
    },
    (plugin, error) => {
      const message = `plugin ${plugin} failed in agent/pre-step: ${(error as Error)?.message ?? String(error)}`;
      rt.log({ type: "error", scope: "plugin", message }, lane.id);
      rt.emit({ type: "error", lane: lane.id, scope: "plugin", message });
    },
  );
  const reminders: { source: string; bytes: number }[] = [];
  for (const item of append) {
    lane.appendFromPlugin(item);
    const bytes = byteLength(canonicalJson(item.message));
    reminders.push({ source: item.reminder ?? item.source, bytes });
    if (item.tier2)
      rt.log(
        { type: "tier2_load", kind: item.tier2.kind, name: item.tier2.name, bytes: item.tier2.bytes },
        lane.id,
      );
    rt.emit({ type: "reminder", lane: lane.id, source: item.reminder ?? item.source, bytes });
  }
  rt.log(
    { type: "pre_step", step: lane.steps, reminders, dedupe: dedupeStats(stats), stats } as never,
    lane.id,
  );
}

/** Sum `{dedupe: {drops, bytesSaved}}` (or top-level `drops`/`bytesSaved`) over the plugins' stats. */
function dedupeStats(stats: Record<string, unknown>): { drops: number; bytesSaved: number } {
  let drops = 0;
  let bytesSaved = 0;
  for (const value of Object.values(stats)) {
    if (!value || typeof value !== "object") continue;
    const v = value as Record<string, unknown>;
    const d = (v.dedupe && typeof v.dedupe === "object" ? v.dedupe : v) as Record<string, unknown>;
    if (typeof d.drops === "number") drops += d.drops;
    if (typeof d.bytesSaved === "number") bytesSaved += d.bytesSaved;
  }
  return { drops, bytesSaved };
}
