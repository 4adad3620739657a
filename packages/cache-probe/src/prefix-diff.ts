/**
 * Prefix diff: where does request `b` stop repeating request `a`'s prefix?
 *
 * Segments are compared in prefix order — `tools`, `system`, then messages 0, 1, … — as canonical
 * JSON, up to and including `a`'s segment `through` (default: all of `a`). The first segment that
 * differs is reported with the element inside it (the tool or system block index; the message
 * index), the first differing byte offset inside that segment's canonical JSON, and a short
 * excerpt of both sides around it, so a report shows *what* changed (a timestamp, a reordered
 * tool, a mode flag) and not only *that* something did. A message `b` lacks counts as differing
 * at its byte 0. Pure.
 */
import { byteLength, canonicalJson, type ModelRequest } from "@picasso/protocol";
import type { Segment } from "./request-fingerprint.js";

export interface PrefixDifference {
  segment: Segment;
  /** The tool / system block / message index where the two first differ. */
  index: number;
  /** First differing byte inside the segment's canonical JSON (`message`: that message's). */
  byte: number;
  /** Name of the tool at `index` when the segment is tools. */
  name?: string;
  before: string;
  after: string;
}

type Prefix = Pick<ModelRequest, "tools" | "system" | "messages">;

const EXCERPT_BEFORE = 40;
const EXCERPT_AFTER = 40;

/** First differing UTF-8 byte offset of two strings; -1 when equal. */
export function firstDifferingByte(a: string, b: string): number {
  if (a === b) return -1;
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) if (x[i] !== y[i]) return i;
  return n;
}

function excerpt(text: string, byte: number): string {
  const buf = Buffer.from(text, "utf8");
  const start = Math.max(0, byte - EXCERPT_BEFORE);
  return buf.subarray(start, Math.min(buf.length, byte + EXCERPT_AFTER)).toString("utf8");
}

function firstDifferentElement(a: readonly unknown[], b: readonly unknown[]): number {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) if (canonicalJson(a[i] ?? null) !== canonicalJson(b[i] ?? null)) return i;
  return n;
}

export function diffPrefix(
  a: Prefix,
  b: Prefix,
  through?: { segment: Segment; index: number },
): PrefixDifference | undefined {
  for (const segment of ["tools", "system"] as const) {
    const left = canonicalJson(a[segment]);
    const right = canonicalJson(b[segment]);
    if (left !== right) {
      const byte = firstDifferingByte(left, right);
      const index = firstDifferentElement(a[segment], b[segment]);
      const name = segment === "tools" ? (a.tools[index]?.name ?? b.tools[index]?.name) : undefined;
      return {
        segment,
        index,
        byte,
        ...(name ? { name } : {}),
        before: excerpt(left, byte),
        after: excerpt(right, byte),
      };
    }
    if (through?.segment === segment) return undefined;
  }
  const last = through?.segment === "message" ? through.index : a.messages.length - 1;
  for (let i = 0; i <= last && i < a.messages.length; i++) {
    const left = canonicalJson(a.messages[i]);
    const other = b.messages[i];
    const right = other === undefined ? "" : canonicalJson(other);
    if (left !== right) {
      const byte = firstDifferingByte(left, right);
      return { segment: "message", index: i, byte, before: excerpt(left, byte), after: excerpt(right, byte) };
    }
  }
  return undefined;
}

/** Bytes of `a`'s prefix (tools, system, messages 0..index) — where a difference sits, absolutely. */
export function prefixOffset(a: Prefix, difference: PrefixDifference): number {
  if (difference.segment === "tools") return difference.byte;
  const tools = byteLength(canonicalJson(a.tools));
  if (difference.segment === "system") return tools + difference.byte;
  let offset = tools + byteLength(canonicalJson(a.system));
  for (let i = 0; i < difference.index; i++) offset += byteLength(canonicalJson(a.messages[i]));
  return offset + difference.byte;
}
