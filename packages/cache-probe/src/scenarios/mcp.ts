/**
 * `mcp`: the shop workspace with three real MCP servers in `.mcp.json` — the filesystem server
 * (on the workspace), the everything server (many tools) and `notes` (ours, which changes its
 * tools mid-session) — each spawned over stdio from node_modules. Their catalogs are cached
 * before the session (as `picasso mcp refresh` leaves them), so the eager baseline counts their
 * real schemas. The turns: `__list__` and `__describe__` from the cache (nothing spawned), a
 * first real call (the filesystem server spawns), a call that makes `notes` send
 * `notifications/tools/list_changed` (a Tier-2 notice appended before the next step), then the
 * new tool and a call on the everything server; then the everything server's resources (listed from
 * the cache, a document and a binary read) and one of its prompts run as the user's slash command
 * `/mcp__everything__args-prompt`. Tier 1 never moves: 0 prefix drops.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { calls, type Scenario, say, tool, turn } from "./scenario.js";
import { shopWorkspace } from "./shop-workspace.js";

const require = createRequire(import.meta.url);

/** The entry file of an installed MCP server package (its first `bin`). */
export function binOf(pkg: string): string {
  const manifest = require.resolve(`${pkg}/package.json`);
  const bin = (JSON.parse(readFileSync(manifest, "utf8")) as { bin: Record<string, string> }).bin;
  return join(dirname(manifest), Object.values(bin)[0]!);
}

/** The probe's `notes` server, built beside this package's other scenarios. */
export function notesServerPath(): string {
  return join(
    dirname(require.resolve("@picasso/cache-probe/package.json")),
    "dist",
    "scenarios",
    "notes-mcp-server.js",
  );
}

type StdioServer = { command: string; args: string[] };

/** The filesystem (on the workspace) and everything servers from npm, run by this Node. */
export function npmServers(): { fs: StdioServer; everything: StdioServer } {
  const node = process.execPath;
  return {
    fs: { command: node, args: [binOf("@modelcontextprotocol/server-filesystem"), "."] },
    everything: { command: node, args: [binOf("@modelcontextprotocol/server-everything"), "stdio"] },
  };
}

/** A `.mcp.json` file holding these servers. */
export function mcpJson(servers: Record<string, StdioServer>): string {
  return `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`;
}

/** `.mcp.json` of the scenario: absolute paths to this Node and the servers' entry files. */
export function mcpScenarioConfig(): string {
  return mcpJson({ ...npmServers(), notes: { command: process.execPath, args: [notesServerPath()] } });
}

export const mcpScenario: Scenario = {
  name: "mcp",
  description:
    "three real MCP servers: __list__/__describe__ from the cache, a first spawn, list_changed mid-session, more calls, resources read, a prompt as a slash command",
  get files() {
    return { ...shopWorkspace(), ".mcp.json": mcpScenarioConfig() };
  },
  actions: [
    turn(
      "catalogs",
      "Which MCP tools can read files, and how is read_text_file called?",
      calls("Listing the filesystem server's tools.", tool("fs_call", { tool: "__list__" })),
      calls(
        "And the schema of read_text_file.",
        tool("fs_call", { tool: "__describe__", arguments: { tool: "read_text_file" } }),
      ),
      say("fs_call's read_text_file reads a file: give it {path}."),
    ),
    turn(
      "first spawn",
      "Read README.md through the filesystem server.",
      calls("Reading it.", tool("fs_call", { tool: "read_text_file", arguments: { path: "README.md" } })),
      say("README.md describes the shop."),
    ),
    turn(
      "list_changed",
      "Note that the README was read, then turn the notes archive on.",
      calls("Taking the note.", tool("notes_call", { tool: "add_note", arguments: { text: "README read" } })),
      calls("Turning the archive on.", tool("notes_call", { tool: "enable_archive", arguments: {} })),
      say("Done: the archive tools are there now."),
    ),
    turn(
      "new tools",
      "Archive note 1, then add 2 and 3 with the everything server.",
      calls("Archiving.", tool("notes_call", { tool: "archive_note", arguments: { number: 1 } })),
      calls("Adding.", tool("everything_call", { tool: "get-sum", arguments: { a: 2, b: 3 } })),
      say("Note 1 is archived; 2 + 3 = 5."),
    ),
    turn(
      "resources",
      "What documents does the everything server offer? Read its features document and blob 1.",
      calls("Listing its resources.", tool("everything_call", { tool: "__resources__" })),
      calls(
        "Reading the document.",
        tool("everything_call", {
          tool: "__read__",
          arguments: { uri: "demo://resource/static/document/features.md" },
        }),
      ),
      calls(
        "And the blob.",
        tool("everything_call", { tool: "__read__", arguments: { uri: "demo://resource/dynamic/blob/1" } }),
      ),
      say("features.md lists the server's tools, prompts and resources; blob 1 is saved beside the session."),
    ),
    turn("prompt", "/mcp__everything__args-prompt city=Paris", say("Paris is the capital of France.")),
  ],
};
