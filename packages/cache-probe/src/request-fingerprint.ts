/**
 * Request fingerprints: what the probe compares between model requests.
 *
 * A request is cut into the provider's prefix segments, in prefix order: `tools`, `system`, then
 * each message. Each segment is serialised as canonical JSON (sorted keys), so two requests with
 * the same content have the same bytes whatever order their keys were built in; the fingerprint
 * keeps the byte size and SHA-256 of tools, system and every message.
 *
 * Blocks are counted the way the Anthropic prompt cache counts lookback positions: one per tool,
 * one per system block, one per content block (empty text and unsigned thinking are left out,
 * as the adapter drops them). `breakpointBlocks` are the block positions the request's
 * `cacheBreakpoints` land on (a message breakpoint lands on that message's last cacheable block).
 */
import {
  byteLength,
  type CacheBreakpoint,
  type ContentBlock,
  canonicalJson,
  type Message,
  type ModelRequest,
  sha256,
} from "@picasso/protocol";

export type Segment = "tools" | "system" | "message";

export interface RequestFingerprint {
  bytes: { tools: number; system: number; messages: number; total: number };
  hashes: { tools: string; system: string; messages: string[] };
  /** Canonical JSON byte size of each message. */
  messageBytes: number[];
  /** Blocks in the request (lookback positions). */
  blocks: number;
  /** Block position of each cache breakpoint, in request order. */
  breakpointBlocks: number[];
}

/** The canonical serialisation of one prefix segment (`message` needs its index). */
export function segmentText(
  request: Pick<ModelRequest, "tools" | "system" | "messages">,
  segment: Segment,
  index = 0,
): string {
  if (segment === "tools") return canonicalJson(request.tools);
  if (segment === "system") return canonicalJson(request.system);
  return canonicalJson(request.messages[index] ?? null);
}

export function sentBlocks(message: Message): ContentBlock[] {
  return message.content.filter(
    (b) => !(b.type === "text" && b.text === "") && !(b.type === "thinking" && !b.signature),
  );
}

/** Block position where `breakpoint` lands, or undefined when it points nowhere. */
export function breakpointBlock(
  request: Pick<ModelRequest, "tools" | "system" | "messages">,
  breakpoint: CacheBreakpoint,
): number | undefined {
  const tools = request.tools.length;
  const system = request.system.length;
  if (breakpoint.segment === "tools") return breakpoint.index < tools ? breakpoint.index : undefined;
  if (breakpoint.segment === "system")
    return breakpoint.index < system ? tools + breakpoint.index : undefined;
  let position = tools + system;
  for (let i = 0; i < request.messages.length; i++) {
    const blocks = sentBlocks(request.messages[i]!);
    if (i === breakpoint.index) {
      const last = blocks.findLastIndex((b) => b.type !== "thinking");
      return last >= 0 ? position + last : undefined;
    }
    position += blocks.length;
  }
  return undefined;
}

export function fingerprintRequest(request: ModelRequest): RequestFingerprint {
  const tools = canonicalJson(request.tools);
  const system = canonicalJson(request.system);
  const messages = request.messages.map((m) => canonicalJson(m));
  const messageBytes = messages.map(byteLength);
  const bytesMessages = byteLength(canonicalJson(request.messages));
  const bytesTools = byteLength(tools);
  const bytesSystem = byteLength(system);
  const blocks =
    request.tools.length +
    request.system.length +
    request.messages.reduce((sum, m) => sum + sentBlocks(m).length, 0);
  return {
    bytes: {
      tools: bytesTools,
      system: bytesSystem,
      messages: bytesMessages,
      total: bytesTools + bytesSystem + bytesMessages,
    },
    hashes: { tools: sha256(tools), system: sha256(system), messages: messages.map((m) => sha256(m)) },
    messageBytes,
    blocks,
    breakpointBlocks: request.cacheBreakpoints
      .map((bp) => breakpointBlock(request, bp))
      .filter((p): p is number => p !== undefined),
  };
}

/** Tier-1 bytes as the lean-context report counts them: tools as canonical JSON + system texts. */
export function prefixBytes(request: Pick<ModelRequest, "tools" | "system">): number {
  return (
    byteLength(canonicalJson(request.tools)) + request.system.reduce((n, b) => n + byteLength(b.text), 0)
  );
}
