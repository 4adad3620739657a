/**
 * Counting byte-pair-encoding tokens (tiktoken's algorithm) in time linear in the text's length.
 *
 * 1. The text is split into pieces with the encoding's pre-tokenizer pattern, as tiktoken does.
 * 2. A piece (as UTF-8 bytes) that is a vocabulary entry is one token — most pieces of prose and
 *    code are.
 * 3. Any other piece is byte-pair merged: the adjacent pair whose concatenation has the lowest
 *    rank is merged first (the leftmost one on ties), until no pair is in the vocabulary; the
 *    parts left are the tokens. Merging is quadratic in the piece's length, and a piece has no
 *    length limit (a minified bundle, a base64 blob or a long run of one letter is one piece), so
 *    a piece longer than `MAX_MERGE_BYTES` is merged in consecutive windows of at most that many
 *    bytes. Work is then at most `MAX_MERGE_BYTES` times the text's bytes; the count differs
 *    from the exact one only across window boundaries (a token or two per window, inside pieces
 *    that long only).
 *
 * Special tokens (`<|endoftext|>`) are counted as ordinary text: an estimate never throws on what
 * a user's file contains.
 *
 * Bytes are held as latin1 strings (one char per byte) so vocabulary keys are plain strings.
 */

/** The most bytes one merge ever works on at once. */
export const MAX_MERGE_BYTES = 256;

export interface BpeVocabulary {
  /** UTF-8 bytes (as a latin1 string) → rank. */
  ranks: ReadonlyMap<string, number>;
  /** Rank of every two-byte token by `(first << 8) | second`, -1 when none: the first merge
   * round of every piece, without hashing a string. */
  pairs: Int32Array;
  /** The pre-tokenizer, a global Unicode RegExp. */
  pattern: RegExp;
}

export function bpeVocabulary(ranks: ReadonlyMap<string, number>, pattern: string): BpeVocabulary {
  const pairs = new Int32Array(1 << 16).fill(-1);
  for (const [bytes, rank] of ranks)
    if (bytes.length === 2) pairs[(bytes.charCodeAt(0) << 8) | bytes.charCodeAt(1)] = rank;
  return { ranks, pairs, pattern: new RegExp(pattern, "gu") };
}

/** Counts the tokens `bytes` (at most `MAX_MERGE_BYTES`, latin1) merges into. */
export type MergeCounter = (bytes: string, vocab: BpeVocabulary) => number;

export function countBpeTokens(text: string, vocab: BpeVocabulary, merge: MergeCounter = mergeCount): number {
  let total = 0;
  for (const match of text.matchAll(vocab.pattern)) {
    const bytes = latin1Bytes(match[0]);
    if (vocab.ranks.has(bytes)) total += 1;
    else
      for (let start = 0; start < bytes.length; start += MAX_MERGE_BYTES)
        total += merge(bytes.slice(start, start + MAX_MERGE_BYTES), vocab);
  }
  return total;
}

const NONE = Number.MAX_SAFE_INTEGER;
// Scratch for mergeCount (single-threaded, never re-entered): part starts and the rank of each
// part joined with the next.
const starts = new Int32Array(MAX_MERGE_BYTES + 1);
const joinedRanks = new Float64Array(MAX_MERGE_BYTES + 1);

/** tiktoken's `byte_pair_merge`, returning only the number of parts. */
export function mergeCount(bytes: string, vocab: BpeVocabulary): number {
  const n = bytes.length;
  if (n <= 1) return n;
  if (n > MAX_MERGE_BYTES) throw new RangeError(`mergeCount takes at most ${MAX_MERGE_BYTES} bytes`);
  for (let i = 0; i < n - 1; i++) {
    starts[i] = i;
    const rank = vocab.pairs[(bytes.charCodeAt(i) << 8) | bytes.charCodeAt(i + 1)] ?? -1;
    joinedRanks[i] = rank < 0 ? NONE : rank;
  }
  starts[n - 1] = n - 1;
  joinedRanks[n - 1] = NONE;
  starts[n] = n;
  joinedRanks[n] = NONE;
  let parts = n; // starts[parts] is the end sentinel
  // The rank of parts i, i+1 and i+2 joined (parts i and i+1 are about to become one).
  const rankAcross = (i: number) =>
    i + 3 <= parts ? (vocab.ranks.get(bytes.slice(starts[i], starts[i + 3])) ?? NONE) : NONE;
  for (;;) {
    let min = NONE;
    let at = -1;
    for (let i = 0; i < parts - 1; i++)
      if ((joinedRanks[i] as number) < min) {
        min = joinedRanks[i] as number;
        at = i;
      }
    if (at < 0) break;
    if (at > 0) joinedRanks[at - 1] = rankAcross(at - 1);
    joinedRanks[at] = rankAcross(at);
    starts.copyWithin(at + 1, at + 2, parts + 1);
    joinedRanks.copyWithin(at + 1, at + 2, parts + 1);
    parts -= 1;
  }
  return parts;
}

function latin1Bytes(piece: string): string {
  for (let i = 0; i < piece.length; i++)
    if (piece.charCodeAt(i) > 0x7f) return Buffer.from(piece, "utf8").toString("latin1");
  return piece;
}
