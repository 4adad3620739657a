/**
 * A resumed session's replay as screen items, from the conversation the engine reads out of it
 * for the surfaces (`shownReplay`, `@picasso/engine/replay`): the user's prompts as they typed
 * them (reminders left out; a goal's first round as `/goal <objective>`, a later round as the
 * notice the live screen showed), assistant text, one tool line per tool use with its status (ok,
 * failed, or interrupted), and each compaction as one notice. No timings — the log has them, the
 * messages do not.
 */

import { type ReplayEntry, shownReplay } from "@picasso/engine/replay";
import { shownTurnInput } from "@picasso/protocol/basics";
import type { NewItem } from "./transcript.js";

export function historyItems(replay: readonly ReplayEntry[]): NewItem[] {
  const items: NewItem[] = [];
  for (const item of shownReplay(replay)) {
    switch (item.kind) {
      case "compaction":
        items.push({ kind: "notice", tone: "info", text: item.line });
        break;
      case "user": {
        const shown = userItem(item.texts.join("\n"));
        if (shown) items.push(shown);
        break;
      }
      case "text":
        if (item.text.trim()) items.push({ kind: "assistant", text: item.text.trim(), lane: "main" });
        break;
      case "thinking":
        break;
      case "tool":
        items.push({
          kind: "tool",
          toolUseId: item.id,
          lane: "main",
          name: item.name,
          input: item.input,
          status: item.outcome,
          content: item.output,
        });
        break;
    }
  }
  return items;
}

/** A user message as the user typed it; undefined for one that holds only Picasso's words. */
function userItem(typed: string): NewItem | undefined {
  const shown = shownTurnInput(typed);
  switch (shown.kind) {
    case "prompt":
      return shown.text ? { kind: "user", text: shown.text } : undefined;
    case "goal":
      return { kind: "user", text: `/goal ${shown.objective}` };
    case "goal_round":
      return {
        kind: "notice",
        tone: "info",
        text: `goal round ${shown.round} of ${shown.maxRounds}: ${shown.objective}`,
      };
  }
}
