import { describe, expect, it } from "vitest";
import { loadInteractive } from "./interactive-loader.js";

describe("loadInteractive", () => {
  it("loads the TUI and leaves the user's CI variables as they were", async () => {
    const before = { CI: process.env.CI, CONTINUOUS_INTEGRATION: process.env.CONTINUOUS_INTEGRATION };
    process.env.CI = "true";
    delete process.env.CONTINUOUS_INTEGRATION;
    try {
      const mod = await loadInteractive();
      expect(typeof mod.startInteractive).toBe("function");
      expect(process.env.CI).toBe("true");
      expect("CONTINUOUS_INTEGRATION" in process.env).toBe(false);
    } finally {
      for (const [name, value] of Object.entries(before)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
