/**
 * Resources and prompts of the real everything server: the first listing caches them (format 2),
 * a second session answers `__resources__`/`__prompts__` from that cache without starting
 * anything, `__read__` returns a text resource, a blob (saved to a file, never base64 in context)
 * and a templated URI, each cached prompt is a slash-command operation that runs `prompts/get`
 * with its arguments (a missing required one is a one-line warning), and a subscribed resource's
 * `notifications/resources/updated` becomes a notice before the next step — after a respawn too.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { ToolOutput } from "@picasso/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOG_FORMAT, catalogDir, type ServerCatalog } from "../src/catalog-cache.js";
import { createMcpPlugin, type McpPlugin } from "../src/mcp-plugin.js";
import type { McpServerConfig } from "../src/server-config.js";
import { everythingServer, serverEntry } from "./real-servers.js";
import { toolContext, waitFor } from "./tool-context.js";

const FEATURES = "demo://resource/static/document/features.md";

let root: string;
let config: McpServerConfig;
/** The session that starts the server (no cache at first). */
let first: McpPlugin;
/** A later session, made once the cache is written. */
let later: McpPlugin;
let outputs: string;

function callOf(plugin: McpPlugin) {
  const gateway = plugin.registerTools!()[0]!;
  const ctx = toolContext(root, outputs);
  return (tool: string, args: Record<string, unknown> = {}): Promise<ToolOutput> =>
    gateway.run({ tool, arguments: args }, ctx);
}

function notices(plugin: McpPlugin): string[] {
  const step = plugin.preStep!({} as never) as { append: { message: { content: { text: string }[] } }[] };
  return step.append.map((a) => a.message.content[0]!.text);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "mcp-resources-"));
  outputs = join(root, "outputs");
  config = {
    name: "everything",
    file: join(root, ".mcp.json"),
    scope: "project",
    transport: "stdio",
    ...everythingServer(),
    env: {},
  };
  first = createMcpPlugin({ servers: [config], picassoHome: root, cwd: root, clientVersion: "test" });
  // No cache yet: listing starts the server, which lists resources, templates and prompts too.
  await callOf(first)("__list__");
  later = createMcpPlugin({ servers: [config], picassoHome: root, cwd: root, clientVersion: "test" });
});

afterAll(async () => {
  await first.close();
  await later.close();
});

describe("the catalog cache", () => {
  it("records capabilities, resources, templates and prompts", () => {
    const cached = JSON.parse(
      readFileSync(join(catalogDir(root), "everything.json"), "utf8"),
    ) as ServerCatalog;
    expect(cached.format).toBe(CATALOG_FORMAT);
    expect(cached.capabilities).toMatchObject({
      tools: true,
      resources: true,
      subscribe: true,
      prompts: true,
    });
    expect(cached.resources).toEqual(
      expect.arrayContaining([expect.objectContaining({ uri: FEATURES, mimeType: "text/markdown" })]),
    );
    expect(cached.resourceTemplates?.map((t) => t.uriTemplate)).toEqual(
      expect.arrayContaining([
        "demo://resource/dynamic/text/{resourceId}",
        "demo://resource/dynamic/blob/{resourceId}",
      ]),
    );
    const args = cached.prompts?.find((p) => p.name === "args-prompt");
    expect(args?.arguments).toEqual([
      expect.objectContaining({ name: "city", required: true }),
      expect.objectContaining({ name: "state" }),
    ]);
    expect(args?.arguments[1]?.required).toBeUndefined();
    const md = readFileSync(join(catalogDir(root), "everything.md"), "utf8");
    expect(md).toContain("# Resources");
    expect(md).toContain(`- ${FEATURES} · features.md · text/markdown`);
    expect(md).toContain("- args-prompt(city, [state])");
  });

  it("__list__ ends with a hint naming the resource and prompt pseudo-tools", async () => {
    const list = await callOf(later)("__list__");
    expect(list.content.split("\n").at(-1)).toMatch(
      /^Also: "__resources__" lists its \d+ resources and templates, "__read__" \{uri\} reads one; "__prompts__" lists its \d+ prompts\.$/,
    );
  });
});

