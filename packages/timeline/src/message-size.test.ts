import { byteLength } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { readMessageLine } from "./message-size.js";

const envelope = { v: 2, seq: 7, ts: "2026-01-01T00:00:00.000Z", session: "s", lane: "main", turn: 1 };
const message = {
  role: "user",
  content: [{ type: "text", text: 'quotes " and ]} and ✓ inside' }],
};

function line(fields: Record<string, unknown>) {
  const text = JSON.stringify({ ...envelope, type: "message", index: 3, source: "user", ...fields });
  return { text, bytes: byteLength(text) };
}

describe("readMessageLine", () => {
  it("reads a message line without its message, with the message's canonical size", () => {
    for (const tail of [
      {},
      { factsBytes: 12 },
      { reminder: "todos" },
      { factsBytes: 5, reminder: "todos" },
      { images: { count: 2, bytes: 4096 } },
      { factsBytes: 5, images: { count: 1, bytes: 10 } },
    ]) {
      const read = readMessageLine(line({ message, ...tail }));
      expect(read, JSON.stringify(tail)).toEqual({
        event: { ...envelope, type: "message", index: 3, source: "user", ...tail },
        messageBytes: byteLength(JSON.stringify(message)),
      });
    }
  });

  it("leaves any other shape to a full parse", () => {
    const written = line({ message }).text;
    const cases = [
      written.replace('"message":{', '"message": {'), // a space: not the writer's
      line({ message, extra: 1 }).text, // an unknown tail
      written.slice(0, -10), // torn
      line({ reminder: "r", message }).text, // the reminder before the message
      line({ message, reminder: "x]}" }).text, // where the message ends is not certain
      JSON.stringify({ ...envelope, type: "pre_step", message: { role: "user", content: [] } }),
    ];
    for (const text of cases)
      expect(readMessageLine({ text, bytes: byteLength(text) }), text).toBeUndefined();
  });
});
