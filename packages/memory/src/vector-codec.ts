/**
 * Embeddings as stored: little-endian Float32 BLOBs (`memory_vectors.vector`, the `vec0` tables).
 * Decoding checks what a damaged or foreign row could hold — a length that is not whole floats, a
 * dimension other than the one recorded or expected, a NaN or infinity — and answers why a row is
 * unusable instead of throwing, so recall skips it with a note.
 */

export function encodeVector(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

/** A usable vector, or the reason this stored one is not. */
export type Decoded = { vector: Float32Array; problem?: undefined } | { vector?: undefined; problem: string };

export function decodeVector(blob: unknown, recordedDims: unknown, expectedDims?: number): Decoded {
  if (!(blob instanceof Uint8Array)) return { problem: "not a BLOB" };
  if (blob.byteLength === 0 || blob.byteLength % 4 !== 0)
    return { problem: `${blob.byteLength} bytes is not a whole number of floats` };
  const dims = blob.byteLength / 4;
  if (recordedDims !== dims) return { problem: `${dims} floats but ${String(recordedDims)} recorded` };
  if (expectedDims !== undefined && dims !== expectedDims)
    return { problem: `${dims} dimensions where the query has ${expectedDims}` };
  const copy = new Uint8Array(blob);
  const vector = new Float32Array(copy.buffer, 0, dims);
  for (const x of vector)
    if (!Number.isFinite(x)) return { problem: "holds a value that is not a finite number" };
  return { vector };
}
