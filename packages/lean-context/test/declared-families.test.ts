/**
 * Tool families declared by an extension, through the real engine: the host hands them to lean
 * context, which names a declared family with deferred tools in Tier 1's families line (with its
 * `when`, before lean context's own `skills`, though lean context is mounted first), leaves out a
 * declared family with no deferred tool, files its tools under the declared group and title, and
 * returns the family's rules with a tool's schema (`tool_search`) and with a `tool_call` error.
 */
import { mkdirSync, mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSession } from "@picasso/engine";
import type { ModelProvider, PicassoExtension, ToolContext } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { createLeanContextPlugin } from "../src/index.js";

const idle: ModelProvider = {
  name: "idle",
  model: "idle",
  contextWindow: 100_000,
  stream() {
    throw new Error("opening a session sends nothing");
  },
};

const charts: PicassoExtension = {
  name: "charts",
  families: [
    {
      name: "charts",
      group: "visuals",
      when: "bar and line charts",
      rules: "Label both axes and give units.",
    },
    { name: "ghost", group: "visuals", when: "nothing installed", rules: "Never shown." },
  ],
  groups: [{ group: "visuals", title: "Charts and pictures for the user" }],
  registerTools: () => [
    {
      spec: {
        name: "chart_draw",
        description: "Draw a bar or line chart from a table of numbers.",
        inputSchema: {
          type: "object",
          properties: { kind: { type: "string", enum: ["bar", "line"] } },
          required: ["kind"],
          additionalProperties: false,
        },
      },
      effect: "read",
      family: "charts",
      run: async (input) => ({ content: `drew a ${String(input.kind)} chart` }),
    },
  ],
};

async function open() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "families-ws-")));
  const home = realpathSync(mkdtempSync(join(tmpdir(), "families-home-")));
  mkdirSync(join(root, ".picasso"));
  const lean = createLeanContextPlugin({ claudeHome: join(home, "no-claude"), writeCatalog: false });
  const session = await createSession({
    provider: idle,
    plugins: [lean, charts],
    workspaceRoot: root,
    picassoHome: home,
  });
  return { session, lean, ctx: { workspaceRoot: root, cwd: root } as ToolContext };
}

describe("a tool family declared by an extension", () => {
  it("reaches the families line with its `when`; a declared family without deferred tools is not listed", async () => {
    const { session } = await open();
    try {
      const gateways = session.tier1.system.find((b) => b.id === "lean:gateways")!.text;
      expect(gateways).toContain(
        "Deferred tool families here: charts (bar and line charts), skills (unindexed skills).",
      );
      expect(gateways).not.toContain("ghost");
      expect(gateways).not.toContain("nothing installed");
    } finally {
      await session.close("done");
    }
  });

  it("returns its rules with a tool's schema, and files the tool under its declared group", async () => {
    const { session, lean, ctx } = await open();
    try {
      const [search, call] = lean.registerTools!();
      const found = await search!.run({ query: "chart_draw" }, ctx);
      expect(found.content).toContain("## chart_draw — deferred tool (charts)");
      expect(found.content).toContain('Input schema: {"additionalProperties":false');
      expect(found.content).toContain("Rules (family charts): Label both axes and give units.");
      const group = await search!.run({ query: "visuals" }, ctx);
      expect(group.content).toMatch(
        /^visuals \(group; 1 tool, \d+ B in full\): Charts and pictures for the user/,
      );
      const wrong = await call!.run({ name: "chart_draw", arguments: { kind: "pie" } }, ctx);
      expect(wrong.isError).toBe(true);
      expect(wrong.content).toContain("Rules (family charts): Label both axes and give units.");
      expect((await call!.run({ name: "chart_draw", arguments: { kind: "bar" } }, ctx)).content).toBe(
        "drew a bar chart",
      );
    } finally {
      await session.close("done");
    }
  });
});
