/**
 * Picasso as an ACP agent: the handlers of `@agentclientprotocol/sdk`'s agent app over one
 * connection (docs/acp.md).
 * - `initialize`: load session, text and embedded-context prompts, MCP servers (stdio, HTTP, SSE)
 *   passed by the client, mounted like `.mcp.json`'s;
 * - `session/new`, `session/load` (resume from the log, the history replayed as updates),
 *   `session/prompt` (streamed updates), `session/cancel`, `session/set_mode`;
 * - approvals go to the client as `session/request_permission`;
 * - the session's operations: advertised as commands, run from a prompt `/name args`
 *   (prompt-commands.ts) or as `_picasso/<name>` (extensions.ts).
 * When the client goes away every session is closed (a running turn is interrupted and logged).
 * Errors are JSON-RPC errors: an unknown session is `-32002` (resource not found), a bad request
 * `-32602` naming the field; a user mistake in Picasso's own files is `-32602` with its one line.
 */
import { isAbsolute } from "node:path";
import * as acp from "@agentclientprotocol/sdk";
import type { ModelProvider } from "@picasso/protocol";
import { isPermissionMode, isUserError, type PermissionMode } from "@picasso/protocol/basics";
import type { ComposeSessionOptions } from "@picasso/surface";
import { findWorkspaceRoot } from "@picasso/workspace";
import { AcpSession } from "./acp-session.js";
import { clientMcpServers } from "./client-mcp.js";
import {
  CONTEXT_METHOD,
  contextOf,
  findOperation,
  operationAnswer,
  operationMethodName,
  parseOperationParams,
  parseSessionParams,
  runOperation,
  TIMELINE_METHOD,
  timelineOf,
} from "./extensions.js";
import { historyUpdates } from "./history-replay.js";
import { parsePromptCommand } from "./prompt-commands.js";
import { promptText } from "./prompt-content.js";
import { availableCommands, sessionModes } from "./session-info.js";

export interface AcpAgentOptions {
  /** The model provider every session of this connection uses (the caller closes it). */
  provider: ModelProvider;
  picassoHome: string;
  version: string;
  /** One line for the operator (stderr): never the protocol channel. */
  log?: (line: string) => void;
  /**
   * What the user must know about every session of this connection (the offline mock standing in
   * for want of a key): an agent message at the start of each, after a loaded one's history, since
   * the editor's user never sees stderr.
   */
  sessionNotice?: string;
  /** More for every session's `composeSession` (the cache-probe's log observers and clock). */
  session?: Pick<
    ComposeSessionOptions,
    "observers" | "now" | "claudeHome" | "killGraceMs" | "settings" | "wrapPlugins" | "providerStandIn"
  >;
}

export interface PicassoAcpAgent {
  app: acp.AgentApp;
  /** Sessions open on the connection, by id. */
  sessions: ReadonlyMap<string, AcpSession>;
  /** Close every session (a running turn is interrupted); the log gets session_end. */
  closeAll(reason: string): Promise<void>;
}

