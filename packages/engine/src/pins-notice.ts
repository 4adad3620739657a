/**
 * The pins notice: when the user pins a decision (`/pin`) or takes one off, the model learns it at
 * its next step — a `<system-reminder source="pins">` appended to the main lane's history (never
 * Tier 1), listing every pin as it stands. What the model was last told is read back from history
 * alone: the newest `pins` reminder, or the pins section of the newest compaction's protected
 * block (a block without that section: nothing pinned), else nothing. A notice is appended only
 * when the pins differ from that, so a resumed session or a repeated step adds nothing, and
 * identical pins give identical bytes.
 */
import {
  formatReminder,
  type Message,
  parseReminder,
  protectedContextIn,
  text,
  userMessage,
} from "@picasso/protocol";
import { PINS_LABEL } from "./protected-context.js";

export const PINS_REMINDER = "pins";
const HEADER =
  "The user pinned these decisions: they hold for the rest of the session and every compaction keeps them.";
const NONE = "The user took off every pinned decision.";

const pinLines = (lines: readonly string[]) =>
  lines.filter((line) => line.startsWith("- ")).map((line) => line.slice(2));

/** What one message tells of the pins: a list, or undefined when it says nothing of them. */
function pinsTold(message: Message): string[] | undefined {
  if (message.role !== "user") return undefined;
  for (const block of message.content) {
    if (block.type !== "text") continue;
    const reminder = parseReminder(block.text);
    if (reminder?.source === PINS_REMINDER) return pinLines(reminder.body.split("\n"));
  }
  const sections = protectedContextIn(message);
  return sections ? pinLines(sections.find((s) => s.label === PINS_LABEL)?.lines ?? []) : undefined;
}

// Per history array (a lane appends to its array and replaces it on compaction or repair): where
// the last read stopped, so a step reads only the messages added since.
const reads = new WeakMap<
  readonly Message[],
  { scanned: number; last: Message | undefined; told: string[] }
>();

/** The pins the lane's history last told the model of ([] when it never was). */
export function announcedPins(messages: readonly Message[]): string[] {
  let read = reads.get(messages);
  if (
    !read ||
    read.scanned > messages.length ||
    (read.scanned > 0 && messages[read.scanned - 1] !== read.last)
  )
    read = { scanned: 0, last: undefined, told: [] };
  for (let i = read.scanned; i < messages.length; i++) read.told = pinsTold(messages[i]!) ?? read.told;
  read.scanned = messages.length;
  read.last = messages.at(-1);
  reads.set(messages, read);
  return [...read.told];
}

/** The notice to append before the next step, or undefined when the model knows the pins. */
export function pinsNotice(messages: readonly Message[], pins: readonly string[]): Message | undefined {
  const known = announcedPins(messages);
  if (known.length === pins.length && known.every((pin, i) => pin === pins[i])) return undefined;
  const body = pins.length > 0 ? [HEADER, ...pins.map((pin) => `- ${pin}`)].join("\n") : NONE;
  return userMessage(text(formatReminder(PINS_REMINDER, body)));
}