describe("__resources__ and __prompts__", () => {
  it("answer from the fresh cache without starting the server, as Tier-2 loads", async () => {
    const call = callOf(later);
    const resources = await call("__resources__");
    expect(resources.isError).toBeUndefined();
    expect(resources.tier2).toEqual([{ kind: "mcp_catalog", name: "everything" }]);
    const lines = resources.content.split("\n");
    expect(lines[0]).toMatch(
      /^MCP server "everything": \d+ resources, 2 templates\. Read one with everything_call/,
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^demo:\/\/resource\/static\/document\/features\.md · features\.md · text\/markdown/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^demo:\/\/resource\/dynamic\/text\/\{resourceId\} \(template\) · Dynamic Text Resource · text\/plain/,
      ),
    );
    const prompts = await call("__prompts__");
    expect(prompts.tier2).toEqual([{ kind: "mcp_catalog", name: "everything" }]);
    expect(prompts.content).toContain("args-prompt(city, [state]) · A prompt with two arguments");
    expect(later.status()[0]!.state).toBe("not spawned");
  });
});

describe("__read__", () => {
  it("reads a text resource", async () => {
    const out = await callOf(first)("__read__", { uri: FEATURES });
    expect(out.isError).toBeUndefined();
    const file = join(dirname(serverEntry("@modelcontextprotocol/server-everything")), "docs", "features.md");
    expect(out.content).toBe(`[resource ${FEATURES} (text/markdown)]\n${readFileSync(file, "utf8")}`.trim());
  });

  it("saves a blob resource to a file and names it, never base64", async () => {
    const out = await callOf(first)("__read__", { uri: "demo://resource/dynamic/blob/1" });
    expect(out.isError).toBeUndefined();
    const m =
      /^\[resource demo:\/\/resource\/dynamic\/blob\/1: text\/plain blob, .+ \((\d+) bytes\), saved to (\S+)\]$/.exec(
        out.content,
      );
    expect(m).not.toBeNull();
    const saved = m![2]!;
    expect(saved.startsWith(outputs)).toBe(true);
    expect(readFileSync(saved, "utf8")).toMatch(/^Resource 1: This is a base64 blob created at /);
    expect(Number(m![1])).toBe(readFileSync(saved).length);
    expect(out.images).toBeUndefined();
  });

  it("reads a URI filled from a template", async () => {
    const out = await callOf(first)("__read__", { uri: "demo://resource/dynamic/text/7" });
    expect(out.content).toMatch(
      /^\[resource demo:\/\/resource\/dynamic\/text\/7 \(text\/plain\)\]\nResource 7: This is a plaintext resource/,
    );
  });

  it("a missing uri and a failing read are one-line tool errors", async () => {
    const call = callOf(first);
    const none = await call("__read__", {});
    expect(none).toMatchObject({ isError: true });
    expect(none.content).toContain('"__read__" needs arguments {uri: "<uri>"}');
    const bad = await call("__read__", { uri: "demo://resource/dynamic/text/0" });
    expect(bad.isError).toBe(true);
    expect(bad.content).toMatch(
      /^everything_call: "__read__" of demo:\/\/resource\/dynamic\/text\/0 failed: /,
    );
    expect(bad.content).not.toContain("\n");
  });
});

