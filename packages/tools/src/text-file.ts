/**
 * Telling text from binary, and decoding UTF-8 without ever producing garbage for the model.
 *
 * A buffer is `binary` when it has a NUL byte in its first 8 KiB or when more than 30% of its
 * decoded characters are invalid UTF-8; it is `non-utf8` text (Latin-1, Shift-JIS…) when it has
 * some invalid sequences but fewer; otherwise it is `text`. A byte-order mark is kept in the
 * decoded string so an edit writes it back unchanged.
 */

export type TextClass =
  | { kind: "text"; text: string }
  | { kind: "binary" }
  | { kind: "non-utf8"; invalidCount: number };

const NUL_SCAN_BYTES = 8192;
const BINARY_INVALID_RATIO = 0.3;

/** Classify a whole file, or (with `partial`) a prefix of one that may end mid-character. */
export function classifyText(bytes: Uint8Array, opts: { partial?: boolean } = {}): TextClass {
  const head = bytes.subarray(0, NUL_SCAN_BYTES);
  if (head.includes(0)) return { kind: "binary" };
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes, {
      stream: opts.partial === true,
    });
    return { kind: "text", text };
  } catch {
    const lenient = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    let invalidCount = 0;
    for (const ch of lenient) if (ch === "\uFFFD") invalidCount++;
    const ratio = invalidCount / Math.max(1, lenient.length);
    return ratio > BINARY_INVALID_RATIO ? { kind: "binary" } : { kind: "non-utf8", invalidCount };
  }
}

/** Decode process output: never throws; invalid sequences become U+FFFD. */
export function decodeLenient(bytes: Uint8Array): string {
  return new TextDecoder("utf-8").decode(bytes);
}

/** Split text into lines, treating `\r\n` and `\n` alike; a final newline does not add a line (one rule, protocol's). */
export { splitLines } from "@picasso/protocol/basics";
