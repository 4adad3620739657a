/**
 * The status line's text, pure: provider and model, permission mode, context used (tokens and
 * % of the window), the last step's cache-read share, session id. On the mock fallback the
 * provider reads "mock (no key set)". Fields are dropped from the right-hand, least useful end
 * until the line fits `width` (the mode and provider always stay): session id first, then the
 * cache share, then the window size; the model name is shortened last.
 */
import type { PermissionMode, Usage } from "@picasso/protocol";

export interface StatusInfo {
  provider: string;
  model: string;
  /** True when no provider was configured and the built-in mock is standing in. */
  mockFallback: boolean;
  mode: PermissionMode;
  contextTokens: number | undefined;
  /** True when contextTokens is an estimate (no request made yet). */
  contextEstimated: boolean;
  window: number;
  cacheReadShare: number | undefined;
  sessionId: string;
  busy: boolean;
}

export function cacheReadShare(usage: Usage): number | undefined {
  const prompt = (usage.inputTokens ?? 0) + (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0);
  if (usage.cacheReadTokens === undefined || prompt === 0) return undefined;
  return usage.cacheReadTokens / prompt;
}

export function compactNumber(n: number): string {
  if (n < 1000) return String(n);
  if (n < 10_000) return `${(n / 1000).toFixed(1)}k`;
  if (n < 1_000_000) return `${Math.round(n / 1000)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

export function statusSegments(info: StatusInfo, width: number): string[] {
  const provider = info.mockFallback ? "mock (no key set)" : info.provider;
  const ctx =
    info.contextTokens === undefined
      ? "ctx not recorded"
      : `ctx ${info.contextEstimated ? "~" : ""}${compactNumber(info.contextTokens)}`;
  const percent =
    info.contextTokens === undefined || info.window <= 0
      ? ""
      : ` (${Math.round((info.contextTokens / info.window) * 100)}%)`;
  const cache =
    info.cacheReadShare === undefined ? "cache —" : `cache ${Math.round(info.cacheReadShare * 100)}%`;
  const variants: string[][] = [
    [
      `${provider} · ${info.model}`,
      info.mode,
      `${ctx}/${compactNumber(info.window)}${percent}`,
      cache,
      info.sessionId,
    ],
    [`${provider} · ${info.model}`, info.mode, `${ctx}/${compactNumber(info.window)}${percent}`, cache],
    [`${provider} · ${info.model}`, info.mode, `${ctx}${percent}`, cache],
    [`${provider} · ${info.model}`, info.mode, `${ctx}${percent}`],
    [`${provider} · ${shorten(info.model, 12)}`, info.mode, `${ctx}${percent}`],
    [provider, info.mode],
  ];
  for (const segments of variants) if (segments.join(" │ ").length <= width) return segments;
  return variants[variants.length - 1]!;
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
