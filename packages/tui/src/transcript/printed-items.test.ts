import { describe, expect, it } from "vitest";
import { appendItems, newestExpandable, printedItems } from "./printed-items.js";
import type { TranscriptItem } from "./transcript.js";

const long = Array.from({ length: 10 }, (_, i) => `line ${i}`).join("\n");

function turn(id: number): TranscriptItem[] {
  return [
    { id, kind: "user", text: `prompt ${id}` },
    {
      id: id + 1,
      kind: "tool",
      toolUseId: `t${id}`,
      lane: "main",
      name: "read",
      input: { path: `f${id}` },
      status: "ok",
      content: `${long}\noutput of ${id}`,
    },
    { id: id + 2, kind: "assistant", lane: "main", text: `reply ${id}` },
    { id: id + 3, kind: "notice", tone: "info", text: `notice ${id}` },
  ];
}

describe("appendItems", () => {
  it("keeps the newest items whole and slims those further back, keeping ids, kinds and prompts", () => {
    let printed = printedItems([]);
    for (let t = 0; t < 100; t++) printed = appendItems(printed, turn(t * 4), 20);
    expect(printed.items).toHaveLength(400);
    expect(printed.items.map((i) => i.id)).toEqual(Array.from({ length: 400 }, (_, i) => i));
    expect(printed.items.slice(-20)).toEqual(Array.from({ length: 5 }, (_, t) => turn(380 + t * 4)).flat());
    const old = printed.items.slice(0, 380);
    expect(old.filter((i) => i.kind === "user").map((i) => i.text)).toEqual(
      Array.from({ length: 95 }, (_, t) => `prompt ${t * 4}`),
    );
    for (const item of old) {
      if (item.kind === "tool") {
        expect(item.content).toBeUndefined();
        expect(item.input).toEqual({});
      } else if (item.kind !== "user") expect(item.text).toBe("");
    }
    expect(printed.slimmed).toBe(380);
  });

  it("slims a session's opening items too once items are appended after them", () => {
    const opening = Array.from({ length: 30 }, (_, t) => turn(t * 4)).flat();
    const printed = appendItems(printedItems(opening), turn(120), 10);
    expect(printed.items).toHaveLength(124);
    expect(printed.items[0]).toEqual({ id: 0, kind: "user", text: "prompt 0" });
    expect(printed.items[2]).toEqual({ id: 2, kind: "assistant", lane: "main", text: "" });
    expect(printed.items.slice(-10)).toEqual([...opening.slice(-6), ...turn(120)]);
  });

  it("keeps the newest collapsed output aside for Ctrl+O once its item is slimmed", () => {
    let printed = appendItems(printedItems([]), turn(0), 3);
    expect(newestExpandable(printed)).toEqual({ title: "read — full output", text: `${long}\noutput of 0` });
    for (let id = 4; id < 40; id++)
      printed = appendItems(printed, [{ id, kind: "assistant", lane: "main", text: "short" }], 3);
    expect(printed.items[1]).toMatchObject({ kind: "tool", input: {} });
    expect(newestExpandable(printed)).toEqual({ title: "read — full output", text: `${long}\noutput of 0` });
    printed = appendItems(printed, turn(40), 3);
    expect(newestExpandable(printed)).toEqual({ title: "read — full output", text: `${long}\noutput of 40` });
  });
});
