/**
 * Loading the MCP configuration a session mounts: the user's `$PICASSO_HOME/mcp.json`, then the
 * project's `.mcp.json` at the workspace root (a project server replaces a user server of the
 * same name). Both use Claude Code's format (server-config.ts). `${VAR}` and `${VAR:-default}`
 * are expanded in the command, args, env, url and headers from the given environment — never a
 * provider key (`isProviderSecretName`): no MCP server is handed the keys Picasso talks to models with.
 *
 * The project's file is untrusted input (a model can write it, a clone can bring it): its servers
 * are used only when the user approved its exact content (@picasso/workspace project-trust);
 * otherwise they are left out and listed in `withheld`, so no command it names ever starts.
 *
 * A mistake never stops a session: each one is one line naming the file, the line and the key
 * (`.mcp.json:4: mcpServers.fs.command: missing …; server "fs" left out`), and the session starts
 * without that server (or without that file, when it is not JSON at all, or not a file: a FIFO
 * is never opened, config-text.ts).
 */
import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import { isProviderSecretName } from "@picasso/protocol";
import { type ApprovalState, approvalDigest, approvalState } from "@picasso/workspace";
import { readConfigText } from "./config-text.js";
import { keyLine, parseErrorLine } from "./json-location.js";
import {
  type HttpServerConfig,
  MCP_LOG_LEVELS,
  type McpLogLevel,
  type McpServerConfig,
  type OAuthSettings,
  SERVER_NAME,
  type StdioServerConfig,
} from "./server-config.js";

export interface LoadedMcpConfig {
  /** Servers sorted by name. */
  servers: McpServerConfig[];
  /** One line per mistake. */
  problems: string[];
  /** The project's file when it was left out because its content is not approved. */
  withheld?: WithheldMcpConfig;
}

export interface WithheldMcpConfig {
  file: typeof PROJECT_CONFIG;
  state: "new" | "changed";
  /** The digest an approval of its current content records. */
  digest: string;
}

export interface LoadMcpConfigOptions {
  workspaceRoot: string;
  picassoHome: string;
  env?: NodeJS.ProcessEnv;
  /** Tool names a server's name or its gateway may not take (the session's core tools and gateways). */
  reservedNames?: readonly string[];
}

export const PROJECT_CONFIG = ".mcp.json";
export const USER_CONFIG = "mcp.json";

export function projectConfigPath(workspaceRoot: string): string {
  return join(workspaceRoot, PROJECT_CONFIG);
}
export function userConfigPath(picassoHome: string): string {
  return join(picassoHome, USER_CONFIG);
}

class ConfigProblem extends Error {
  constructor(
    readonly key: string[],
    message: string,
  ) {
    super(message);
  }
}

