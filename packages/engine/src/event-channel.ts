/**
 * A one-reader queue that turns pushes into an async iterable: the session's turn runs as one
 * async function that pushes events (including those of subagents running inside tool calls),
 * and the surface reads them with `for await`. `end()` finishes the iteration after the queued
 * events; `fail(error)` makes the reader throw after them.
 */
export class EventChannel<T> implements AsyncIterable<T> {
  private readonly queue: T[] = [];
  private waiting: (() => void) | undefined;
  private done = false;
  private error: unknown;
  private failed = false;

  push(item: T): void {
    if (this.done) return;
    this.queue.push(item);
    this.wake();
  }

  end(): void {
    this.done = true;
    this.wake();
  }

  fail(error: unknown): void {
    this.error = error;
    this.failed = true;
    this.end();
  }

  private wake(): void {
    const w = this.waiting;
    this.waiting = undefined;
    w?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    while (true) {
      if (this.queue.length > 0) {
        yield this.queue.shift() as T;
        continue;
      }
      if (this.done) {
        if (this.failed) throw this.error;
        return;
      }
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
      });
    }
  }
}
