/**
 * The catalog cache of one server: `$PICASSO_HOME/mcp-catalog/<server>.md` for people (and the
 * model, through the file tools) and its JSON twin `<server>.json`, which `__list__`,
 * `__describe__`, `__resources__`, `__prompts__`, argument validation, the prompts' slash
 * commands and `tool_search` answer from — so no process is spawned while the cache is fresh.
 * Besides the tools it holds what the server advertised (capabilities) and, when it offers them,
 * its resources, resource templates and prompts (capped: catalog-caps.ts). Fresh means: written for the same configuration (`configHash`, a
 * hash of the transport, command, args, url, env and headers — the values hashed, never
 * stored) in this cache format. A live server that reports another version or other tools
 * rewrites it. Writes go through a temporary file and a rename, so a reader never sees half.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { canonicalJson, type JsonSchema, sha256 } from "@picasso/protocol";
import type { McpServerConfig } from "./server-config.js";

/** 2: capabilities, resources, resource templates and prompts joined the tools. */
export const CATALOG_FORMAT = 2;

export interface CachedTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  /** The server's `readOnlyHint` annotation. */
  readOnly?: boolean;
  title?: string;
}

/** What the server said it offers in its initialize result (only the parts Picasso uses). */
export interface CachedCapabilities {
  tools?: boolean;
  resources?: boolean;
  /** `resources/subscribe` is supported. */
  subscribe?: boolean;
  prompts?: boolean;
}

export interface CachedResource {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** Bytes, when the server said. */
  size?: number;
}

export interface CachedResourceTemplate {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

export interface CachedPromptArgument {
  name: string;
  description?: string;
  required?: boolean;
}

export interface CachedPrompt {
  name: string;
  title?: string;
  description?: string;
  /** In the order the server declared them. */
  arguments: CachedPromptArgument[];
}

export interface ServerCatalog {
  format: number;
  server: string;
  configHash: string;
  serverName?: string;
  serverVersion?: string;
  instructions?: string;
  /** Sorted by name. */
  tools: CachedTool[];
  capabilities?: CachedCapabilities;
  /** Present when the server offers resources; in the server's order. */
  resources?: CachedResource[];
  resourceTemplates?: CachedResourceTemplate[];
  /** Present when the server offers prompts; sorted by name. */
  prompts?: CachedPrompt[];
}

export function catalogDir(picassoHome: string): string {
  return join(picassoHome, "mcp-catalog");
}

export function configHash(config: McpServerConfig): string {
  const identity =
    config.transport === "stdio"
      ? { transport: config.transport, command: config.command, args: config.args, env: config.env }
      : { transport: config.transport, url: config.url, headers: config.headers };
  return sha256(canonicalJson(identity)).slice(0, 32);
}

/** The cached catalog when it is fresh for this configuration, else undefined. */
export function readFreshCatalog(picassoHome: string, config: McpServerConfig): ServerCatalog | undefined {
  const cached = readCatalog(picassoHome, config.name);
  if (!cached || cached.format !== CATALOG_FORMAT || cached.configHash !== configHash(config))
    return undefined;
  return cached;
}

export function readCatalog(picassoHome: string, server: string): ServerCatalog | undefined {
  try {
    const parsed = JSON.parse(
      readFileSync(join(catalogDir(picassoHome), `${server}.json`), "utf8"),
    ) as unknown;
    if (!isCatalog(parsed)) return undefined;
    return parsed;
  } catch {
    return undefined;
  }
}

function isCatalog(value: unknown): value is ServerCatalog {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.format === "number" &&
    typeof v.configHash === "string" &&
    Array.isArray(v.tools) &&
    (v.resources === undefined || Array.isArray(v.resources)) &&
    (v.resourceTemplates === undefined || Array.isArray(v.resourceTemplates)) &&
    (v.prompts === undefined || Array.isArray(v.prompts)) &&
    v.tools.every(
      (t) =>
        typeof t === "object" &&
        t !== null &&
        typeof (t as Record<string, unknown>).name === "string" &&
        typeof (t as Record<string, unknown>).inputSchema === "object",
    )
  );
}

