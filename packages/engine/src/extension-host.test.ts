import type { PicassoExtension } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { PluginHost } from "./plugin-host.js";

const ctx = { surface: "cli" as const, workspaceRoot: "/w", cwd: "/w", picassoHome: "/h", mcpServers: [] };

describe("PluginHost: the surface-facing half of an extension", () => {
  it("hands the declared families and groups to the assembler, in mount order", async () => {
    let seen: unknown;
    const host = new PluginHost([
      {
        name: "lean",
        families: [{ name: "skills", group: "skills", when: "skills not in the index" }],
        assembleSystemPrompt: (c) => {
          seen = { families: c.families?.map((f) => f.name), groups: c.groups?.map((g) => g.group) };
          return { tools: [], system: [], hash: "h", sections: [], toolSizes: [] } as never;
        },
      },
      {
        name: "tools",
        families: [{ name: "web", group: "web", when: "fetch and search", rules: "cite" }],
        groups: [{ group: "web", title: "Fetch web pages" }],
      },
    ]);
    await host.assemble(ctx);
    expect(seen).toEqual({ families: ["skills", "web"], groups: ["web"] });
    expect(host.families.map((f) => f.name)).toEqual(["skills", "web"]);
  });

  it("refuses a family, group or operation declared twice, naming both extensions", () => {
    const family = { name: "web", group: "web" };
    expect(
      () =>
        new PluginHost([
          { name: "a", families: [family] },
          { name: "b", families: [family] },
        ]),
    ).toThrow(/tool family "web" is declared twice: by extension a and by b/);
    const op = { name: "changes", summary: "s", run: () => ({ text: "" }) };
    expect(
      () =>
        new PluginHost([
          { name: "a", operations: [op] },
          { name: "b", operations: [op] },
        ]),
    ).toThrow(/operation "changes" is declared twice: by extension a and by b/);
    expect(() => new PluginHost([{ name: "a", operations: [{ ...op, name: "Bad Name" }] }])).toThrow(
      /operation "Bad Name" of extension a: use lowercase letters/,
    );
  });

  it("passes every extension's fact lines to the session-facts hook", () => {
    const host = new PluginHost([
      {
        name: "lean",
        sessionFacts: (c) =>
          (c.facts ?? [])
            .map((f) => `${f.label}: ${f.lines.length ? f.lines.join("; ") : f.none}`)
            .join("\n"),
      },
      { name: "memory", factLines: () => [{ label: "Pinned memories", lines: ["tabs"], none: "none" }] },
    ]);
    const facts = host.sessionFacts({
      workspaceRoot: "/w",
      cwd: "/w",
      date: "d",
      platform: "p",
      workspace: { root: "/w" } as never,
    });
    expect(facts).toBe("Pinned memories: tabs");
  });

  it("collects panels in mount order; a throwing panel becomes a panel that says so", () => {
    const host = new PluginHost([
      { name: "a", panel: () => ({ id: "a", title: "A", rows: [{ label: "k", value: "v" }] }) },
      {
        name: "b",
        panel: () => {
          throw new Error("database locked");
        },
      },
      { name: "c" },
    ]);
    expect(host.panels()).toEqual([
      { id: "a", title: "A", rows: [{ label: "k", value: "v" }] },
      { id: "b", title: "b", rows: [{ label: "error", value: "database locked", tone: "error" }] },
    ]);
  });

  it("starts in mount order and closes once in reverse order, past a failing close", async () => {
    const order: string[] = [];
    const ext = (name: string, failClose = false): PicassoExtension => ({
      name,
      start: () => {
        order.push(`start ${name}`);
      },
      close: () => {
        order.push(`close ${name}`);
        if (failClose) throw new Error("stuck");
      },
    });
    const host = new PluginHost([ext("a"), ext("b", true), ext("c")]);
    await host.start({
      sessionId: "s",
      workspaceRoot: "/w",
      picassoHome: "/h",
      logPath: "/l",
      record: () => {},
    });
    const failures: string[] = [];
    await Promise.all([
      host.close((name, error) => failures.push(`${name}: ${(error as Error).message}`)),
      host.close(),
    ]);
    expect(order).toEqual(["start a", "start b", "start c", "close c", "close b", "close a"]);
    expect(failures).toEqual(["b: stuck"]);
  });
});
