import { defineConfig } from "vitest/config";

/** Shared vitest settings: every test runs with PICASSO_HOME in a temporary folder (see test-setup.ts). */
export default defineConfig({
  test: {
    setupFiles: [new URL("./test-setup.ts", import.meta.url).pathname],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    include: [
      "src/**/*.test.ts",
      "src/**/*.test.tsx",
      "test/**/*.test.ts",
      "test/**/*.test.tsx",
      "e2e/**/*.test.ts",
    ],
  },
});
