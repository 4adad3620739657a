/**
 * What the screen shows when a session opens: a banner (new or resumed, provider, model, mode),
 * the resumed history as items — its newest part, huge messages cut to their head
 * (replay-window.ts) — notes about skipped log lines; and the status line's fields —
 * context estimated from Tier 1 plus history bytes (÷ 4) until the first request reports usage.
 */
import type { StatusInfo } from "../status/status-model.js";
import { historyItems } from "../transcript/history-items.js";
import { replayWindow } from "../transcript/replay-window.js";
import type { NewItem } from "../transcript/transcript.js";
import type { OpenedSession } from "./session-host.js";

export function openingItems(opened: OpenedSession, resumed: boolean): NewItem[] {
  const { session, provider } = opened;
  return [
    {
      kind: "notice",
      tone: "info",
      text: `${resumed ? "resumed" : "new"} session ${session.id} · ${provider.name} · ${provider.model} · ${session.currentMode} mode — /help for keys and commands`,
    },
    ...replayWindow(historyItems(session.replay), session.logPath),
    ...session.resumeNotes.map((text): NewItem => ({ kind: "notice", tone: "warn", text })),
  ];
}

export function openingStatus(opened: OpenedSession, previous: StatusInfo): StatusInfo {
  const { session, provider } = opened;
  return {
    ...previous,
    provider: provider.name,
    mockFallback: opened.mockFallback ?? false,
    model: provider.model,
    window: provider.contextWindow,
    mode: session.currentMode,
    sessionId: session.id,
    contextTokens: Math.ceil((session.tier1.bytes.total + JSON.stringify(session.history).length) / 4),
    contextEstimated: true,
    cacheReadShare: undefined,
  };
}
