/**
 * MCP's `/context` panel: one row per configured server, labelled with its gateway
 * (`<server>_call`): its state (`not spawned`, `running (pid N)`, `failed`, `exited`,
 * `needs auth`), how many tools its catalog lists (`no catalog yet` before one is cached), the
 * catalog's size, how many log messages it sent this session (`mcp_log` events; only when any),
 * and the last error — a row with an error takes the error tone. No panel without a server.
 */
import { type ContextPanel, formatByteSize, mcpGatewayName, type PanelRow } from "@picasso/protocol";
import type { ServerState } from "./mcp-server.js";

/** What the panel shows of a server (a subset of the plugin's `McpServerStatus`). */
export interface ServerPanelFacts {
  name: string;
  state: ServerState;
  pid: number | null;
  tools: number | null;
  catalogBytes: number | null;
  /** Log messages it sent this session (absent or 0: none shown). */
  logMessages?: number;
  error: string | null;
}

export function mcpPanel(id: string, servers: readonly ServerPanelFacts[]): ContextPanel | undefined {
  if (servers.length === 0) return undefined;
  return { id, title: "MCP servers", rows: servers.map(serverRow) };
}

function serverRow(server: ServerPanelFacts): PanelRow {
  const parts = [
    server.state === "running" && server.pid !== null ? `running (pid ${server.pid})` : server.state,
    server.tools === null ? "no catalog yet" : `${server.tools} tools`,
    ...(server.catalogBytes === null ? [] : [`catalog ${formatByteSize(server.catalogBytes)}`]),
    ...(server.logMessages
      ? [`${server.logMessages} log message${server.logMessages === 1 ? "" : "s"}`]
      : []),
    ...(server.error ? [server.error] : []),
  ];
  return {
    label: mcpGatewayName(server.name),
    value: parts.join(" · "),
    ...(server.error ? { tone: "error" as const } : {}),
  };
}