/** Writes both files; returns the bytes of the Markdown. */
export function writeCatalog(picassoHome: string, catalog: ServerCatalog): number {
  const dir = catalogDir(picassoHome);
  mkdirSync(dir, { recursive: true });
  const md = renderCatalogMarkdown(catalog);
  atomicWrite(join(dir, `${catalog.server}.json`), `${JSON.stringify(catalog, null, 2)}\n`);
  atomicWrite(join(dir, `${catalog.server}.md`), md);
  return Buffer.byteLength(md);
}

function atomicWrite(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

/** The one-line summary of a tool: its description's first sentence or line, at most 120 characters. */
export function toolSummary(tool: CachedTool): string {
  const text = (tool.description || tool.title || "").trim();
  const first = text
    .split(/\n/)[0]!
    .split(/(?<=[.!?])\s/)[0]!
    .trim();
  return first.length > 120 ? `${first.slice(0, 117)}...` : first;
}

export function renderCatalogMarkdown(catalog: ServerCatalog): string {
  const lines = [`# MCP server ${catalog.server}`, ""];
  const version = [catalog.serverName, catalog.serverVersion].filter(Boolean).join(" ");
  if (version) lines.push(`Server: ${version}`, "");
  if (catalog.instructions?.trim()) lines.push(catalog.instructions.trim(), "");
  lines.push(`Call: ${catalog.server}_call({tool, arguments}). ${catalog.tools.length} tools:`, "");
  for (const tool of catalog.tools) {
    lines.push(`## ${tool.name}${tool.readOnly ? " (read-only)" : ""}`, "");
    if (tool.description.trim()) lines.push(tool.description.trim(), "");
    lines.push("```json", JSON.stringify(JSON.parse(canonicalJson(tool.inputSchema)), null, 2), "```", "");
  }
  const resources = catalog.resources ?? [];
  const templates = catalog.resourceTemplates ?? [];
  if (resources.length || templates.length) {
    lines.push(`# Resources (read with ${catalog.server}_call({tool: "__read__", arguments: {uri}}))`, "");
    for (const r of resources) lines.push(`- ${resourceLine(r)}`);
    for (const t of templates) lines.push(`- ${templateLine(t)}`);
    lines.push("");
  }
  if (catalog.prompts?.length) {
    lines.push("# Prompts", "");
    for (const p of catalog.prompts) lines.push(`- ${promptLine(p)}`);
    lines.push("");
  }
  return lines.join("\n");
}

/** `uri · name · mime · size`, the parts the server gave. */
export function resourceLine(resource: CachedResource): string {
  const parts = [resource.uri, resource.title || resource.name];
  if (resource.mimeType) parts.push(resource.mimeType);
  if (resource.size !== undefined) parts.push(`${resource.size} bytes`);
  const about = oneLine(resource.description);
  return `${parts.join(" · ")}${about ? ` — ${about}` : ""}`;
}

/** `uriTemplate (template) · name · mime`: the model fills the `{…}` parts and reads the URI. */
export function templateLine(template: CachedResourceTemplate): string {
  const parts = [`${template.uriTemplate} (template)`, template.title || template.name];
  if (template.mimeType) parts.push(template.mimeType);
  const about = oneLine(template.description);
  return `${parts.join(" · ")}${about ? ` — ${about}` : ""}`;
}

/** `name(city, [state]) · description`: required arguments bare, optional ones in brackets. */
export function promptLine(prompt: CachedPrompt): string {
  const args = prompt.arguments.map((a) => (a.required ? a.name : `[${a.name}]`)).join(", ");
  const about = oneLine(prompt.description || prompt.title);
  return `${prompt.name}(${args})${about ? ` · ${about}` : ""}`;
}

function oneLine(text: string | undefined): string {
  const first = (text ?? "").trim().split(/\n/)[0]!.trim();
  return first.length > 160 ? `${first.slice(0, 157)}...` : first;
}
