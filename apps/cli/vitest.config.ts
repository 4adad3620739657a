import { mergeConfig } from "vitest/config";
import shared from "../../vitest.shared.ts";

// The CLI's tests start real `picasso` processes (several per test); on a machine shared by many
// builds one test can need more than the shared 30 s. Assertions are unchanged: tests still wait
// on conditions, this only moves the point at which a slow machine counts as a failure.
export default mergeConfig(shared, { test: { testTimeout: 90_000, hookTimeout: 90_000 } });
