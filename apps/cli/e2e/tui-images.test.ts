/**
 * Images in the TUI (docs/images.md): `@shot.png` in the prompt and a dropped (quoted, absolute)
 * path reach the mock as image blocks — it answers only when it sees one of that type and size —
 * a missing image is one line and the turn goes on, and `/context` counts the images.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { testJpeg, testPng } from "@picasso/images/test-images";
import { afterEach, describe, expect, it } from "vitest";
import { TmuxTui } from "./tmux-tui.js";

let tui: TmuxTui | undefined;
afterEach(() => {
  tui?.stop();
  tui = undefined;
});

describe("picasso TUI images", { timeout: 120_000 }, () => {
  it("sends @path and dropped images to the model, says when one is missing, and /context counts them", async () => {
    const png = testPng(40, 30);
    const jpg = testJpeg(32, 16);
    tui = new TmuxTui({
      width: 100,
      height: 45,
      script: [
        "steps:",
        `  - match: "[image image/png ${png.length} bytes]"`,
        "    text: I see the PNG.",
        `  - match: "[image image/jpeg ${jpg.length} bytes]"`,
        "    text: I see the JPEG.",
        "  - text: Went on without it.",
      ].join("\n"),
    });
    writeFileSync(join(tui.workspace, "shot.png"), png);
    writeFileSync(join(tui.workspace, "my photo.jpg"), jpg);
    tui.start();

    await tui.send("what is in @shot.png?");
    await tui.waitFor(`attached shot.png (image/png, 40×30, ${png.length} B)`);
    await tui.waitFor("● I see the PNG.");

    await tui.send(`'${join(tui.workspace, "my photo.jpg")}' and this?`);
    await tui.waitFor("attached my photo.jpg (image/jpeg, 32×16");
    await tui.waitFor("● I see the JPEG.");

    await tui.send("and @missing.png?");
    await tui.waitFor("@missing.png: not attached: no such file");
    await tui.waitFor("● Went on without it.");

    await tui.send("/context");
    const screen = await tui.waitFor(/▣ images \(2\)/);
    expect(screen).toMatch(/▣ images \(2\) +▣+ +[\d.]+ (B|KB) +\S+ +[\d.]+%/);
    tui.press("Escape");
  });
});
