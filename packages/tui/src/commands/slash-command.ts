/**
 * The shape of a slash command and what a command may do to the running TUI (`CommandContext`,
 * implemented by the session controller). Most commands are the session's operations
 * (operation-command.ts); a few belong to the TUI itself (`/help`, `/goal`, `/clear`, `/exit`).
 */

import type { ContextView } from "@picasso/engine/context";
import type { ExtensionOperation, OperationResult, TimelineChart, TurnToolLimit } from "@picasso/protocol";
import type { NewItem } from "../transcript/transcript.js";

export interface PickerOption {
  label: string;
  value: string;
}

export interface CommandContext {
  print(item: NewItem): void;
  /** Run one of the session's operations (prompts sent meanwhile wait for it). */
  runOperation(operation: ExtensionOperation, args: string): Promise<OperationResult>;
  /** Run a slash command as if typed (a picked choice runs its operation again). */
  runCommand(name: string, args: string): Promise<void>;
  pick(title: string, options: PickerOption[], onPick: (value: string) => void): void;
  /** Open the /context panel (it pages through the view and is closed by the user). */
  showContext(view: ContextView): void;
  /** Open the /context timeline bars (scrolled and closed by the user). */
  showTimeline(chart: TimelineChart): void;
  newSession(): Promise<void>;
  /** Send `prompt` as the user's turn (a custom command), the turn limited by `limit`. */
  sendPrompt(prompt: string, limit?: TurnToolLimit): void;
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
