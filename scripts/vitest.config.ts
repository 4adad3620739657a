import { defineConfig, mergeConfig } from "vitest/config";
import shared from "../vitest.shared.ts";

/** Tests of the repository's own tooling (`npm run test:scripts`, part of `npm test`). */
export default mergeConfig(
  shared,
  defineConfig({
    test: { include: ["scripts/**/*.test.ts"] },
  }),
);
