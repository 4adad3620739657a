/**
 * Deliberately injected regressions, each caught by the probe. They are injected from outside the
 * product — a provider wrapper that rewrites requests on their way out (`mutate`), or a wrapping
 * plugin — never by editing product code: a timestamp in a section, a tool-order shuffle, a mode
 * flag in the system prompt, an MCP tool added to `tools` mid-session, and a request that grows
 * 20+ blocks past a lone trailing breakpoint. The same scenario without the injection is clean, and
 * a clock stamped into Tier 1 by a wrapping plugin cannot drift across a resume. A proxy between
 * the SDK and the mock that re-serialises tool inputs in another key order is caught by the wire
 * check, though the simulated cache (canonical JSON) cannot see it.
 */

import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import type { PicassoPlugin, ToolSpec } from "@picasso/protocol";
import { sealTier1 } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import type { RequestMutation } from "../src/probe-recorder.js";
import { buildReport } from "../src/probe-report.js";
import { runScenario, type ScenarioRun } from "../src/run-scenario.js";
import { codingScenario, resumeScenario } from "../src/scenarios/index.js";

const probe = (mutate?: RequestMutation, plugins?: (p: PicassoPlugin[]) => PicassoPlugin[]) =>
  runScenario(codingScenario, {
    rules: "anthropic",
    minCacheable: 1024,
    ...(mutate ? { mutate } : {}),
    ...(plugins ? { plugins } : {}),
  });
const drops = (run: ScenarioRun) => run.findings.filter((f) => !f.expected);

const githubTool: ToolSpec = {
  name: "github__create_issue",
  description: "Create an issue (an MCP tool mounted mid-session)",
  inputSchema: { type: "object", properties: { title: { type: "string" } }, required: ["title"] },
};

/**
 * A proxy between the SDK and the mock that rewrites each `/v1/messages` body with `rewrite`
 * (given the 1-based number of the model request) and streams the answer back unchanged.
 */
