/**
 * `PreStepNormaliser`: runs before every model step and only appends to history.
 *
 * Per step, in this order:
 * 1. Mode: the mode history last announced (the last `mode` reminder; `default` when none) is
 *    compared with the step's mode. On a change it appends the mode notice; entering plan mode
 *    also appends `plan-mode.section` (once per entry; a copy already in history becomes a
 *    dedupe pointer).
 * 2. Stale todos: `decideStaleTodos` (see stale-todos.ts) may append one `stale-todos` reminder.
 * Every appended reminder is a user-role `<system-reminder source="…">` message. The returned
 * stats are additive and describe only what was chosen. State is derived from history, except
 * the compaction count seen with each todo write (the only fact history does not carry); a new
 * normaliser over the same history — a resumed session — appends the same bytes.
 */
import {
  type AppendedMessage,
  byteLength,
  canonicalJson,
  type Message,
  type PermissionMode,
  type PreStepContext,
} from "@picasso/protocol";
import { MODE_NOTICES, PLAN_MODE_SECTION } from "../sections/plan-mode-section.js";
import { dedupeAppend } from "./dedupe.js";
import { lastReminderIndex, REMINDER_SOURCES, reminderMessage, remindersIn } from "./reminders.js";
import { decideStaleTodos, type StaleTodosDecision } from "./stale-todos.js";

export interface PreStepStats {
  messageCount: number;
  reminders: { source: string; bytes: number }[];
  dedupe: { drops: number; bytesSaved: number };
  mode: { from: PermissionMode; to: PermissionMode } | null;
  staleTodos: { open: number; callsSinceWrite: number; nudgesForWrite: number; nudged: boolean } | null;
}

export interface PreStepDecision {
  append: AppendedMessage[];
  stats: PreStepStats;
}

const MODE_PATTERN = /^Permission mode is now (default|plan|auto):/;

/** The mode history last announced; `default` when it announced none. */
export function announcedMode(messages: readonly Message[]): PermissionMode {
  const index = lastReminderIndex(messages, REMINDER_SOURCES.mode);
  if (index < 0) return "default";
  const notice = remindersIn(messages[index]!).findLast((r) => r.source === REMINDER_SOURCES.mode);
  return (MODE_PATTERN.exec(notice?.body ?? "")?.[1] as PermissionMode | undefined) ?? "default";
}

export class PreStepNormaliser {
  /** Compaction count first seen with each todo write (by tool_use id). */
  private readonly compactionsAtWrite = new Map<string, number>();

  step(ctx: PreStepContext): PreStepDecision {
    const history = [...ctx.messages];
    const append: AppendedMessage[] = [];
    const stats: PreStepStats = {
      messageCount: ctx.messages.length,
      reminders: [],
      dedupe: { drops: 0, bytesSaved: 0 },
      mode: null,
      staleTodos: null,
    };
    const add = (source: string, body: string, tier2?: AppendedMessage["tier2"]) => {
      const message = reminderMessage(source, body);
      history.push(message);
      append.push({ source: "reminder", reminder: source, message, ...(tier2 ? { tier2 } : {}) });
      stats.reminders.push({ source, bytes: byteLength(canonicalJson(message)) });
    };

    const from = announcedMode(ctx.messages);
    if (from !== ctx.mode) {
      stats.mode = { from, to: ctx.mode };
      add(REMINDER_SOURCES.mode, MODE_NOTICES[ctx.mode]);
      if (ctx.mode === "plan") {
        const section = dedupeAppend(history, PLAN_MODE_SECTION, "plan-mode section");
        if (section.deduped) {
          stats.dedupe.drops++;
          stats.dedupe.bytesSaved += section.bytesSaved;
        }
        add(REMINDER_SOURCES.planMode, section.content, {
          kind: "plan_mode",
          name: "plan-mode.section",
          bytes: byteLength(section.content),
        });
      }
    }

    const stale = this.staleTodos(history, ctx.compactions);
    if (stale.write)
      stats.staleTodos = {
        open: stale.write.todos.filter((t) => t.status !== "done").length,
        callsSinceWrite: stale.callsSinceWrite,
        nudgesForWrite: stale.nudgesForWrite,
        nudged: stale.nudge,
      };
    if (stale.nudge && stale.text) add(REMINDER_SOURCES.staleTodos, stale.text);
    return { append, stats };
  }

  private staleTodos(history: readonly Message[], compactions: number): StaleTodosDecision {
    const first = decideStaleTodos(history, 0);
    if (!first.write) return first;
    const seen = this.compactionsAtWrite.get(first.write.id);
    if (seen === undefined) this.compactionsAtWrite.set(first.write.id, compactions);
    const since = compactions - (seen ?? compactions);
    return since > 0 ? decideStaleTodos(history, since) : first;
  }
}
