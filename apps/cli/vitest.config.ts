import { mergeConfig } from "vitest/config";
import shared from "../../vitest.shared.ts";

// The CLI's tests start real `picasso` processes (several per test); on a machine shared by many
// builds one test can need more than the shared 30 s. Assertions are unchanged: tests still wait
// on conditions, this only moves the point at which a slow machine counts as a failure.
// Two files at a time: most of a CLI test is waiting on the processes it started, and on a
// 2-core machine vitest's default (cores − 1) left one core idle for the longest task of `npm test`.
export default mergeConfig(shared, { test: { testTimeout: 90_000, hookTimeout: 90_000, maxWorkers: 2 } });
