/**
 * A member's descriptor as reviewed text: `what` (one line: what it does) and `when` (one line:
 * when to reach for it rather than its siblings), and the one rule both the model's proposal
 * (descriptor-reply.ts, strict) and a committed file (descriptor-overlay.ts, untrusted input)
 * are held to: a non-empty single line of at most `DESCRIPTOR_MAX_CHARS` characters (code points),
 * with no control characters.
 */

export const DESCRIPTOR_MAX_CHARS = 160;

export interface MemberDescriptor {
  what: string;
  when: string;
}

export const DESCRIPTOR_FIELDS = ["what", "when"] as const;

/** What is wrong with a descriptor line, or undefined when it is one clean line within the limit. */
export function descriptorLineProblem(value: unknown): string | undefined {
  if (typeof value !== "string") return `is ${value === null ? "null" : typeof value}, not text`;
  if (value.trim() === "") return "is empty";
  if (/[\r\n\u2028\u2029]/.test(value)) return "spans more than one line";
  if (/[\u0000-\u001f\u007f-\u009f]/.test(value)) return "holds a control character";
  const length = Array.from(value.trim()).length;
  if (length > DESCRIPTOR_MAX_CHARS) return `is ${length} characters (at most ${DESCRIPTOR_MAX_CHARS})`;
  return undefined;
}