async function rewritingProxy(target: string, rewrite: (body: Record<string, unknown>, n: number) => void) {
  let n = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body = Buffer.concat(chunks);
      if (req.url === "/v1/messages") {
        const json = JSON.parse(body.toString("utf8")) as Record<string, unknown>;
        rewrite(json, ++n);
        body = Buffer.from(JSON.stringify(json));
      }
      const headers = { ...req.headers, "content-length": String(body.length) };
      const out = httpRequest(`${target}${req.url}`, { method: req.method, headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      out.on("error", () => res.destroy());
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Reverse the key order of every tool_use input in the history (what a map-ordered serialiser does). */
function reverseToolInputs(body: Record<string, unknown>): void {
  for (const message of body.messages as { content: unknown }[]) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content as Record<string, unknown>[])
      if (block.type === "tool_use" && block.input && typeof block.input === "object")
        block.input = Object.fromEntries(Object.entries(block.input as object).reverse());
  }
}

// Each test drives the 30-turn coding scenario: room for a loaded machine.
describe("injected regressions", { timeout: 120_000 }, () => {
  it("baseline: the uninjected scenario has no drops", async () => {
    expect(drops(await probe())).toEqual([]);
  });

  it("a timestamp rendered into a section on every request", async () => {
    const clock = Date.parse("2026-01-15T09:00:00Z");
    const run = await probe((request, { n }) => {
      const block = request.system[2]!;
      block.text = `${block.text}\nCurrent time: ${new Date(clock + n * 60_000).toISOString()}`;
      return request;
    });
    const first = drops(run)[0]!;
    expect(first).toMatchObject({ kind: "tier1-changed", segment: "system", index: 2, n: 2 });
    expect(first.before).toContain("Current time: 2026-01-15T09:01");
    expect(first.after).toContain("Current time: 2026-01-15T09:02");
    expect(buildReport([run]).drops.length).toBeGreaterThan(0);
  });

  it("a tool-order shuffle", async () => {
    const run = await probe((request, { n }) => {
      if (n >= 10) request.tools = [request.tools[1]!, request.tools[0]!, ...request.tools.slice(2)];
      return request;
    });
    const first = drops(run)[0]!;
    expect(first).toMatchObject({ kind: "tier1-changed", segment: "tools", index: 0, n: 10 });
    expect(first.name).toBe("bash");
  });

  it("a mode flag in the system prompt", async () => {
    const run = await probe((request, { mode }) => {
      request.system = [...request.system, { id: "mode", text: `Permission mode: ${mode}` }];
      return request;
    });
    const first = drops(run)[0]!;
    const firstPlan = run.steps.find((s) => s.mode === "plan")!;
    expect(first).toMatchObject({ kind: "tier1-changed", segment: "system", n: firstPlan.n });
    expect(first.after).toContain("plan");
  });

  it("an MCP tool added to `tools` mid-session", async () => {
    const run = await probe((request, { n }) => {
      if (n >= 20) request.tools = [...request.tools, githubTool];
      return request;
    });
    const first = drops(run)[0]!;
    expect(first).toMatchObject({
      kind: "tier1-changed",
      segment: "tools",
      name: "github__create_issue",
      n: 20,
    });
    // The simulated cache agrees: the request read nothing past nothing.
    expect(run.steps[19]!.usage.read).toBe(0);
  });

  it("a clock rendered into Tier 1 at assembly cannot drift across a resume: the logged Tier 1 is kept", async () => {
    // A wrapping plugin around lean context that stamps the assembly time into a system block —
    // a regression inside the prefix. Each session assembles once; the resumed session must send
    // the Tier 1 it logged, not its fresh (different) assembly.
    let assemblies = 0;
    const inProcess = {
      ...resumeScenario,
      actions: resumeScenario.actions.map((a) => (a.kind === "resume" ? { kind: "resume" as const } : a)),
    };
    const run = await runScenario(inProcess, {
      rules: "anthropic",
      minCacheable: 1024,
      plugins: (plugins) =>
        plugins.map((plugin) => {
          const assemble = plugin.assembleSystemPrompt;
          if (!assemble) return plugin;
          return {
            ...plugin,
            async assembleSystemPrompt(ctx) {
              const tier1 = await assemble.call(plugin, ctx);
              assemblies += 1;
              return sealTier1(tier1.tools, [
                ...tier1.system,
                { id: "clock", text: `Assembled at tick ${assemblies}` },
              ]);
            },
          } satisfies PicassoPlugin;
        }),
    });
    expect(assemblies).toBe(2);
    expect(run.steps.every((s) => s.request.system.at(-1)?.text === "Assembled at tick 1")).toBe(true);
    expect(drops(run)).toEqual([]);
  });

  it("tool_use inputs re-serialised in another key order on the wire (the simulated cache cannot see it)", async () => {
    const run = await runScenario(codingScenario, {
      rules: "anthropic",
      minCacheable: 1024,
      via: (mock) => rewritingProxy(mock, (body, n) => n >= 30 && reverseToolInputs(body)),
    });
    const found = drops(run);
    // The cache simulator keys blocks by canonical JSON, so it reports no shortfall …
    expect(found.filter((f) => f.kind !== "wire-changed")).toEqual([]);
    // … but the bytes the SDK sent changed at request 30, in a message holding a multi-key input.
    expect(found[0]).toMatchObject({ kind: "wire-changed", segment: "message", n: 30 });
  });

  it("a request that grows 20+ blocks past a lone trailing breakpoint", async () => {
    const run = await probe((request) => {
      request.cacheBreakpoints = request.cacheBreakpoints.slice(-1);
      return request;
    });
    const found = drops(run);
    const wide = run.steps.find(
      (s) => s.fingerprint.blocks - (run.steps[s.n - 2]?.fingerprint.blocks ?? 0) >= 50,
    )!;
    expect(found.some((f) => f.kind === "lookback" && f.n === wide.n)).toBe(true);
    expect(found.some((f) => f.kind === "cache-shortfall" && f.n === wide.n)).toBe(true);
  });
});
