/**
 * The one line a surface shows for a hook run the user should see (a warning, a block, a stop):
 * its event, the file it comes from, the outcome with its message, and the command — several hooks
 * of one event and file are told apart by it (shortened past 60 characters). The TUI shows it as a
 * notice; headless writes it to stderr after `picasso: `.
 */
import type { SessionEventOf } from "@picasso/protocol";

const COMMAND_CHARS = 60;

/** True for the outcomes a user is told about (ok and allowed runs stay in the log only). */
export function hookRunShown(event: SessionEventOf<"hook_run">): boolean {
  return event.outcome !== "ok" && event.outcome !== "allowed";
}

export function hookRunLine(event: SessionEventOf<"hook_run">): string {
  const command =
    event.command.length > COMMAND_CHARS ? `${event.command.slice(0, COMMAND_CHARS - 1)}…` : event.command;
  return `hook ${event.event} (${event.source}) ${event.outcome}${event.message ? `: ${event.message}` : ""} — \`${command}\``;
}
