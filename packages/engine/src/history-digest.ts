/**
 * Byte size and SHA-256 of a history's canonical JSON, without re-serialising the whole history
 * on every step.
 *
 * The value is exactly `sha256(canonicalJson(messages))` and `byteLength(canonicalJson(messages))`
 * — what `model_request` has always recorded — but computed incrementally:
 * - each message's canonical JSON is memoised by object identity (messages are immutable once
 *   they are in a history: the engine only appends, and compaction replaces whole messages);
 * - per history (keyed by its first message) a running SHA-256 over `[m0,m1,…` is kept; a step
 *   feeds it only the messages appended since the last step and digests a copy with the closing
 *   `]`. When the history is not an extension of what was seen (compaction, another lane's
 *   variant of the same start) the running hash is rebuilt from the start.
 * Cost per step: one pointer comparison per old message plus the new messages' bytes.
 */
import { createHash, type Hash } from "node:crypto";
import { byteLength, canonicalJson, type Message } from "@picasso/protocol";

const jsonOf = new WeakMap<Message, { json: string; bytes: number }>();

export function messageJson(message: Message): { json: string; bytes: number } {
  let entry = jsonOf.get(message);
  if (!entry) {
    const json = canonicalJson(message);
    entry = { json, bytes: byteLength(json) };
    jsonOf.set(message, entry);
  }
  return entry;
}

/** `byteLength(canonicalJson(messages))`, from the memoised per-message sizes. */
export function messagesBytes(messages: readonly Message[]): number {
  let bytes = 2 + Math.max(0, messages.length - 1);
  for (const message of messages) bytes += messageJson(message).bytes;
  return bytes;
}

interface RunningDigest {
  hash: Hash;
  seen: Message[];
  bytes: number;
}

const running = new WeakMap<Message, RunningDigest>();

function fresh(): RunningDigest {
  return { hash: createHash("sha256").update("["), seen: [], bytes: 1 };
}

/** `{ bytes, hash }` of `canonicalJson(messages)`. */
export function digestMessages(messages: readonly Message[]): { bytes: number; hash: string } {
  const first = messages[0];
  if (!first) return { bytes: 2, hash: createHash("sha256").update("[]").digest("hex") };
  let state = running.get(first);
  const extends_ =
    state !== undefined &&
    state.seen.length <= messages.length &&
    state.seen.every((message, i) => messages[i] === message);
  if (!state || !extends_) {
    state = fresh();
    running.set(first, state);
  }
  for (let i = state.seen.length; i < messages.length; i++) {
    const message = messages[i]!;
    const { json, bytes } = messageJson(message);
    if (i > 0) state.hash.update(",");
    state.hash.update(json);
    state.bytes += bytes + (i > 0 ? 1 : 0);
    state.seen.push(message);
  }
  return { bytes: state.bytes + 1, hash: state.hash.copy().update("]").digest("hex") };
}
