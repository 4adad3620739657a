/**
 * The TUI's whole visible state as one value, and a tiny store around it: `set` merges a patch
 * and notifies subscribers at most once per frame (16 ms), so a burst of streamed deltas costs
 * one render; `flush` notifies now (used for input-driven changes).
 */

import type { ContextView } from "@picasso/engine/context";
import type { TimelineChart } from "@picasso/protocol";
import type { PickerOption } from "../commands/slash-command.js";
import type { ApprovalPrompt } from "../components/ApprovalDialog.js";
import type { StatusInfo } from "../status/status-model.js";
import type { LiveArea, TranscriptItem } from "../transcript/transcript.js";

export interface TuiState {
  items: TranscriptItem[];
  epoch: number;
  live: LiveArea;
  busy: boolean;
  /** When the running turn started (ms), for the working line. */
  busySince: number;
  approval: { id: number; prompt: ApprovalPrompt } | undefined;
  question: { id: number; question: string; choices: string[]; allowEmpty: boolean } | undefined;
  picker: { title: string; options: PickerOption[]; onPick: (value: string) => void } | undefined;
  /** The /context panel, open until the user closes it. */
  contextPanel: ContextView | undefined;
  /** The /context timeline bars, open until the user closes them. */
  timelinePanel: TimelineChart | undefined;
  status: StatusInfo;
  /** A transient line above the prompt ("press Ctrl+C again to exit"). */
  hint: string | undefined;
  exited: boolean;
}

export function initialTuiState(): TuiState {
  return {
    items: [],
    epoch: 0,
    live: { text: "", tools: [] },
    busy: false,
    busySince: 0,
    approval: undefined,
    question: undefined,
    picker: undefined,
    contextPanel: undefined,
    timelinePanel: undefined,
    status: {
      provider: "",
      model: "",
      mockFallback: false,
      mode: "default",
      contextTokens: undefined,
      contextEstimated: false,
      window: 0,
      cacheReadShare: undefined,
      sessionId: "",
      busy: false,
    },
    hint: undefined,
    exited: false,
  };
}

/** A full-screen panel is open: /context or its timeline. */
export function panelOpen(state: TuiState): boolean {
  return state.contextPanel !== undefined || state.timelinePanel !== undefined;
}

export class TuiStore {
  private listeners = new Set<() => void>();
  private timer: NodeJS.Timeout | undefined;

  constructor(public state: TuiState) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (): TuiState => this.state;

  set(patch: Partial<TuiState>, now = false): void {
    this.state = { ...this.state, ...patch };
    if (now) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), 16);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const listener of this.listeners) listener();
  }
}
