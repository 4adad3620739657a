/**
 * What the screen shows, as plain values. `finished` items are printed once (through Ink's
 * `<Static>`) and never change; `live` holds what may still change — the streaming reply and
 * the tools that are running. An `epoch` bump starts a fresh list (after /clear or /resume).
 * Items far behind the newest keep only their id, kind and (a prompt) text (printed-items.ts).
 */
import type { ToolDisplay, ToolStatus } from "@picasso/protocol";

export type NoticeTone = "info" | "warn" | "error" | "hint";

export type TranscriptItem =
  | { id: number; kind: "user"; text: string }
  | {
      id: number;
      kind: "assistant";
      text: string;
      lane: string;
      /** A later part of the same reply (streamed in settled blocks): no bullet of its own. */
      continued?: boolean;
    }
  | ({ id: number; kind: "tool" } & ToolCallView)
  | { id: number; kind: "notice"; tone: NoticeTone; text: string }
  | { id: number; kind: "expanded"; title: string; text: string };

export interface ToolCallView {
  toolUseId: string;
  lane: string;
  name: string;
  input: Record<string, unknown>;
  status: ToolStatus | "running" | "awaiting approval";
  durationMs?: number;
  content?: string;
  display?: ToolDisplay;
  truncated?: boolean;
  /** A running call's last progress report (`tool_progress`), e.g. `3/5 · step 3`. */
  progress?: string;
}

export interface LiveArea {
  /**
   * The main lane's reply as it streams: only its last, unsettled block(s); the settled blocks
   * before them have been printed as finished `assistant` items (markdown-blocks.ts
   * `splitSettled`), so each frame renders a small tail, not the whole reply.
   */
  text: string;
  /** Part of the reply has been printed already: the text continues it. */
  continued?: boolean;
  tools: ToolCallView[];
  /** The model is thinking (thinking deltas arrived and no text yet). */
  thinking?: boolean;
}

export type NewItem = TranscriptItem extends infer T
  ? T extends TranscriptItem
    ? Omit<T, "id">
    : never
  : never;
