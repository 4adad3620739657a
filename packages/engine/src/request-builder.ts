/**
 * Building one model request from Tier 1 and a lane's history, and its fingerprint for the log.
 *
 * Cache breakpoints (at most 4), so a step that appends many blocks still reads the whole
 * history from cache:
 * 1. the end of Tier 1 — the last system block (or the last tool when there is no system);
 * 2. the message where the previous request of this lane ended, if it is still in the history
 *    and is not the newest message (the cache entry written there is found again exactly);
 * 3. the newest message (where this request's entry is written).
 * The fingerprint is what `model_request` records and what `rebuildRequests` checks against:
 * SHA-256 of the canonical JSON of tools, system and messages; sizes are the canonical-JSON bytes
 * of tools and messages and the system's text bytes (`systemBytes`, Tier 1's one definition).
 */
import {
  byteLength,
  type CacheBreakpoint,
  canonicalJson,
  type Message,
  type ModelRequest,
  sha256,
  systemBytes,
  type Tier1,
} from "@picasso/protocol";
import { digestMessages } from "./history-digest.js";

export function placeBreakpoints(
  tier1: Pick<Tier1, "tools" | "system">,
  messageCount: number,
  previousEnd: number | undefined,
): CacheBreakpoint[] {
  const out: CacheBreakpoint[] = [];
  if (tier1.system.length > 0) out.push({ segment: "system", index: tier1.system.length - 1 });
  else if (tier1.tools.length > 0) out.push({ segment: "tools", index: tier1.tools.length - 1 });
  const newest = messageCount - 1;
  if (previousEnd !== undefined && previousEnd >= 0 && previousEnd < newest)
    out.push({ segment: "message", index: previousEnd });
  if (newest >= 0) out.push({ segment: "message", index: newest });
  return out;
}

export function buildRequest(args: {
  tier1: Pick<Tier1, "tools" | "system">;
  messages: readonly Message[];
  model: string;
  maxTokens: number;
  previousEnd: number | undefined;
}): ModelRequest {
  return {
    model: args.model,
    tools: args.tier1.tools,
    system: args.tier1.system,
    messages: [...args.messages],
    maxTokens: args.maxTokens,
    cacheBreakpoints: placeBreakpoints(args.tier1, args.messages.length, args.previousEnd),
  };
}

export interface RequestFingerprint {
  bytes: { tools: number; system: number; messages: number };
  hashes: { tools: string; system: string; messages: string };
}

export function fingerprintRequest(
  request: Pick<ModelRequest, "tools" | "system" | "messages">,
): RequestFingerprint {
  const tools = canonicalJson(request.tools);
  const system = canonicalJson(request.system);
  const messages = digestMessages(request.messages);
  return {
    bytes: { tools: byteLength(tools), system: systemBytes(request.system), messages: messages.bytes },
    hashes: { tools: sha256(tools), system: sha256(system), messages: messages.hash },
  };
}

/** The request header: Tier 1 plus model settings. Its hash changes when any of them does. */
export function headerHash(tier1: Pick<Tier1, "tools" | "system">, model: string, maxTokens: number): string {
  return sha256(canonicalJson({ tools: tier1.tools, system: tier1.system, model, maxTokens }));
}

export { messagesBytes } from "./history-digest.js";
