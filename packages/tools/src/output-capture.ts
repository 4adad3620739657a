/**
 * Bounded capture of a process's output: the first bytes and the latest bytes, never more.
 *
 * `HeadTailCapture` keeps up to `headBytes` from the start and up to `tailBytes` from the end,
 * and counts what fell between; `text()` decodes leniently (invalid UTF-8 becomes U+FFFD) and
 * marks the gap. `RollingCapture` keeps only the latest `maxBytes` with absolute offsets, so a
 * reader can ask for "everything since offset N" and learn how much was dropped.
 */
import { decodeLenient } from "./text-file.js";

export class HeadTailCapture {
  private head: Buffer[] = [];
  private headSize = 0;
  private tail: Buffer[] = [];
  private tailSize = 0;
  private dropped = 0;
  total = 0;

  constructor(
    private readonly headBytes: number,
    private readonly tailBytes: number,
  ) {}

  push(chunk: Uint8Array): void {
    let data = Buffer.from(chunk);
    this.total += data.length;
    if (this.headSize < this.headBytes) {
      const take = Math.min(this.headBytes - this.headSize, data.length);
      this.head.push(data.subarray(0, take));
      this.headSize += take;
      data = data.subarray(take);
    }
    if (data.length === 0) return;
    this.tail.push(data);
    this.tailSize += data.length;
    while (this.tailSize > this.tailBytes && this.tail.length > 0) {
      const first = this.tail[0]!;
      const excess = this.tailSize - this.tailBytes;
      if (first.length <= excess) {
        this.tail.shift();
        this.tailSize -= first.length;
        this.dropped += first.length;
      } else {
        this.tail[0] = first.subarray(excess);
        this.tailSize -= excess;
        this.dropped += excess;
      }
    }
  }

  text(): string {
    const head = decodeLenient(Buffer.concat(this.head));
    if (this.tailSize === 0) return head;
    const tail = decodeLenient(Buffer.concat(this.tail));
    return this.dropped > 0 ? `${head}\n[… ${this.dropped} bytes omitted …]\n${tail}` : head + tail;
  }
}

export class RollingCapture {
  private chunks: Buffer[] = [];
  private size = 0;
  total = 0;

  constructor(private readonly maxBytes: number) {}

  push(chunk: Uint8Array): void {
    const data = Buffer.from(chunk);
    this.chunks.push(data);
    this.size += data.length;
    this.total += data.length;
    while (this.size > this.maxBytes && this.chunks.length > 0) {
      const first = this.chunks[0]!;
      const excess = this.size - this.maxBytes;
      if (first.length <= excess) {
        this.chunks.shift();
        this.size -= first.length;
      } else {
        this.chunks[0] = first.subarray(excess);
        this.size -= excess;
      }
    }
  }

  /** Output from absolute offset `from`, at most `limit` bytes; `dropped` bytes were lost before it. */
  readFrom(from: number, limit: number): { text: string; next: number; dropped: number } {
    const start = this.total - this.size;
    const begin = Math.max(from, start);
    const all = Buffer.concat(this.chunks).subarray(begin - start, begin - start + limit);
    return { text: decodeLenient(all), next: begin + all.length, dropped: Math.max(0, start - from) };
  }
}
