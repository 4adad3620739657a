/**
 * Canonical JSON: object keys sorted, no whitespace. Two equal values always serialise to the
 * same bytes, whatever order their keys were built in — the property the prompt cache needs for
 * tool schemas and the property hashes need to be comparable across processes.
 */
import { createHash } from "node:crypto";

export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

export function sha256(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

export function sha1(data: string | Uint8Array): string {
  return createHash("sha1").update(data).digest("hex");
}

export function byteLength(text: string): number {
  return Buffer.byteLength(text, "utf8");
}
