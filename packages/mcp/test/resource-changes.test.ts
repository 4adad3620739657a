/**
 * Resources and prompts from a server of our own (fixtures/resource-server.mjs): hostile listings
 * are capped before they reach the cache, prompt names that are no slash-command names are made
 * into one (or left out) with a warning, an image blob comes back as an image block, a prompt's
 * image is noted, and `resources/list_changed` and `prompts/list_changed` rewrite the cache and
 * queue one notice each for the next step.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogDir, type ServerCatalog } from "../src/catalog-cache.js";
import { MAX_DESCRIPTION_CHARS, MAX_NAME_CHARS } from "../src/catalog-caps.js";
import { createMcpPlugin, type McpPlugin } from "../src/mcp-plugin.js";
import { refreshCatalog } from "../src/refresh-catalog.js";
import type { McpServerConfig } from "../src/server-config.js";
import { toolContext, waitFor } from "./tool-context.js";

const RESOURCE_SERVER = fileURLToPath(new URL("./fixtures/resource-server.mjs", import.meta.url));

let root: string;
let plugin: McpPlugin;
const cached = () => JSON.parse(readFileSync(join(catalogDir(root), "things.json"), "utf8")) as ServerCatalog;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "mcp-resource-changes-"));
  const config: McpServerConfig = {
    name: "things",
    file: join(root, ".mcp.json"),
    scope: "project",
    transport: "stdio",
    command: process.execPath,
    args: [RESOURCE_SERVER],
    env: {},
  };
  const refreshed = await refreshCatalog(config, { picassoHome: root, cwd: root, clientVersion: "test" });
  expect(refreshed.ok).toBe(true);
  plugin = createMcpPlugin({ servers: [config], picassoHome: root, cwd: root, clientVersion: "test" });
});

afterAll(() => plugin.close());

const call = (tool: string, args: Record<string, unknown> = {}) =>
  plugin.registerTools!()[0]!.run({ tool, arguments: args }, toolContext(root, join(root, "outputs")));

function notices(): string[] {
  const step = plugin.preStep!({} as never) as { append: { message: { content: { text: string }[] } }[] };
  return step.append.map((a) => a.message.content[0]!.text);
}

describe("hostile listings", () => {
  it("are capped in the cache: long names and descriptions cut, control characters dropped, URIs and names too long to keep whole left out", () => {
    const resources = cached().resources!;
    expect(resources.map((r) => r.uri)).toEqual(["test://pixel.png", "test://huge-name"]);
    const huge = resources[1]!;
    expect(huge.name).toHaveLength(MAX_NAME_CHARS);
    expect(huge.description).toHaveLength(MAX_DESCRIPTION_CHARS);
    expect(huge.description).not.toContain("\u0007");
    expect(cached().prompts!.map((p) => p.name)).toEqual(["Greet Me", "greet-me", `long-${"p".repeat(100)}`]);
  });

  it("prompt names become slash-command names, with a warning when changed, shortened or taken", () => {
    expect((plugin.operations ?? []).map((op) => op.name).filter((n) => n.startsWith("mcp__"))).toEqual([
      "mcp__things__greet-me",
      `mcp__things__long-${"p".repeat(46)}`,
    ]);
    expect(plugin.problems).toEqual([
      'prompt "Greet Me" of MCP server "things": its slash command is /mcp__things__greet-me (the name had to be shortened or changed)',
      'prompt "greet-me" of MCP server "things": no slash command: /mcp__things__greet-me is taken by prompt "Greet Me" of MCP server "things"',
      `prompt "long-${"p".repeat(100)}" of MCP server "things": its slash command is /mcp__things__long-${"p".repeat(46)} (the name had to be shortened or changed)`,
    ]);
  });

  it("a prompt runs under its changed name; its image is noted, never sent", async () => {
    const op = plugin.operations!.find((o) => o.name === "mcp__things__greet-me")!;
    const out = await op.run("Ada", { signal: new AbortController().signal, offline: false });
    expect(out.data).toEqual({
      presentation: "prompt",
      command: "mcp__things__greet-me",
      prompt: "hello Ada\n\n[assistant]\n[image image/png left out]",
      notes: ["an image (image/png) in the prompt was left out"],
    });
  });
});

describe("__read__ of an image blob", () => {
  it("is an image block the model looks at, as the read tool returns images", async () => {
    const out = await call("__read__", { uri: "test://pixel.png" });
    expect(out.content).toMatch(
      /^\[resource test:\/\/pixel\.png: image resource 1 \(image\/png, 1×1, .+\); the image follows\]$/,
    );
    expect(out.images).toHaveLength(1);
    expect(out.images![0]).toMatchObject({ type: "image", mediaType: "image/png", width: 1, height: 1 });
  });
});

describe("list_changed", () => {
  it("resources/list_changed re-lists, rewrites the cache and queues one notice", async () => {
    notices();
    await call("add_resource", { uri: "test://fresh" });
    await waitFor(() => cached().resources!.some((r) => r.uri === "test://fresh"), 5000, "the cache rewrite");
    await waitFor(
      () => plugin.servers[0]!.catalog?.resources?.some((r) => r.uri === "test://fresh") ?? false,
    );
    expect(notices()).toEqual([
      '<system-reminder source="mcp">\nMCP server "things" changed its resources: now 3; added test://fresh. things_call({tool: "__resources__"}) lists them.\n</system-reminder>',
    ]);
    expect((await call("__resources__")).content).toContain("test://fresh · added");
    expect((await call("__read__", { uri: "test://fresh" })).content).toBe(
      "[resource test://fresh (text/plain)]\nadded text",
    );
  });

  it("prompts/list_changed re-lists, rewrites the cache and queues one notice", async () => {
    notices();
    await call("add_prompt", { name: "later" });
    await waitFor(() => cached().prompts!.some((p) => p.name === "later"), 5000, "the cache rewrite");
    await waitFor(() => plugin.servers[0]!.catalog?.prompts?.some((p) => p.name === "later") ?? false);
    expect(notices()).toEqual([
      '<system-reminder source="mcp">\nMCP server "things" changed its prompts: now 4; added later. things_call({tool: "__prompts__"}) lists them (their slash commands follow from the next session).\n</system-reminder>',
    ]);
  });
});
