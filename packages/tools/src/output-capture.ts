/**
 * Bounded capture of a process's output: the first bytes and the latest bytes, never more.
 *
 * `HeadTailCapture` keeps up to `headBytes` from the start and up to `tailBytes` from the end
 * (a `RollingCapture` of what follows the head), and counts what fell between; `text()` decodes leniently (invalid UTF-8 becomes U+FFFD) and
 * marks the gap. `RollingCapture` keeps only the latest `maxBytes` with absolute offsets, so a
 * reader can ask for "everything since offset N" and learn how much was dropped.
 */
import { decodeLenient } from "./text-file.js";

export class HeadTailCapture {
  private head: Buffer[] = [];
  private headSize = 0;
  /** What comes after the head: its latest `tailBytes`, and how many fell out before them. */
  private readonly tail: RollingCapture;
  total = 0;

  constructor(
    private readonly headBytes: number,
    tailBytes: number,
  ) {
    this.tail = new RollingCapture(tailBytes);
  }

  push(chunk: Uint8Array): void {
    let data = Buffer.from(chunk);
    this.total += data.length;
    if (this.headSize < this.headBytes) {
      const take = Math.min(this.headBytes - this.headSize, data.length);
      this.head.push(data.subarray(0, take));
      this.headSize += take;
      data = data.subarray(take);
    }
    if (data.length > 0) this.tail.push(data);
  }

  text(): string {
    const head = decodeLenient(Buffer.concat(this.head));
    if (this.tail.kept === 0) return head;
    const { text: tail, dropped } = this.tail.readFrom(0, this.tail.kept);
    return dropped > 0 ? `${head}\n[… ${dropped} bytes omitted …]\n${tail}` : head + tail;
  }
}

export class RollingCapture {
  private chunks: Buffer[] = [];
  private size = 0;
  total = 0;

  constructor(private readonly maxBytes: number) {}

  /** Bytes still held (the latest, at most `maxBytes`). */
  get kept(): number {
    return this.size;
  }

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
