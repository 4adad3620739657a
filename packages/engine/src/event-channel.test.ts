import { describe, expect, it } from "vitest";
import { EventChannel } from "./event-channel.js";

describe("EventChannel", () => {
  it("delivers pushes made before and after the reader waits, then ends", async () => {
    const channel = new EventChannel<number>();
    channel.push(1);
    const seen: number[] = [];
    const reading = (async () => {
      for await (const n of channel) seen.push(n);
    })();
    await Promise.resolve();
    channel.push(2);
    setTimeout(() => {
      channel.push(3);
      channel.end();
      channel.push(4);
    }, 5);
    await reading;
    expect(seen).toEqual([1, 2, 3]);
  });
  it("throws the failure after the queued items", async () => {
    const channel = new EventChannel<number>();
    channel.push(1);
    channel.fail(new Error("boom"));
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const n of channel) seen.push(n);
      })(),
    ).rejects.toThrow("boom");
    expect(seen).toEqual([1]);
  });
});
