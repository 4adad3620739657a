/**
 * Dedupe: content about to be appended that is already in history becomes a pointer.
 *
 * Algorithm: every text block, tool-result content and reminder body in history is hashed with
 * SHA-1 (cached per message object). Content at least `minBytes` long whose SHA-1 equals one of
 * them is replaced by a one-line pointer naming the earliest message that holds it; the caller
 * counts the drop and the bytes saved. Shorter content always passes (a pointer would not save
 * much, and short results like "ok" repeat legitimately). Pure given the history.
 */
import { byteLength, type Message, parseReminder, sha1 } from "@picasso/protocol";

export const DEDUPE_MIN_BYTES = 256;

export interface DedupeResult {
  content: string;
  deduped: boolean;
  bytesSaved: number;
  /** Index of the message that already holds the content. */
  pointerTo?: number;
}

const digestCache = new WeakMap<Message, string[]>();

function messageDigests(message: Message): string[] {
  let digests = digestCache.get(message);
  if (!digests) {
    digests = [];
    for (const block of message.content) {
      const value =
        block.type === "text" ? block.text : block.type === "tool_result" ? block.content : undefined;
      if (value === undefined) continue;
      digests.push(sha1(value));
      const reminder = block.type === "text" ? parseReminder(value) : undefined;
      if (reminder) digests.push(sha1(reminder.body));
    }
    digestCache.set(message, digests);
  }
  return digests;
}

/** The earliest message index holding content with this SHA-1, or -1. */
export function findInHistory(messages: readonly Message[], digest: string): number {
  return messages.findIndex((m) => messageDigests(m).includes(digest));
}

export function dedupePointer(label: string, index: number, digest: string): string {
  return `[identical to the ${label} in message #${index} (sha1 ${digest.slice(0, 12)}); not repeated]`;
}

/**
 * The content to append: `content` itself, or a pointer when history already holds it.
 * `label` says what it is in the pointer ("file read of src/a.ts", "skill body of deploy").
 */
export function dedupeAppend(
  messages: readonly Message[],
  content: string,
  label: string,
  minBytes = DEDUPE_MIN_BYTES,
): DedupeResult {
  const bytes = byteLength(content);
  if (bytes < minBytes) return { content, deduped: false, bytesSaved: 0 };
  const digest = sha1(content);
  const index = findInHistory(messages, digest);
  if (index < 0) return { content, deduped: false, bytesSaved: 0 };
  const pointer = dedupePointer(label, index, digest);
  return { content: pointer, deduped: true, bytesSaved: bytes - byteLength(pointer), pointerTo: index };
}
