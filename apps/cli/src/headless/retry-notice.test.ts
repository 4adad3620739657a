import { describe, expect, it } from "vitest";
import { retryNotice } from "./retry-notice.js";

const retry = (kind: string, status?: number, lane = "main") => ({
  type: "retry" as const,
  lane,
  attempt: 2,
  delayMs: 2049,
  error: { kind, message: "…", retryable: true, ...(status === undefined ? {} : { status }) },
});

describe("retryNotice", () => {
  it("says what failed, which retry and how long it waits", () => {
    expect(retryNotice(retry("rate_limit", 429) as never, false)).toBe(
      "picasso: rate limited (429), retry 2 in 2.0s\n",
    );
    expect(retryNotice(retry("network") as never, false)).toBe("picasso: network error, retry 2 in 2.0s\n");
    expect(retryNotice(retry("overloaded", 529, "agent-1") as never, false)).toBe(
      "picasso: overloaded (529), retry 2 in 2.0s [agent-1]\n",
    );
  });

  it("is dim only when styled", () => {
    expect(retryNotice(retry("server", 500) as never, true)).toBe(
      "\x1b[2mpicasso: server error (500), retry 2 in 2.0s\x1b[22m\n",
    );
  });
});
