/**
 * Picasso's views as ACP extension methods (names start with `_`, as ACP reserves them):
 * - `_picasso/context` `{sessionId}` → the `/context` model of the TUI (`ContextView` from
 *   `@picasso/engine/context`: the categories with bytes and tokens, and `panels`, each mounted
 *   extension's typed rows — lean context, memory, MCP servers, any other), built the same way
 *   for the live session;
 * - `_picasso/context/timeline` `{sessionId}` → the session's context timeline (`Timeline`, the
 *   fold `picasso context timeline --json` prints), kept up to date as the session runs.
 */
import { RequestError } from "@agentclientprotocol/sdk";
import { type ContextView, liveContextView } from "@picasso/engine/context";
import { liveTimeline, type Timeline } from "@picasso/surface";
import type { AcpSession } from "./acp-session.js";

export const CONTEXT_METHOD = "_picasso/context";
export const TIMELINE_METHOD = "_picasso/context/timeline";

export interface SessionParams {
  sessionId: string;
}

/** The params of both methods: `{sessionId: string}`, else invalid params naming the field. */
export function parseSessionParams(params: unknown): SessionParams {
  const id = params && typeof params === "object" ? (params as { sessionId?: unknown }).sessionId : undefined;
  if (typeof id !== "string" || !id)
    throw RequestError.invalidParams(params, "sessionId: expected the id of an open session");
  return { sessionId: id };
}

export function contextOf(session: AcpSession): Promise<ContextView> {
  const { session: live } = session.composed;
  return liveContextView(live, session.contextWindow, session.reportedContextTokens);
}

export async function timelineOf(session: AcpSession): Promise<Timeline> {
  return (await liveTimeline(session.composed.session)).snapshot();
}