export function loadMcpConfig(options: LoadMcpConfigOptions): LoadedMcpConfig {
  const problems: string[] = [];
  const byName = new Map<string, McpServerConfig>();
  const files: [string, "user" | "project", string][] = [
    [userConfigPath(options.picassoHome), "user", "$PICASSO_HOME/mcp.json"],
    [projectConfigPath(options.workspaceRoot), "project", PROJECT_CONFIG],
  ];
  let withheld: WithheldMcpConfig | undefined;
  for (const [file, scope, shown] of files) {
    if (!existsSync(file)) continue;
    if (scope === "project") {
      const review = reviewProjectMcpConfig(options);
      if (review && review.state !== "approved") {
        withheld = { file: PROJECT_CONFIG, state: review.state, digest: review.digest };
        continue;
      }
    }
    for (const server of readConfigFile(file, scope, shown, options, problems))
      byName.set(server.name, server);
  }
  const servers = [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { servers, problems, ...(withheld ? { withheld } : {}) };
}

/** The project `.mcp.json`'s approval state and digest; undefined when there is none to read. */
export function reviewProjectMcpConfig(
  options: Pick<LoadMcpConfigOptions, "workspaceRoot" | "picassoHome">,
): { state: ApprovalState; digest: string; text: string } | undefined {
  const read = readConfigText(projectConfigPath(options.workspaceRoot));
  if (read.kind !== "text") return undefined;
  const digest = approvalDigest(read.text);
  return {
    state: approvalState(options.picassoHome, options.workspaceRoot, PROJECT_CONFIG, digest),
    digest,
    text: read.text,
  };
}

function readConfigFile(
  file: string,
  scope: "user" | "project",
  shown: string,
  options: LoadMcpConfigOptions,
  problems: string[],
): McpServerConfig[] {
  const read = readConfigText(file);
  if (read.kind === "missing") return [];
  if (read.kind === "problem") {
    problems.push(`${shown}: ${read.problem}; its servers are left out`);
    return [];
  }
  const text = read.text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const line = parseErrorLine(text, error as Error);
    problems.push(
      `${shown}${line ? `:${line}` : ""}: not valid JSON (${(error as Error).message}); its servers are left out`,
    );
    return [];
  }
  const where = (key: string[]) => `${shown}${lineSuffix(keyLine(text, key))}`;
  if (!isObject(parsed) || !isObject(parsed.mcpServers)) {
    problems.push(
      `${where(["mcpServers"])}: mcpServers: expected an object of servers; its servers are left out`,
    );
    return [];
  }
  const reserved = new Set(options.reservedNames ?? []);
  const out: McpServerConfig[] = [];
  for (const [name, raw] of Object.entries(parsed.mcpServers)) {
    try {
      if (!SERVER_NAME.test(name))
        throw new ConfigProblem(
          [],
          `the name becomes a tool name (${name}_call): use lowercase letters, digits, "_" and "-" (at most 48)`,
        );
      if (reserved.has(name) || reserved.has(`${name}_call`))
        throw new ConfigProblem(
          [],
          `the name clashes with the tool "${reserved.has(name) ? name : `${name}_call`}"`,
        );
      out.push(parseServer(name, raw, { file, scope, env: options.env ?? process.env }));
    } catch (error) {
      if (!(error instanceof ConfigProblem)) throw error;
      const key = ["mcpServers", name, ...error.key];
      problems.push(
        `${where(presentPath(parsed, key))}: ${key.join(".")}: ${error.message}; server "${name}" left out`,
      );
    }
  }
  return out;
}

/** The longest start of `path` that exists in `value` (a missing key is reported on its parent's line). */
function presentPath(value: unknown, path: string[]): string[] {
  const out: string[] = [];
  let at = value;
  for (const key of path) {
    if (!isObject(at) && !Array.isArray(at)) break;
    const next: unknown = (at as Record<string, unknown>)[key];
    if (next === undefined) break;
    out.push(key);
    at = next;
  }
  return out;
}

