/**
 * A real ACP client for tests: `picasso acp` (the built binary) as a child process on stdio,
 * driven through the official SDK's client-side connection — never hand-written JSON. Updates
 * are collected per session; permission requests are answered by a callback the test sets.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import { projectSessionsDir } from "@picasso/engine";
import { BIN } from "./cli-harness.js";

export type PermissionHandler = (
  request: acp.RequestPermissionRequest,
) => Promise<acp.RequestPermissionResponse>;

export interface AcpProcess {
  child: ChildProcessWithoutNullStreams;
  agent: acp.ClientContext;
  connection: acp.ClientConnection;
  updates: acp.SessionNotification[];
  permissions: acp.RequestPermissionRequest[];
  onPermission: PermissionHandler;
  stderr: () => string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Close stdin (the client goes away) and wait for the process to exit. */
  close(): Promise<number | null>;
  initialize(): Promise<acp.InitializeResponse>;
}

/** An editor's buffers: reads answer from `buffers` (else the disk), writes are kept and saved. */
export interface EditorFiles {
  buffers: Map<string, string>;
  writes: { path: string; content: string }[];
}

export function startAcp(
  cwd: string,
  args: string[],
  editor?: EditorFiles,
  env: NodeJS.ProcessEnv = process.env,
): AcpProcess {
  const child = spawn("node", [BIN, "acp", ...args], { cwd, env, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const updates: acp.SessionNotification[] = [];
  const permissions: acp.RequestPermissionRequest[] = [];
  const proc: Partial<AcpProcess> = {};
  proc.onPermission = async () => ({ outcome: { outcome: "cancelled" } });
  const app = acp
    .client({ name: "picasso-test-client" })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      updates.push(params);
    })
    .onRequest(acp.methods.client.session.requestPermission, ({ params }) => {
      permissions.push(params);
      return (proc.onPermission as PermissionHandler)(params);
    })
    .onRequest(acp.methods.client.fs.readTextFile, ({ params }) => {
      if (!editor) throw acp.RequestError.methodNotFound("fs/read_text_file");
      return { content: editor.buffers.get(params.path) ?? readFileSync(params.path, "utf8") };
    })
    .onRequest(acp.methods.client.fs.writeTextFile, ({ params }) => {
      if (!editor) throw acp.RequestError.methodNotFound("fs/write_text_file");
      editor.writes.push({ path: params.path, content: params.content });
      editor.buffers.set(params.path, params.content);
      writeFileSync(params.path, params.content);
      return {};
    });
  const connection = app.connect(
    acp.ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>),
  );
  return Object.assign(proc, {
    child,
    agent: connection.agent,
    connection,
    updates,
    permissions,
    stderr: () => stderr,
    exited,
    async close() {
      child.stdin.end();
      return exited;
    },
    initialize: () =>
      connection.agent.request(acp.methods.agent.initialize, {
        protocolVersion: acp.PROTOCOL_VERSION,
        clientCapabilities: editor ? { fs: { readTextFile: true, writeTextFile: true } } : {},
      }),
  }) as AcpProcess;
}

/** Wait until `check` holds (polling), or fail after `ms` naming what was awaited. */
export async function waitFor<T>(what: string, check: () => T | undefined | false, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export function updatesOf(proc: AcpProcess, sessionId: string, kind?: string): acp.SessionUpdate[] {
  return proc.updates
    .filter((n) => n.sessionId === sessionId)
    .map((n) => n.update)
    .filter((u) => kind === undefined || u.sessionUpdate === kind);
}

/** One parsed log line, read loosely (tests check its fields). */
export type LogLine = ReturnType<typeof JSON.parse>;

export function logEvents(workspaceRoot: string, sessionId: string): LogLine[] {
  const path = join(
    projectSessionsDir(process.env.PICASSO_HOME as string, workspaceRoot),
    `${sessionId}.jsonl`,
  );
  return readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}
