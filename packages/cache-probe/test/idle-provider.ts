/** A provider that is never called: for tests that only open a session to read its Tier 1. */
import type { ModelProvider } from "@picasso/protocol";

export const idleProvider: ModelProvider = {
  name: "idle",
  model: "idle",
  contextWindow: 200_000,
  stream() {
    throw new Error("not called");
  },
};
