// A session's memory on a memory.db this process may not write: node read-only-session.mjs <db>.
// Prints one JSON line: the plugin's problem line, the session facts, a recall by query and by id,
// and a remember's answer (run in a separate process so the test can run it as another user).
import { createMemoryPlugin } from "../dist/memory-plugin.js";

const [path] = process.argv.slice(2);
const plugin = createMemoryPlugin({ path, projectScope: "project:ro-1" });
const tools = plugin.registerTools();
const run = (name, input) => tools.find((t) => t.spec.name === name).run(input, { sessionId: "s-ro" });
const facts = plugin.sessionFacts({ workspaceRoot: "/w", cwd: "/w", date: "2026-12-01", platform: "linux" });
const byQuery = await run("recall", { query: "pnpm" });
const byId = await run("recall", { ids: ["m1"] });
const remember = await run("remember", { title: "Port", body: "The API listens on 8080" });
process.stdout.write(`${JSON.stringify({ problem: plugin.problem(), facts, byQuery, byId, remember })}\n`);
plugin.close();