function lineSuffix(line: number | undefined): string {
  return line ? `:${line}` : "";
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const KNOWN_TYPES = ["stdio", "http", "sse"];

function parseServer(
  name: string,
  raw: unknown,
  ctx: { file: string; scope: "user" | "project"; env: NodeJS.ProcessEnv },
): McpServerConfig {
  if (!isObject(raw)) throw new ConfigProblem([], "expected an object");
  const type = raw.type ?? (raw.url !== undefined && raw.command === undefined ? "http" : "stdio");
  if (typeof type !== "string" || !KNOWN_TYPES.includes(type))
    throw new ConfigProblem(
      ["type"],
      `unknown transport ${JSON.stringify(type)} (known: ${KNOWN_TYPES.join(", ")})`,
    );
  const common = {
    name,
    file: ctx.file,
    scope: ctx.scope,
    ...(typeof raw.description === "string" ? { description: raw.description.slice(0, 120) } : {}),
    ...optionalTimeout(raw.timeout),
    ...optionalLogLevel(raw.logLevel),
  };
  const expand = (value: string, key: string[]) => expandVars(value, ctx.env, key);
  if (type === "stdio") {
    if (raw.oauth !== undefined)
      throw new ConfigProblem(["oauth"], "OAuth applies to http and sse servers only; remove it");
    if (typeof raw.command !== "string" || raw.command.trim() === "")
      throw new ConfigProblem(["command"], 'missing: a stdio server needs "command" (a string)');
    const args = raw.args ?? [];
    if (!Array.isArray(args) || args.some((a) => typeof a !== "string"))
      throw new ConfigProblem(["args"], "expected an array of strings");
    const server: StdioServerConfig = {
      ...common,
      transport: "stdio",
      command: expand(raw.command, ["command"]),
      args: (args as string[]).map((a, i) => expand(a, ["args", String(i)])),
      env: stringMap(raw.env, "env", expand),
    };
    return server;
  }
  if (typeof raw.url !== "string" || raw.url.trim() === "")
    throw new ConfigProblem(["url"], `missing: an ${type} server needs "url" (a string)`);
  const url = expand(raw.url, ["url"]);
  try {
    new URL(url);
  } catch {
    throw new ConfigProblem(["url"], `not a URL: ${JSON.stringify(raw.url)}`);
  }
  const oauth = raw.oauth === undefined ? undefined : parseOAuth(raw.oauth, expand);
  const server: HttpServerConfig = {
    ...common,
    transport: type === "sse" ? "sse" : "http",
    url,
    headers: stringMap(raw.headers, "headers", expand),
    ...(oauth ? { oauth } : {}),
  };
  return server;
}

function optionalLogLevel(value: unknown): { logLevel?: McpLogLevel } {
  if (value === undefined) return {};
  if (typeof value === "string" && (MCP_LOG_LEVELS as readonly string[]).includes(value))
    return { logLevel: value as McpLogLevel };
  throw new ConfigProblem(
    ["logLevel"],
    `expected one of ${MCP_LOG_LEVELS.join(", ")}, got ${JSON.stringify(value)}`,
  );
}

const OAUTH_KEYS = ["clientId", "clientSecret", "scopes", "callbackPort"];

/** `oauth` of an http or sse server: every key optional, each checked (server-config.ts). */
function parseOAuth(value: unknown, expand: (value: string, key: string[]) => string): OAuthSettings {
  if (!isObject(value))
    throw new ConfigProblem(["oauth"], `expected an object with any of ${OAUTH_KEYS.join(", ")}`);
  for (const key of Object.keys(value))
    if (!OAUTH_KEYS.includes(key))
      throw new ConfigProblem(["oauth", key], `unknown key (known: ${OAUTH_KEYS.join(", ")})`);
  const out: OAuthSettings = {};
  for (const key of ["clientId", "clientSecret"] as const) {
    const v = value[key];
    if (v === undefined) continue;
    if (typeof v !== "string" || v.trim() === "")
      throw new ConfigProblem(["oauth", key], "expected a non-empty string");
    out[key] = expand(v, ["oauth", key]);
  }
  if (out.clientSecret !== undefined && out.clientId === undefined)
    throw new ConfigProblem(["oauth", "clientSecret"], 'a client secret needs "clientId" beside it');
  if (value.scopes !== undefined) {
    const scopes = value.scopes;
    if (!Array.isArray(scopes) || scopes.some((s) => typeof s !== "string" || !/^[\x21-\x7e]+$/.test(s)))
      throw new ConfigProblem(
        ["oauth", "scopes"],
        'expected an array of scope names without spaces (["read", "write"])',
      );
    out.scopes = scopes as string[];
  }
  if (value.callbackPort !== undefined) {
    const port = value.callbackPort;
    if (typeof port !== "number" || !Number.isInteger(port) || port < 1 || port > 65535)
      throw new ConfigProblem(["oauth", "callbackPort"], "expected a port number from 1 to 65535");
    out.callbackPort = port;
  }
  return out;
}

function optionalTimeout(value: unknown): { timeoutMs?: number } {
  if (typeof value === "number" && Number.isFinite(value) && value > 0) return { timeoutMs: value };
  return {};
}

function stringMap(
  value: unknown,
  key: string,
  expand: (value: string, key: string[]) => string,
): Record<string, string> {
  if (value === undefined) return {};
  if (!isObject(value)) throw new ConfigProblem([key], "expected an object of strings");
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== "string") throw new ConfigProblem([key, k], "expected a string");
    out[k] = expand(v, [key, k]);
  }
  return out;
}

/** `${VAR}` and `${VAR:-default}` from `env`; an unset variable without a default is a mistake. */
export function expandVars(value: string, env: NodeJS.ProcessEnv, key: string[] = []): string {
  return value.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g,
    (_, name: string, fallback?: string) => {
      if (isProviderSecretName(name))
        throw new ConfigProblem(
          key,
          `\${${name}} is a provider key, which Picasso never hands to another program; give the server its own variable`,
        );
      const set = env[name];
      if (set !== undefined && set !== "") return set;
      if (fallback !== undefined) return fallback;
      throw new ConfigProblem(key, `\${${name}} is not set in the environment`);
    },
  );
}

/** A file path as the user would write it, relative to the workspace when inside it. */
export function shownPath(file: string, workspaceRoot: string): string {
  const rel = relative(workspaceRoot, file);
  return rel.startsWith("..") ? file : rel;
}
