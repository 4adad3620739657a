/**
 * Running the `agent/pre-step` hook for a lane before a step (after the engine's own pins notice,
 * pins-notice.ts, for the main lane): every appended message joins the
 * lane's history and the log (a `message` event with its source), a Tier-2 payload among them is
 * recorded as `tier2_load`, and one `pre_step` event records the reminders, the dedupe figures
 * the plugins reported and their own stats. A plugin that throws is recorded as a `plugin` error
 * and skipped.
 */
import { byteLength, canonicalJson } from "@picasso/protocol";
import type { Lane } from "./lane.js";
import { PINS_REMINDER, pinsNotice } from "./pins-notice.js";
import type { EngineRuntime } from "./runtime.js";

export async function runPreStep(rt: EngineRuntime, lane: Lane, turn: number): Promise<void> {
  const pins = lane.id === "main" ? pinsNotice(lane.messages, rt.pins()) : undefined;
  if (pins) lane.append(pins, "reminder", { reminder: PINS_REMINDER });
  const { append, dedupe, stats } = await rt.host.preStep(
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
      rt.record({ type: "error", scope: "plugin", message }, lane.id);
    },
  );
  const reminders: { source: string; bytes: number }[] = pins
    ? [{ source: PINS_REMINDER, bytes: byteLength(canonicalJson(pins)) }]
    : [];
  for (const item of append) {
    lane.appendFromPlugin(item);
    reminders.push({ source: item.reminder ?? item.source, bytes: byteLength(canonicalJson(item.message)) });
    if (item.tier2)
      rt.record(
        { type: "tier2_load", kind: item.tier2.kind, name: item.tier2.name, bytes: item.tier2.bytes },
        lane.id,
      );
  }
  rt.record(
    {
      type: "pre_step",
      step: lane.steps,
      reminders,
      dedupe,
      ...(Object.keys(stats).length > 0 ? { stats } : {}),
    },
    lane.id,
  );
}