export function createAcpAgent(options: AcpAgentOptions): PicassoAcpAgent {
  const sessions = new Map<string, AcpSession>();
  let capabilities: acp.ClientCapabilities | undefined;

  const open = async (
    cx: acp.AgentContext,
    cwd: string,
    mcpServers: readonly acp.McpServer[],
    resume?: { id: string },
  ): Promise<AcpSession> => {
    if (!isAbsolute(cwd)) throw acp.RequestError.invalidParams({ cwd }, "cwd: expected an absolute path");
    try {
      const session = await AcpSession.open({
        cwd,
        compose: {
          ...options.session,
          provider: options.provider,
          workspaceRoot: findWorkspaceRoot(cwd),
          picassoHome: options.picassoHome,
          version: options.version,
          ...(resume ? { resume } : {}),
          ...(mcpServers.length ? { mcpServers: clientMcpServers(mcpServers) } : {}),
        },
        send: (params) => cx.notify(acp.methods.client.session.update, params),
        ...(capabilities ? { capabilities } : {}),
        files: {
          read: (params) => cx.request(acp.methods.client.fs.readTextFile, params),
          write: async (params) => {
            await cx.request(acp.methods.client.fs.writeTextFile, params);
          },
        },
        ask: (params, signal) =>
          cx.request(acp.methods.client.session.requestPermission, params, {
            cancellationSignal: signal,
            stopWaitingOnCancel: true,
          }),
      });
      for (const warning of session.composed.warnings()) options.log?.(`warning: ${warning}`);
      return session;
    } catch (error) {
      if (isUserError(error)) throw acp.RequestError.invalidParams(undefined, (error as Error).message);
      throw error;
    }
  };

  const find = (sessionId: string): AcpSession => {
    const session = sessions.get(sessionId);
    if (!session) throw acp.RequestError.sessionNotFound(sessionId);
    return session;
  };

  const notice = (session: AcpSession): Promise<void> =>
    options.sessionNotice
      ? session.update({
          sessionUpdate: "agent_message_chunk",
          content: { type: "text", text: options.sessionNotice },
        })
      : Promise.resolve();

  const announce = (session: AcpSession) => {
    // After the response that names the session, so the client knows it.
    setImmediate(() => {
      void notice(session);
      void session.update(availableCommands(session.composed.operations));
    });
  };

  // `session/cancel` and `session/prompt` come first, in that order. The SDK offers each message
  // to the handlers in registration order, awaiting each one that passes, so a handler registered
  // late starts several microtasks after one registered early: a cancel sent just before a
  // prompt (an editor cancelling again, then asking the next question) would otherwise be handled
  // after that prompt had started, and cancel it. First in the chain, a cancel takes effect before
  // any later message is dispatched, and a prompt starts before a cancel sent after it is
  // handled: each cancel cancels only the prompt that was running when it arrived.
  const app = acp
    .agent({ name: "picasso" })
    .onNotification(acp.methods.agent.session.cancel, ({ params }) => {
      sessions.get(params.sessionId)?.cancel();
    })
    .onRequest(acp.methods.agent.session.prompt, ({ params }) => {
      const session = find(params.sessionId);
      const command = parsePromptCommand(promptText(params.prompt), session.composed.operations);
      return command
        ? session.runCommand(async (signal) => await runOperation(command.operation, command.args, signal))
        : session.prompt(params.prompt);
    })
    .onConnect((connection) => {
      void connection.closed.then(() => closeAll("client disconnected"));
    })
    .onRequest(acp.methods.agent.initialize, ({ params }) => {
      capabilities = params.clientCapabilities;
      return {
        protocolVersion: Math.min(params.protocolVersion, acp.PROTOCOL_VERSION),
        agentCapabilities: {
          loadSession: true,
          promptCapabilities: { image: true, audio: false, embeddedContext: true },
          mcpCapabilities: { http: true, sse: true },
        },
        agentInfo: { name: "picasso", title: "Picasso", version: options.version },
        authMethods: [],
      };
    })
    .onRequest(acp.methods.agent.session.new, async ({ params, client: cx }) => {
      const session = await open(cx, params.cwd, params.mcpServers);
      sessions.set(session.id, session);
      announce(session);
      return { sessionId: session.id, modes: sessionModes(session.composed.session.currentMode) };
    })
    .onRequest(acp.methods.agent.session.load, async ({ params, client: cx }) => {
      if (sessions.has(params.sessionId))
        throw acp.RequestError.invalidRequest(
          { sessionId: params.sessionId },
          "this session is already open on this connection",
        );
      const session = await open(cx, params.cwd, params.mcpServers, { id: params.sessionId });
      sessions.set(session.id, session);
      for (const update of historyUpdates(session.composed.session.replay)) void session.update(update);
      void notice(session);
      await session.update(availableCommands(session.composed.operations));
      return { modes: sessionModes(session.composed.session.currentMode) };
    })
    .onRequest(CONTEXT_METHOD, parseSessionParams, ({ params, signal }) =>
      contextOf(find(params.sessionId), signal),
    )
    .onRequest(TIMELINE_METHOD, parseSessionParams, ({ params }) => timelineOf(find(params.sessionId)))
    .onRequest(acp.methods.agent.session.setMode, ({ params }) => {
      const session = find(params.sessionId);
      if (!isPermissionMode(params.modeId))
        throw acp.RequestError.invalidParams(
          { modeId: params.modeId },
          `modeId: expected default, plan or auto, got "${params.modeId}"`,
        );
      session.setMode(params.modeId as PermissionMode);
      return {};
    })
    // After every method above: `_picasso/<name>` runs the session's operation `<name>`.
    .onRequest("*", async ({ method, params, signal }) => {
      const name = operationMethodName(method);
      if (name === undefined) throw acp.RequestError.methodNotFound(method);
      const { sessionId, args } = parseOperationParams(params);
      const operation = findOperation(find(sessionId), name);
      if (!operation) throw acp.RequestError.methodNotFound(method);
      return operationAnswer(operation, args, signal);
    });

  async function closeAll(reason: string): Promise<void> {
    const open = [...sessions.values()];
    sessions.clear();
    await Promise.all(open.map((s) => s.close(reason)));
  }

  return { app, sessions, closeAll };
}
