import { describe, expect, it } from "vitest";
import { CLIENT_MCP_SOURCE, clientMcpServers, serverName } from "./client-mcp.js";

describe("the client's MCP servers", () => {
  it("become server configs with tool-name-safe names", () => {
    expect(serverName("My Files!")).toBe("my-files");
    expect(
      clientMcpServers([
        { name: "Files", command: "node", args: ["fs.js", "/w"], env: [{ name: "LEVEL", value: "debug" }] },
        {
          type: "http",
          name: "web",
          url: "https://example.test/mcp",
          headers: [{ name: "X-Key", value: "k" }],
        },
      ]),
    ).toEqual([
      {
        name: "files",
        file: CLIENT_MCP_SOURCE,
        scope: "project",
        transport: "stdio",
        command: "node",
        args: ["fs.js", "/w"],
        env: { LEVEL: "debug" },
      },
      {
        name: "web",
        file: CLIENT_MCP_SOURCE,
        scope: "project",
        transport: "http",
        url: "https://example.test/mcp",
        headers: { "X-Key": "k" },
      },
    ]);
  });
});
