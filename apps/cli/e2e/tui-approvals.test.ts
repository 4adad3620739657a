/**
 * Approvals end to end: an edit allowed once changes the file; an edit denied with a note leaves
 * it alone and the tool line says denied; in plan mode (Shift+Tab) the edit is refused.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TmuxTui } from "./tmux-tui.js";

const EDIT_SCRIPT = [
  "steps:",
  "  - tool_calls:",
  "      - { name: read, input: { path: notes.txt } }",
  "  - tool_calls:",
  "      - { name: edit, input: { path: notes.txt, old_string: 'draft', new_string: 'final' } }",
  '  - text: "All done."',
].join("\n");

let tui: TmuxTui | undefined;
afterEach(() => {
  tui?.stop();
  tui = undefined;
});

function notes(t: TmuxTui): string {
  return readFileSync(join(t.workspace, "notes.txt"), "utf8");
}

describe("picasso TUI approvals", { timeout: 120_000 }, () => {
  it("approves an edit once and shows its diff", async () => {
    tui = new TmuxTui({ script: EDIT_SCRIPT, files: { "notes.txt": "status: draft\n" } }).start();
    await tui.send("update the notes");
    const dialog = await tui.waitFor("Allow edit?");
    expect(dialog).toContain("- draft");
    expect(dialog).toContain("+ final");
    expect(dialog).toContain("1. Allow once");
    tui.press("1");
    const done = await tui.waitFor("All done.");
    expect(done).toMatch(/✓ edit notes\.txt · \d+/);
    expect(done).toContain("+status: final");
    // The dialog lived in the live area: once answered it is gone, no remnants in the scrollback.
    expect(done).not.toContain("Allow edit?");
    expect(done).not.toContain("awaiting approval");
    expect(notes(tui)).toBe("status: final\n");
  });

  it("denies an edit with a note", async () => {
    tui = new TmuxTui({ script: EDIT_SCRIPT, files: { "notes.txt": "status: draft\n" } }).start();
    await tui.send("update the notes");
    await tui.waitFor("Allow edit?");
    tui.press("3");
    await tui.waitFor("Note to the model");
    tui.type("keep it a draft");
    await tui.waitFor("› keep it a draft");
    tui.press("Enter");
    const done = await tui.waitFor("All done.");
    expect(done).toContain("⊘ edit notes.txt denied");
    expect(notes(tui)).toBe("status: draft\n");
  });

  it("refuses the edit after Shift+Tab switches to plan mode", async () => {
    tui = new TmuxTui({ script: EDIT_SCRIPT, files: { "notes.txt": "status: draft\n" } }).start();
    await tui.waitFor("│ default │");
    tui.press("BTab");
    await tui.waitFor("│ plan │");
    await tui.send("update the notes");
    const done = await tui.waitFor("All done.");
    expect(done).toContain("⊘ edit notes.txt denied");
    expect(done).toContain("plan mode is on");
    expect(done).not.toContain("Allow edit?");
    expect(notes(tui)).toBe("status: draft\n");
  });
});
