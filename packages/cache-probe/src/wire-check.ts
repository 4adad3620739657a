/**
 * The wire check: the bytes the official SDK really sent (the mock server's `requests`), compared
 * exactly — JSON as sent, key order included, only `cache_control` markers removed.
 *
 * The drop check compares the engine's requests as canonical JSON, and the simulated cache keys
 * blocks by canonical JSON too, so neither sees a change of key order or serialisation between
 * the engine and the provider (a `tool_use` input re-serialised in another order after a resume,
 * an adapter that reorders schema keys). Real providers do see them. For every request from the
 * second on: `tools` and `system` as sent equal the first request's; the messages equal those of
 * the lane's previous request up to its last breakpoint (OpenAI: all of its messages, since its
 * cache is a plain prefix). A difference is a `wire-changed` drop naming the segment, the index,
 * the byte and both sides. Requests after a compaction are left to the drop check; the first
 * request of a new session (the next day) is held to Tier 1 only, and starts its lanes. Pure.
 */
import type { Finding } from "./drop-check.js";
import { firstDifferingByte } from "./prefix-diff.js";
import type { ProbeStep, ProviderRules } from "./probe-step.js";
import type { Segment } from "./request-fingerprint.js";

interface WirePrefix {
  tools: string[];
  system: string[];
  messages: string[];
}

function withoutMarks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutMarks);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (k !== "cache_control") out[k] = withoutMarks(v);
    return out;
  }
  return value;
}

const sent = (value: unknown) => JSON.stringify(withoutMarks(value));

export function wirePrefix(body: unknown, rules: ProviderRules): WirePrefix {
  const b = (body ?? {}) as { tools?: unknown[]; system?: unknown; messages?: unknown[] };
  const tools = (b.tools ?? []).map(sent);
  const messages = b.messages ?? [];
  if (rules === "openai") {
    const lead = (messages[0] as { role?: string } | undefined)?.role === "system";
    return {
      tools,
      system: lead ? [sent(messages[0])] : [],
      messages: (lead ? messages.slice(1) : messages).map(sent),
    };
  }
  const system = typeof b.system === "string" ? [sent(b.system)] : ((b.system as unknown[]) ?? []).map(sent);
  return { tools, system, messages: messages.map(sent) };
}

function lastMessageBreakpoint(step: ProbeStep): number {
  return Math.max(
    -1,
    ...step.request.cacheBreakpoints.filter((b) => b.segment === "message").map((b) => b.index),
  );
}

function firstDifference(
  a: WirePrefix,
  b: WirePrefix,
  throughMessage: number,
): { segment: Segment; index: number; left: string; right: string } | undefined {
  for (const segment of ["tools", "system"] as const) {
    const n = Math.max(a[segment].length, b[segment].length);
    for (let i = 0; i < n; i++)
      if (a[segment][i] !== b[segment][i])
        return { segment, index: i, left: a[segment][i] ?? "", right: b[segment][i] ?? "" };
  }
  for (let i = 0; i <= throughMessage && i < a.messages.length; i++)
    if (a.messages[i] !== b.messages[i])
      return { segment: "message", index: i, left: a.messages[i]!, right: b.messages[i] ?? "" };
  return undefined;
}

export function checkWire(steps: readonly ProbeStep[], rules: ProviderRules): Finding[] {
  const findings: Finding[] = [];
  const first = steps[0];
  if (!first || first.wire === undefined) return findings;
  const firstWire = wirePrefix(first.wire, rules);
  const previous = new Map<string, { step: ProbeStep; wire: WirePrefix }>([
    [first.lane, { step: first, wire: firstWire }],
  ]);
  for (const step of steps.slice(1)) {
    if (step.wire === undefined) continue;
    const wire = wirePrefix(step.wire, rules);
    if (step.after.newSession) previous.clear();
    const p = previous.get(step.lane);
    previous.set(step.lane, { step, wire });
    if (step.purpose === "compaction" || step.after.compaction) continue;
    const tier1 = firstDifference(firstWire, wire, -1);
    const diff =
      tier1 ??
      (p
        ? firstDifference(
            p.wire,
            wire,
            rules === "openai" ? p.wire.messages.length - 1 : lastMessageBreakpoint(p.step),
          )
        : undefined);
    if (!diff) continue;
    const byte = firstDifferingByte(diff.left, diff.right);
    const cut = (text: string) =>
      Buffer.from(text)
        .subarray(Math.max(0, byte - 40), byte + 40)
        .toString("utf8");
    findings.push({
      n: step.n,
      lane: step.lane,
      turn: step.turn,
      step: step.step,
      kind: "wire-changed",
      expected: false,
      message: `the SDK sent ${diff.segment === "message" ? `message ${diff.index}` : `${diff.segment}[${diff.index}]`} with different bytes than ${tier1 ? "request 1" : `request ${p!.step.n}`} (byte ${byte}): ${JSON.stringify(cut(diff.left))} → ${JSON.stringify(cut(diff.right))}`,
      segment: diff.segment,
      index: diff.index,
      byte,
      before: cut(diff.left),
      after: cut(diff.right),
    });
  }
  return findings;
}
