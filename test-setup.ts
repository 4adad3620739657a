import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

// Every test file gets its own PICASSO_HOME so no test reads or writes the user's real state.
const home = mkdtempSync(join(tmpdir(), "picasso-home-"));
process.env.PICASSO_HOME = home;
// Claude Code's user folder (its skills are read as user skills): never the real ~/.claude in tests.
process.env.CLAUDE_CONFIG_DIR = join(home, ".claude");
// The cache probe's opt-in real-API run (PICASSO_PROBE_LIVE=1, docs/cache-probe.md) keeps the key
// under a name only that test reads, so no other test can reach the real API by accident.
const probeLiveKey = process.env.PICASSO_PROBE_LIVE === "1" ? process.env.ANTHROPIC_API_KEY : undefined;
for (const key of ["ANTHROPIC_API_KEY", "OPENAI_API_KEY", "PICASSO_PROVIDER", "PICASSO_MODEL"])
  delete process.env[key];
if (probeLiveKey) process.env.PICASSO_PROBE_LIVE_API_KEY = probeLiveKey;
afterAll(() => rmSync(home, { recursive: true, force: true }));
