/**
 * CacheSimulator — the mock provider's prompt cache, following the providers' published rules.
 *
 * The prompt arrives as an ordered list of blocks (see prompt-blocks.ts): each has a `key` (its
 * canonical serialisation), an estimated token count, and — Anthropic only — an optional
 * breakpoint. The prefix hash at block k chains the model name and the keys of blocks 0..k, so a
 * change to any block changes the hash of every later position.
 *
 * Anthropic (explicit breakpoints):
 *  1. A breakpoint whose prefix (tokens of blocks 0..k) is below the minimum cacheable length is
 *     ignored. With no eligible breakpoint nothing is cached: read = creation = 0, input = total.
 *  2. Lookup: for each eligible breakpoint, latest first, check positions bp, bp-1, …, bp-19 (20 in
 *     all, the breakpoint counting as the first) for a live entry with the same prefix hash. The
 *     longest hit wins; its TTL is refreshed.
 *  3. Write: every eligible breakpoint writes (or refreshes) an entry at its own position only,
 *     living 5 minutes or 1 hour (`ttl: "1h"`).
 *  4. Usage: read = tokens of blocks 0..hit; creation = tokens of blocks hit+1..lastBreakpoint,
 *     split into 5m / 1h by the TTL of the breakpoint closing each stretch; input = tokens after the
 *     last eligible breakpoint. read + creation + input = total.
 *
 * OpenAI (automatic prefix caching):
 *  Prompts of at least `openaiMinTokens` are cached. After each request the prefix hashes at token
 *  boundaries min, min+128, min+256, … ≤ total are stored (5-minute idle expiry, refreshed on hit).
 *  A boundary inside block j is identified by the chain hash of blocks 0..j-1, block j's key and the
 *  offset, so a partly changed block gives no partial credit. cached_tokens = the largest stored
 *  boundary of the new prompt (0 when none), hence always 0 or min + 128·k.
 */
import { sha256 } from "@picasso/protocol";

export type CacheTtl = "5m" | "1h";

export interface PromptBlock {
  /** Canonical serialisation: identical blocks have identical keys. */
  key: string;
  /** Estimated tokens of the block. */
  tokens: number;
  /** Anthropic only: the block carries cache_control. */
  breakpoint?: { ttl: CacheTtl };
}

export interface AnthropicCacheUsage {
  input_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
  cache_creation: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number };
}

export interface CacheSimulatorOptions {
  anthropicMinTokens?: number;
  openaiMinTokens?: number;
  /** Milliseconds; inject for TTL tests. */
  clock?: () => number;
}

const TTL_MS: Record<CacheTtl, number> = { "5m": 5 * 60_000, "1h": 60 * 60_000 };
const LOOKBACK_POSITIONS = 20;
const OPENAI_STEP = 128;
const OPENAI_IDLE_MS = 5 * 60_000;

interface Entry {
  expiresAt: number;
  ttlMs: number;
}

/** The live entries of a simulator, to carry its cache from one process to the next. */
export interface CacheEntries {
  anthropic: [string, Entry][];
  openai: [string, Entry][];
}

export class CacheSimulator {
  readonly anthropicMinTokens: number;
  readonly openaiMinTokens: number;
  private readonly clock: () => number;
  private readonly anthropicEntries = new Map<string, Entry>();
  private readonly openaiEntries = new Map<string, Entry>();

  constructor(options: CacheSimulatorOptions = {}) {
    this.anthropicMinTokens = options.anthropicMinTokens ?? 1024;
    this.openaiMinTokens = options.openaiMinTokens ?? 1024;
    this.clock = options.clock ?? Date.now;
  }

