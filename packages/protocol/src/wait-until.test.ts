import { describe, expect, it } from "vitest";
import { waitUntil } from "./wait-until.js";

describe("waitUntil", () => {
  it("returns when the promise settles, when time runs out, or when the signal aborts", async () => {
    const started = Date.now();
    await waitUntil(Promise.resolve("x"), 10_000);
    await waitUntil(Promise.reject(new Error("no")), 10_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    let settled = false;
    await waitUntil(
      new Promise(() => {}).then(() => {
        settled = true;
      }),
      30,
    );
    expect(settled).toBe(false);
    const abort = new AbortController();
    const waiting = waitUntil(new Promise(() => {}), 60_000, abort.signal);
    abort.abort();
    await waiting;
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
