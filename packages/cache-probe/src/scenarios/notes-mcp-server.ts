/**
 * `notes`: a small real MCP server (the SDK's `Server` over stdio) for the probe's `mcp`
 * scenario — the one that changes its tools mid-session. It starts with `add_note`, `list_notes`
 * and `enable_archive`; `enable_archive` adds `archive_note` and `list_archive` and sends
 * `notifications/tools/list_changed`. Run as `node notes-mcp-server.js` (built to dist/).
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";

const text = (value: string) => ({ content: [{ type: "text" as const, text: value }] });
const schema = (properties: Record<string, object>, required: string[]): Tool["inputSchema"] => ({
  type: "object",
  properties,
  required,
});

const tools: Tool[] = [
  {
    name: "add_note",
    description: "Add a note to the session's notebook. Returns its number.",
    inputSchema: schema({ text: { type: "string", description: "The note" } }, ["text"]),
  },
  {
    name: "list_notes",
    description: "List the notes taken so far, one per line, numbered.",
    inputSchema: schema({}, []),
    annotations: { readOnlyHint: true },
  },
  {
    name: "enable_archive",
    description: "Turn on the archive: adds the archive_note and list_archive tools.",
    inputSchema: schema({}, []),
  },
];

const ARCHIVE: Tool[] = [
  {
    name: "archive_note",
    description: "Move a note to the archive by its number.",
    inputSchema: schema({ number: { type: "integer", minimum: 1 } }, ["number"]),
  },
  {
    name: "list_archive",
    description: "List the archived notes.",
    inputSchema: schema({}, []),
    annotations: { readOnlyHint: true },
  },
];

const notes: string[] = [];
const archived: string[] = [];

const server = new Server(
  { name: "picasso-probe-notes", version: "1.0.0" },
  {
    capabilities: { tools: { listChanged: true } },
    instructions: "A notebook for the session: add and list notes; enable the archive to move old ones away.",
  },
);
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = request.params.arguments ?? {};
  switch (request.params.name) {
    case "add_note":
      notes.push(String(args.text));
      return text(`note ${notes.length} added`);
    case "list_notes":
      return text(notes.map((n, i) => `${i + 1}. ${n}`).join("\n") || "(no notes)");
    case "enable_archive":
      if (!tools.some((t) => t.name === "archive_note")) {
        tools.push(...ARCHIVE);
        await server.sendToolListChanged();
      }
      return text("the archive is on: archive_note and list_archive are available");
    case "archive_note": {
      const n = Number(args.number);
      const [note] = notes.splice(n - 1, 1);
      if (note === undefined) return { ...text(`no note ${n}`), isError: true };
      archived.push(note);
      return text(`note ${n} archived`);
    }
    case "list_archive":
      return text(archived.join("\n") || "(the archive is empty)");
    default:
      return { ...text(`unknown tool ${request.params.name}`), isError: true };
  }
});
await server.connect(new StdioServerTransport());
