/**
 * Picasso's views and operations as ACP extension methods (names start with `_`, as ACP reserves
 * them):
 * - `_picasso/<name>` `{sessionId, args?}` → `{text, tone?, data?}`: runs the session's operation
 *   `<name>` (a core one or an extension's, the same list `available_commands_update` advertises)
 *   with `args` (default none); `tone` is `warn` when it could not do what was asked;
 * - `_picasso/context` `{sessionId}` → the `/context` model of the TUI (`ContextView` from
 *   `@picasso/engine/context`: the categories with bytes and tokens, and `panels`, each mounted
 *   extension's typed rows — lean context, memory, MCP servers, any other), the view the
 *   `context` operation answers with;
 * - `_picasso/context/timeline` `{sessionId}` → the session's context timeline (`Timeline`, the
 *   fold `picasso context timeline --json` prints), kept up to date as the session runs.
 */
import { RequestError } from "@agentclientprotocol/sdk";
import { type ContextView, presentationOf } from "@picasso/engine/context";
import { type ExtensionOperation, OPERATION_NAME, type OperationResult } from "@picasso/protocol";
import { isUserError } from "@picasso/protocol/basics";
import { liveTimeline, type Timeline } from "@picasso/surface";
import type { AcpSession } from "./acp-session.js";

export const CONTEXT_METHOD = "_picasso/context";
export const TIMELINE_METHOD = "_picasso/context/timeline";
const OPERATION_METHOD = /^_picasso\/(.+)$/;

export interface SessionParams {
  sessionId: string;
}

export interface OperationParams extends SessionParams {
  args: string;
}

/** `{sessionId: string}`, else invalid params naming the field. */
export function parseSessionParams(params: unknown): SessionParams {
  const id = params && typeof params === "object" ? (params as { sessionId?: unknown }).sessionId : undefined;
  if (typeof id !== "string" || !id)
    throw RequestError.invalidParams(params, "sessionId: expected the id of an open session");
  return { sessionId: id };
}

/** `{sessionId: string, args?: string}`, else invalid params naming the field. */
export function parseOperationParams(params: unknown): OperationParams {
  const { sessionId } = parseSessionParams(params);
  const args = (params as { args?: unknown }).args;
  if (args !== undefined && typeof args !== "string")
    throw RequestError.invalidParams(params, "args: expected the operation's arguments as one string");
  return { sessionId, args: args ?? "" };
}

/** The operation name in `_picasso/<name>`, or undefined for any other method. */
export function operationMethodName(method: string): string | undefined {
  const name = OPERATION_METHOD.exec(method)?.[1];
  return name !== undefined && OPERATION_NAME.test(name) ? name : undefined;
}

/** Run an operation of the session; a `UserError` it throws is a `warn` answer. */
export async function runOperation(
  operation: ExtensionOperation,
  args: string,
  signal: AbortSignal,
): Promise<OperationResult> {
  try {
    return await operation.run(args, { signal, offline: false });
  } catch (error) {
    if (isUserError(error)) return { text: (error as Error).message, tone: "warn" };
    throw error;
  }
}

/** What `_picasso/<name>` returns. */
export async function operationAnswer(
  operation: ExtensionOperation,
  args: string,
  signal: AbortSignal,
): Promise<{ text: string; tone?: "warn"; data?: unknown }> {
  const result = await runOperation(operation, args, signal);
  return {
    text: result.text,
    ...(result.tone === "warn" ? { tone: "warn" as const } : {}),
    ...(result.data !== undefined ? { data: result.data } : {}),
  };
}

export function findOperation(session: AcpSession, name: string): ExtensionOperation | undefined {
  return session.composed.operations.find((op) => op.name === name);
}

export async function contextOf(session: AcpSession, signal: AbortSignal): Promise<ContextView> {
  const context = findOperation(session, "context");
  const shown = context ? presentationOf((await runOperation(context, "", signal)).data) : undefined;
  if (shown?.presentation !== "context-panel")
    throw RequestError.internalError({ sessionId: session.id }, "this session has no context view");
  return shown.view;
}

export async function timelineOf(session: AcpSession): Promise<Timeline> {
  return (await liveTimeline(session.composed.session)).snapshot();
}
