/**
 * The protected context of a lane: what its compactions keep, re-appended after the summary as
 * one sourced block (`protectedContextText`, @picasso/protocol protected-context.ts). The sections,
 * in this order:
 *   1. the session facts, as `PluginHost.sessionFactParts` computes them now (each extension's
 *      text its own section: lean context's `<session-facts>` with memory's pinned memories and
 *      preferences, memory's `<memory-index>`, the sandbox) — main lane only, as only the main
 *      lane starts with them;
 *   2. each extension's `protect(lane)` sections, in mount order (the tools: the lane's open todo
 *      list, the goal and its round);
 *   3. the permission mode (source `engine`);
 *   4. the user's pins (source `user`) — main lane only.
 * Everything here is a pure function of that state, so identical state gives identical bytes.
 * `collectProtectedSections` needs no session (`picasso context` shows what a new session would
 * protect); `protectedBlocks` is what compaction appends.
 */
import {
  type PermissionMode,
  type PicassoExtension,
  type ProtectedSection,
  protectedContextText,
  type SessionFactsContext,
  type TextBlock,
  text,
} from "@picasso/protocol";
import { workspaceFacts } from "@picasso/workspace";
import { sessionFactParts } from "./plugin-host.js";
import type { EngineRuntime } from "./runtime.js";
import { sessionFactsContext } from "./session-facts.js";

export const SESSION_FACTS_LABEL = "Session facts";
export const PINS_LABEL = "Pinned by the user";

export interface ProtectedState {
  lane: string;
  mode: PermissionMode;
  pins: readonly string[];
  /** Where the session facts are computed (the main lane's); undefined leaves them out. */
  facts: SessionFactsContext | undefined;
}

export function collectProtectedSections(
  extensions: readonly PicassoExtension[],
  state: ProtectedState,
): ProtectedSection[] {
  const main = state.lane === "main";
  const facts =
    main && state.facts
      ? sessionFactParts(extensions, state.facts).map((part) => ({
          source: part.source,
          label: SESSION_FACTS_LABEL,
          lines: part.text.split("\n"),
        }))
      : [];
  return [
    ...facts,
    ...extensions.flatMap((extension) => extension.protect?.(state.lane) ?? []),
    { source: "engine", label: "Permission mode", lines: [state.mode] },
    ...(main ? [{ source: "user", label: PINS_LABEL, lines: state.pins.map((p) => `- ${p}`) }] : []),
  ].filter((section) => section.lines.length > 0);
}

/** The lane's protected sections as they stand now. */
export function protectedSections(rt: EngineRuntime, lane: string): ProtectedSection[] {
  return collectProtectedSections(rt.host.plugins, {
    lane,
    mode: rt.mode(),
    pins: rt.pins(),
    facts:
      lane === "main"
        ? sessionFactsContext(rt.workspaceRoot, rt.cwd, workspaceFacts(rt.workspaceRoot), rt.now())
        : undefined,
  });
}

/** The text blocks a compaction of `lane` appends after its summary text: the block, or none. */
export function protectedBlocks(rt: EngineRuntime, lane: string): TextBlock[] {
  const block = protectedContextText(protectedSections(rt, lane));
  return block === undefined ? [] : [text(block)];
}
