import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testPng } from "@picasso/images/test-images";
import { describe, expect, it } from "vitest";
import { promptImageResolver } from "./prompt-images.js";

function place() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "picasso-img-")));
  const workspace = join(root, "ws");
  const outside = join(root, "outside");
  mkdirSync(join(workspace, "sub"), { recursive: true });
  mkdirSync(outside);
  const png = testPng(8, 4);
  writeFileSync(join(workspace, "shot.png"), png);
  writeFileSync(join(workspace, "sub", "deep.png"), png);
  writeFileSync(join(outside, "far.png"), png);
  writeFileSync(join(workspace, "notes.png"), "text, not an image");
  return { workspace, outside, png };
}

describe("promptImageResolver", () => {
  it("attaches @mentions and pasted paths once each, relative to the cwd, with a note each", async () => {
    const { workspace, png } = place();
    const resolve = promptImageResolver({ workspaceRoot: workspace, cwd: join(workspace, "sub") });
    const out = await resolve(`compare @deep.png with ${workspace}/shot.png and @deep.png again`, []);
    expect(out.images.map((i) => [i.name, i.bytes])).toEqual([
      ["deep.png", png.length],
      [`${workspace}/shot.png`, png.length],
    ]);
    expect(out.notes).toEqual([
      { tone: "info", message: `attached deep.png (image/png, 8×4, ${png.length} B)` },
      { tone: "info", message: `attached ${workspace}/shot.png (image/png, 8×4, ${png.length} B)` },
    ]);
  });

  it("says why a named image is left out; a pasted path naming nothing is just text", async () => {
    const { workspace, outside } = place();
    const resolve = promptImageResolver({ workspaceRoot: workspace });
    const out = await resolve(`@gone.png @notes.png ./also-gone.png ${outside}/far.png`, [{ path: "sub" }]);
    expect(out.images).toEqual([]);
    expect(out.notes.map((n) => n.message)).toEqual([
      "@gone.png: not attached: no such file",
      "@notes.png: not attached: not a PNG, JPEG, GIF or WebP image",
      `${outside}/far.png: not attached: it is outside the workspace (copy it in, or allow its folder: allowedOutsidePaths)`,
      "sub: not attached: not a regular file",
    ]);
    expect(out.notes.every((n) => n.tone === "warn")).toBe(true);
  });

  it("takes a folder the user allowed outside the workspace, and base64 images a client sent", async () => {
    const { workspace, outside, png } = place();
    const resolve = promptImageResolver({ workspaceRoot: workspace, allowedOutsidePaths: [outside] });
    const out = await resolve(`${outside}/far.png`, [
      { data: png.toString("base64"), mediaType: "image/png" },
    ]);
    expect(out.images.map((i) => i.name)).toEqual([`${outside}/far.png`, "attached image 1"]);
  });
});
