/**
 * The real everything server (many tools, every content type) through one gateway: `__list__`
 * lists them all, a wrong enum is caught against the cached schema before the call, structured
 * content, resource links, embedded resources and an image come back as text the model can use.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ToolOutput } from "@picasso/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpPlugin, type McpPlugin } from "../src/mcp-plugin.js";
import type { McpServerConfig } from "../src/server-config.js";
import { everythingServer } from "./real-servers.js";
import { toolContext } from "./tool-context.js";

let plugin: McpPlugin;
let call: (tool: string, args?: Record<string, unknown>) => Promise<ToolOutput>;

beforeAll(() => {
  const root = mkdtempSync(join(tmpdir(), "mcp-everything-"));
  const config: McpServerConfig = {
    name: "everything",
    file: join(root, ".mcp.json"),
    scope: "project",
    transport: "stdio",
    ...everythingServer(),
    env: {},
  };
  plugin = createMcpPlugin({ servers: [config], picassoHome: root, cwd: root, clientVersion: "test" });
  const gateway = plugin.registerTools!()[0]!;
  const ctx = toolContext(root, join(root, "outputs"));
  call = (tool, args = {}) => gateway.run({ tool, arguments: args }, ctx);
});

afterAll(() => plugin.close());

describe("the everything server through everything_call", () => {
  it("__list__ lists its many tools, one line each", async () => {
    const list = await call("__list__");
    const lines = list.content.split("\n").slice(1);
    expect(lines.length).toBeGreaterThanOrEqual(10);
    expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/^echo \(read-only\) · /)]));
  });

  it("checks arguments against the cached schema before the call", async () => {
    const out = await call("get-structured-content", { location: "Paris" });
    expect(out.isError).toBe(true);
    expect(out.content).toContain('field "location" must be one of ["New York","Chicago","Los Angeles"]');
    expect(out.content).toContain("Input schema:");
  });

  it("returns text, structured content, resource links, embedded resources and images as text", async () => {
    expect((await call("echo", { message: "ping" })).content).toContain("ping");
    const weather = await call("get-structured-content", { location: "Chicago" });
    expect(weather.content).toMatch(/temperature/);
    const links = await call("get-resource-links", { count: 2 });
    expect(links.content.match(/\[resource link: /g)).toHaveLength(2);
    const resource = await call("get-resource-reference", { resourceType: "Text", resourceId: 1 });
    expect(resource.content).toMatch(/\[resource \S+\]/);
    const image = await call("get-tiny-image");
    expect(image.content).toMatch(/\[image attachment: image\/png, \d+ bytes, saved to .+\.png\]/);
    expect(image.content).not.toMatch(/[A-Za-z0-9+/]{200,}/);
  });
});