  /** Runs one Anthropic request through the cache: looks up, writes, and returns the usage split. */
  anthropic(model: string, blocks: PromptBlock[]): AnthropicCacheUsage {
    const now = this.clock();
    const hashes = chainHashes(model, blocks);
    const cumulative = cumulativeTokens(blocks);
    const total = cumulative[blocks.length - 1] ?? 0;
    const breakpoints = blocks
      .map((block, position) => ({ position, ttl: block.breakpoint?.ttl }))
      .filter((b): b is { position: number; ttl: CacheTtl } => b.ttl !== undefined)
      .filter((b) => (cumulative[b.position] ?? 0) >= this.anthropicMinTokens);
    const last = breakpoints[breakpoints.length - 1];
    if (!last) return usage(total, 0, 0, 0);

    let hit = -1;
    for (const bp of [...breakpoints].reverse()) {
      for (let p = bp.position; p >= 0 && p > bp.position - LOOKBACK_POSITIONS; p--) {
        if (p <= hit) break;
        const entry = this.live(this.anthropicEntries, hashes[p] as string, now);
        if (entry) {
          hit = p;
          break;
        }
      }
    }
    if (hit >= 0) {
      const entry = this.anthropicEntries.get(hashes[hit] as string) as Entry;
      entry.expiresAt = now + entry.ttlMs;
    }
    for (const bp of breakpoints) {
      const key = hashes[bp.position] as string;
      const ttlMs = Math.max(TTL_MS[bp.ttl], this.anthropicEntries.get(key)?.ttlMs ?? 0);
      this.anthropicEntries.set(key, { expiresAt: now + ttlMs, ttlMs });
    }

    const read = hit >= 0 ? (cumulative[hit] ?? 0) : 0;
    let write5m = 0;
    let write1h = 0;
    let from = read;
    for (const bp of breakpoints) {
      if (bp.position <= hit) continue;
      const upTo = cumulative[bp.position] ?? 0;
      if (bp.ttl === "1h") write1h += upTo - from;
      else write5m += upTo - from;
      from = upTo;
    }
    return usage(total - (cumulative[last.position] ?? 0), read, write5m, write1h);
  }

  /** Runs one OpenAI request through the automatic prefix cache; returns cached_tokens. */
  openai(model: string, blocks: PromptBlock[]): number {
    const now = this.clock();
    const total = blocks.reduce((sum, b) => sum + b.tokens, 0);
    if (total < this.openaiMinTokens) return 0;
    const hashes = chainHashes(model, blocks);
    const boundaries: Array<{ tokens: number; key: string }> = [];
    let block = 0;
    let start = 0;
    for (let b = this.openaiMinTokens; b <= total; b += OPENAI_STEP) {
      while (start + (blocks[block]?.tokens ?? 0) < b) start += blocks[block++]?.tokens ?? 0;
      const parent = block > 0 ? hashes[block - 1] : model;
      boundaries.push({ tokens: b, key: sha256(`${parent}\u0000${blocks[block]?.key}\u0000${b - start}`) });
    }
    let cached = 0;
    for (const boundary of boundaries) {
      if (this.live(this.openaiEntries, boundary.key, now)) cached = boundary.tokens;
    }
    for (const boundary of boundaries) {
      this.openaiEntries.set(boundary.key, { expiresAt: now + OPENAI_IDLE_MS, ttlMs: OPENAI_IDLE_MS });
    }
    return cached;
  }

  /** The entries still alive now. */
  entries(): CacheEntries {
    const now = this.clock();
    const alive = (map: Map<string, Entry>) =>
      [...map].filter(([, e]) => e.expiresAt > now).map(([k, e]): [string, Entry] => [k, { ...e }]);
    return { anthropic: alive(this.anthropicEntries), openai: alive(this.openaiEntries) };
  }

  /** Take in entries (another process's): each key keeps the later expiry. */
  adopt(entries: CacheEntries): void {
    const merge = (map: Map<string, Entry>, list: [string, Entry][]) => {
      for (const [key, entry] of list)
        if ((map.get(key)?.expiresAt ?? 0) < entry.expiresAt) map.set(key, { ...entry });
    };
    merge(this.anthropicEntries, entries.anthropic);
    merge(this.openaiEntries, entries.openai);
  }

  private live(entries: Map<string, Entry>, key: string, now: number): Entry | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }
}

function chainHashes(model: string, blocks: PromptBlock[]): string[] {
  const hashes: string[] = [];
  let previous = sha256(`model\u0000${model}`);
  for (const block of blocks) {
    previous = sha256(`${previous}\u0000${block.key}`);
    hashes.push(previous);
  }
  return hashes;
}

function cumulativeTokens(blocks: PromptBlock[]): number[] {
  const out: number[] = [];
  let sum = 0;
  for (const block of blocks) {
    sum += block.tokens;
    out.push(sum);
  }
  return out;
}

function usage(input: number, read: number, write5m: number, write1h: number): AnthropicCacheUsage {
  return {
    input_tokens: input,
    cache_read_input_tokens: read,
    cache_creation_input_tokens: write5m + write1h,
    cache_creation: { ephemeral_5m_input_tokens: write5m, ephemeral_1h_input_tokens: write1h },
  };
}
