import { defineConfig } from "vitest/config";

/**
 * Shared vitest settings: every test runs with PICASSO_HOME in a temporary folder (see test-setup.ts,
 * which runs before every file). Files share their worker's module cache (`isolate: false`): no test
 * mocks modules or leaves globals changed, and evaluating the whole module graph again for each file
 * cost ~30% of the CLI suite's wall time (apps/cli, 22 files: 56.7 s isolated, 40.1 s shared).
 * packages/tui isolates its files again: colour level and highlight.js state are module-level.
 */
export default defineConfig({
  test: {
    setupFiles: [new URL("./test-setup.ts", import.meta.url).pathname],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    isolate: false,
    include: [
      "src/**/*.test.ts",
      "src/**/*.test.tsx",
      "test/**/*.test.ts",
      "test/**/*.test.tsx",
      "e2e/**/*.test.ts",
    ],
  },
});
