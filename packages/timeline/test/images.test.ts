import { describe, expect, it } from "vitest";
import { foldTimelineEvents, renderTimeline } from "../src/index.js";
import { ev } from "./log-event.js";

const image = {
  type: "image" as const,
  mediaType: "image/png" as const,
  sha256: "0".repeat(64),
  bytes: 2048,
};

describe("images in the timeline", () => {
  it("counts the images that entered each lane's history in a turn, with their bytes, and shows them", () => {
    const t = foldTimelineEvents([
      ev(1, { type: "turn_start", input: "look" }),
      ev(1, {
        type: "message",
        index: 0,
        source: "user",
        message: { role: "user", content: [{ type: "text", text: "look" }, image, image] },
        images: { count: 2, bytes: 4096 },
      }),
      ev(1, { type: "image_note", tone: "info", message: "attached a.png" }),
      ev(2, { type: "turn_start", input: "text only" }),
      ev(2, {
        type: "message",
        index: 1,
        source: "user",
        message: { role: "user", content: [{ type: "text", text: "text only" }] },
      }),
    ]);
    expect(t.turns[0]?.lanes[0]?.images).toEqual({ count: 2, bytes: 4096 });
    expect(t.turns[1]?.lanes[0]?.images).toBeUndefined();
    expect(renderTimeline(t)).toContain(
      "    images: 2 (4.0 KB, sent as base64, kept in the session's images folder)",
    );
  });
});
