/** A provider for tests that only open and close sessions: opening one sends nothing, so any call fails the test. */
import type { ModelProvider } from "@picasso/protocol";

export const idleProvider: ModelProvider = {
  name: "idle",
  model: "idle-model",
  contextWindow: 200_000,
  stream() {
    throw new Error("opening a session must not call the provider");
  },
};
