/**
 * The shape of a slash command — one small object per file — and what a command may do to the
 * running TUI (`CommandContext`, implemented by the session controller).
 */

import type { ContextView } from "@picasso/engine/context";
import type { PermissionMode, TimelineChart } from "@picasso/protocol";
import type { NewItem } from "../transcript/transcript.js";

export interface PickerOption {
  label: string;
  value: string;
}

export interface CommandContext {
  print(item: NewItem): void;
  mode(): PermissionMode;
  setMode(mode: PermissionMode): void;
  compact(): Promise<void>;
  newSession(): Promise<void>;
  resume(id: string): Promise<void>;
  sessions(): { id: string; mtimeMs: number; path?: string }[];
  currentSessionId(): string;
  pick(title: string, options: PickerOption[], onPick: (value: string) => void): void;
  model(): { provider: string; model: string; window: number; mockFallback: boolean };
  switchModel(model: string): Promise<void>;
  contextView(): Promise<ContextView>;
  /** Open the /context panel (it pages through the view and is closed by the user). */
  showContext(view: ContextView): void;
  /** The timeline of the live session as bars, or undefined when the fold is not available. */
  timeline(): Promise<TimelineChart | undefined>;
  /** Open the /context timeline bars (scrolled and closed by the user). */
  showTimeline(chart: TimelineChart): void;
  /** `/sandbox`'s report, or undefined when the surface cannot check the sandbox. */
  sandboxReport(): Promise<string | undefined>;
  /** `/memory …` answered by the surface, or undefined when it has no memory. */
  memory(args: string): Promise<string | undefined>;
  /** Run goal rounds on `objective` until done, blocked, stopped or `maxRounds` (false: the surface has none). */
  runGoal(objective: string, maxRounds: number): Promise<boolean>;
  /** The session's goal as text, or undefined when the surface has no goals. */
  goalStatus(): string | undefined;
  exit(): void;
  commands(): readonly SlashCommand[];
}

export interface SlashCommand {
  name: string;
  /** Argument hint shown in the list, e.g. `[default|plan|auto]`. */
  args?: string;
  description: string;
  /** Completions for the argument (e.g. the mode names). */
  argChoices?: readonly string[];
  run(args: string, ctx: CommandContext): void | Promise<void>;
}
