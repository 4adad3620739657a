/**
 * The /context panel on a 40-row terminal: it fits the screen with the prompt and status line
 * still visible, the whole map (the window's fill and every category's bar) on the first screen;
 * it pages with PgDn/End/Home, and Esc closes it, leaving one line in the history — with the
 * conversation back above the prompt, which stays at the bottom where it was.
 */
import { afterEach, describe, expect, it } from "vitest";
import { MAP_CATEGORIES, TmuxTui } from "./tmux-tui.js";

let tui: TmuxTui | undefined;
afterEach(() => {
  tui?.stop();
  tui = undefined;
});

describe("picasso TUI /context", { timeout: 120_000 }, () => {
  it("fits a 40-row terminal and pages through the rest", async () => {
    tui = new TmuxTui({
      width: 60,
      height: 40,
      // A reply longer than the screen: the prompt sits on the bottom rows.
      script: [
        "steps:",
        "  - text: |",
        "      Done.",
        "",
        ...Array.from({ length: 60 }, (_, i) => `      - item ${i + 1}`),
      ].join("\n"),
    }).start();
    await tui.send("say done");
    await tui.waitFor("● Done.");
    await tui.waitFor("item 60");
    const statusRow = (rows: string[]) => rows.findLastIndex((r) => /^mock · /.test(r));
    expect(statusRow(tui.visibleRows())).toBeGreaterThanOrEqual(37);
    await tui.send("/context");
    await tui.waitFor("Esc close");
    const rows = await tui.waitUntil(
      () => tui!.visibleRows().some((r) => r.includes("Context window:")),
      "the panel's first line on screen",
    );
    const visible = tui.visibleRows();
    expect(visible.length).toBeLessThanOrEqual(40);
    expect(visible.some((r) => /Context window: \S+ of 200k used \([\d.]+%\), \S+ free/.test(r))).toBe(true);
    const map = visible.join("\n");
    for (const category of MAP_CATEGORIES) expect(map).toMatch(new RegExp(`[▓▒█▚▞▤■▧▣▥▦▨▩◆] ${category}`));
    expect(map).toMatch(/▓ core tools +▓+ +[\d.]+ KB +\S+ +[\d.]+%/);
    expect(map).toMatch(/provider-reported \S+ · estimated \S+ tokens/);
    expect(visible.some((r) => /lines 1–\d+ of \d+/.test(r))).toBe(true);
    expect(visible.filter((r) => r.trim() !== "").at(-1)).toMatch(/mock · /);
    expect(rows).not.toContain("events (newest first)");

    tui.press("End");
    await tui.waitUntil(
      () => tui!.visibleRows().some((r) => r.includes("events (newest first)")),
      "the end of the panel",
    );
    expect(tui.visibleRows().some((r) => r.includes("Context window:"))).toBe(false);
    tui.press("Home");
    await tui.waitUntil(
      () => tui!.visibleRows().some((r) => r.includes("Context window:")),
      "the top of the panel again",
    );

    tui.press("Escape");
    await tui.waitFor(/\/context: \S+ of 200k tokens in use/);
    const after = tui.visibleRows();
    expect(after.some((r) => r.includes("Esc close"))).toBe(false);
    // Not at the top of an emptied screen: at the bottom, under the conversation.
    expect(statusRow(after)).toBeGreaterThanOrEqual(37);
    expect(after.slice(0, statusRow(after)).join("\n")).toContain("item 60");
  });
});
