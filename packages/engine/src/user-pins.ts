/**
 * The user's pins: decisions the user marked to survive every compaction (`/pin <text>`,
 * `picasso context pin`). Each pin is one line of text; the protected block lists them in pinning
 * order under source `user`. Rules, checked before anything is logged (a mistake is a `UserError`):
 * - a pin is its text with whitespace runs made one space, 1 to `MAX_PIN_CHARS` characters;
 * - the same text is pinned once; at most `MAX_PINS` pins;
 * - `/unpin <n>` takes off the n-th pin (1-based, as `/pin` lists them).
 * The change is a `context_pin` event (the caller records it); `applyPin` is the one fold of it,
 * used by the live session, the log fold and offline pinning alike.
 */
import { type SessionEventBodyOf, UserError } from "@picasso/protocol";

export const MAX_PINS = 20;
export const MAX_PIN_CHARS = 400;

export type PinChange = SessionEventBodyOf<"context_pin">;

/** The `context_pin` event that pins `text` onto `pins`, or a UserError saying why not. */
export function pinChange(pins: readonly string[], text: string): PinChange {
  const pin = text.replace(/\s+/g, " ").trim();
  if (pin === "") throw new UserError("pin: give the text to pin, e.g. /pin Use tabs, never spaces");
  if (pin.length > MAX_PIN_CHARS)
    throw new UserError(`pin: at most ${MAX_PIN_CHARS} characters (this one has ${pin.length})`);
  if (pins.includes(pin)) throw new UserError(`pin: already pinned as #${pins.indexOf(pin) + 1}`);
  if (pins.length >= MAX_PINS)
    throw new UserError(`pin: at most ${MAX_PINS} pins; take one off with unpin <n> first`);
  return { type: "context_pin", action: "pin", text: pin };
}

/** The `context_pin` event that takes off pin `n` (1-based, as written), or a UserError. */
export function unpinChange(pins: readonly string[], n: string): PinChange {
  const index = Number(n.trim());
  if (!Number.isInteger(index) || index < 1 || index > pins.length)
    throw new UserError(
      pins.length === 0
        ? "unpin: nothing is pinned"
        : `unpin: give a pin's number from 1 to ${pins.length} (as pin lists them), got "${n.trim()}"`,
    );
  return { type: "context_pin", action: "unpin", text: pins[index - 1]! };
}

/** The pins after `change`. */
export function applyPin(pins: readonly string[], change: Pick<PinChange, "action" | "text">): string[] {
  if (change.action === "pin") return pins.includes(change.text) ? [...pins] : [...pins, change.text];
  const at = pins.indexOf(change.text);
  return at < 0 ? [...pins] : [...pins.slice(0, at), ...pins.slice(at + 1)];
}

/** The pins as `/pin` lists them: `1. text`, one a line. */
export function pinList(pins: readonly string[]): string {
  return pins.length === 0 ? "nothing is pinned" : pins.map((pin, i) => `${i + 1}. ${pin}`).join("\n");
}