describe("prompts as slash commands", () => {
  it("each cached prompt is an operation with an argument hint and a catalog entry", () => {
    const names = (later.operations ?? []).map((op) => op.name).filter((n) => n.startsWith("mcp__"));
    expect(names).toEqual(
      expect.arrayContaining(["mcp__everything__args-prompt", "mcp__everything__simple-prompt"]),
    );
    const op = later.operations!.find((o) => o.name === "mcp__everything__args-prompt")!;
    expect(op.args).toBe("city=<value> [state=<value>]");
    expect(op.summary).toBe(
      "A prompt with two arguments, one required and one optional (prompt of MCP server everything)",
    );
    expect(later.catalogEntries()).toContainEqual({
      kind: "command",
      name: "/mcp__everything__args-prompt",
      description: `${op.summary}. Arguments: city=<value> [state=<value>].`,
    });
    // The session that had no cache when it opened has no prompt commands (they come next session).
    expect((first.operations ?? []).filter((o) => o.name.startsWith("mcp__"))).toEqual([]);
  });

  it("runs prompts/get with name=value or positional arguments and answers a prompt turn", async () => {
    const op = later.operations!.find((o) => o.name === "mcp__everything__args-prompt")!;
    const signal = new AbortController().signal;
    const named = await op.run('city="New York" state=NY', { signal, offline: false });
    expect(named.data).toEqual({
      presentation: "prompt",
      command: "mcp__everything__args-prompt",
      prompt: "What's weather in New York, NY?",
      notes: [],
    });
    const positional = await op.run("Paris", { signal, offline: false });
    expect((positional.data as { prompt: string }).prompt).toBe("What's weather in Paris?");
    const embedded = later.operations!.find((o) => o.name === "mcp__everything__resource-prompt")!;
    const withResource = await embedded.run("resourceType=Text resourceId=3", { signal, offline: false });
    expect((withResource.data as { prompt: string }).prompt).toMatch(
      /Please analyze the following resource:\n\n\[resource demo:\/\/resource\/dynamic\/text\/3\]\nResource 3: This is a plaintext resource/,
    );
  });

  it("a missing required argument is a one-line warning naming it", async () => {
    const op = later.operations!.find((o) => o.name === "mcp__everything__args-prompt")!;
    const out = await op.run("state=NY", { signal: new AbortController().signal, offline: false });
    expect(out).toEqual({
      text: '/mcp__everything__args-prompt: missing the required argument "city" (city=<value> [state=<value>])',
      tone: "warn",
    });
  });
});

describe("subscriptions", () => {
  it("an update of a subscribed resource is a notice before the next step; others are ignored", async () => {
    const call = callOf(first);
    notices(first);
    const uri = "demo://resource/dynamic/text/1";
    expect((await call("__subscribe__", { uri })).content).toBe(
      `Subscribed to ${uri}: when it changes you are told before your next step.`,
    );
    // The server's tool starts sending `notifications/resources/updated` for subscribed URIs.
    const toggled = await call("toggle-subscriber-updates");
    expect(toggled.content).toMatch(/^Started simulated resource updated notifications/);
    try {
      const seen: string[] = [];
      await waitFor(
        () => {
          seen.push(...notices(first));
          return seen.length > 0;
        },
        10_000,
        "the update notice",
      );
      expect(seen).toEqual([
        `<system-reminder source="mcp">\nresource ${uri} of MCP server "everything" changed; read it again with everything_call({tool: "__read__", arguments: {uri}}).\n</system-reminder>`,
      ]);
      expect((await call("__unsubscribe__", { uri })).content).toBe(`Unsubscribed from ${uri}.`);
    } finally {
      await call("toggle-subscriber-updates");
    }
    expect(existsSync(join(catalogDir(root), "everything.json"))).toBe(true);
  });

  it("a respawned server is asked for the session's subscriptions again", async () => {
    const call = callOf(first);
    const uri = "demo://resource/dynamic/text/2";
    await call("__subscribe__", { uri });
    const pid = first.status()[0]!.pid!;
    process.kill(pid, "SIGKILL");
    await waitFor(() => first.status()[0]!.state === "exited", 10_000, "the server to exit");
    notices(first);
    // The next call starts it again (respawn); its updates for the URI still reach the session.
    expect((await call("toggle-subscriber-updates")).content).toMatch(/^Started simulated/);
    try {
      expect(first.status()[0]!.pid).not.toBe(pid);
      const seen: string[] = [];
      await waitFor(
        () => {
          seen.push(...notices(first));
          return seen.some((n) => n.includes(`resource ${uri} of MCP server`));
        },
        10_000,
        "the update notice after the respawn",
      );
    } finally {
      await call("toggle-subscriber-updates");
    }
  });
});
