import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { testJpeg, testPng } from "@picasso/images/test-images";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { READ_WHOLE_FILE_MAX_BYTES, readTool } from "./read.js";
import { createTestContext, type TestContext } from "./test-context.js";

let ctx: TestContext;
beforeEach(() => {
  ctx = createTestContext();
});
afterEach(() => ctx.cleanup());

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join("\n") + "\n";

describe("read", () => {
  it("shows numbered lines and marks the file read", async () => {
    writeFileSync(join(ctx.root, "a.txt"), "alpha\nbeta\n");
    const out = await readTool.run({ path: "a.txt" }, ctx);
    expect(out.isError).toBeUndefined();
    expect(out.content).toBe("     1\talpha\n     2\tbeta");
    expect(ctx.files.wasRead(join(ctx.root, "a.txt"))).toBe(true);
    expect(out.display).toEqual({ kind: "text", text: "Read a.txt (lines 1-2 of 2)" });
  });

  it("reads a range with offset and limit and says how to read on", async () => {
    writeFileSync(join(ctx.root, "r.txt"), lines(50));
    const out = await readTool.run({ path: "r.txt", offset: 10, limit: 3 }, ctx);
    expect(out.content).toContain("    10\tline 10\n    11\tline 11\n    12\tline 12");
    expect(out.content).not.toContain("line 13");
    expect(out.content).toContain("Showing lines 10-12 of 50. Read on with offset=13.");
  });

  it("stops at the default limit of 2000 lines", async () => {
    writeFileSync(join(ctx.root, "long.txt"), lines(2500));
    const out = await readTool.run({ path: "long.txt" }, ctx);
    expect(out.content).toContain("  2000\tline 2000");
    expect(out.content).not.toContain("line 2001\n");
    expect(out.content).toContain("offset=2001");
  });

  it("reports an offset past the end as an error", async () => {
    writeFileSync(join(ctx.root, "s.txt"), lines(3));
    const out = await readTool.run({ path: "s.txt", offset: 10 }, ctx);
    expect(out.isError).toBe(true);
    expect(out.content).toContain("past the end");
    expect(out.content).toContain("3 lines");
  });

  it("cuts very long lines", async () => {
    writeFileSync(join(ctx.root, "wide.txt"), `${"x".repeat(5000)}\nshort\n`);
    const out = await readTool.run({ path: "wide.txt" }, ctx);
    expect(out.content).toContain("[3000 more characters]");
    expect(out.content).toContain("1 long line(s) were cut");
    expect(out.content).toContain("     2\tshort");
  });

  it("detects binary files", async () => {
    writeFileSync(join(ctx.root, "img.bin"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2, 3]));
    const out = await readTool.run({ path: "img.bin" }, ctx);
    expect(out.isError).toBe(true);
    expect(out.content).toContain("binary file");
    expect(out.content).not.toContain("\u0000");
    expect(ctx.files.wasRead(join(ctx.root, "img.bin"))).toBe(false);
  });

  it("reports non-UTF-8 text clearly", async () => {
    writeFileSync(join(ctx.root, "latin1.txt"), Buffer.from("caf\xe9 cr\xe8me br\xfbl\xe9e\n", "latin1"));
    const out = await readTool.run({ path: "latin1.txt" }, ctx);
    expect(out.isError).toBe(true);
    expect(out.content).toContain("not valid UTF-8");
    expect(out.content).toContain("iconv");
  });

  it("handles a huge file by streaming the first window", async () => {
    const line = `${"y".repeat(99)}\n`;
    const count = Math.ceil((READ_WHOLE_FILE_MAX_BYTES + 1024) / line.length);
    writeFileSync(join(ctx.root, "huge.log"), line.repeat(count));
    const out = await readTool.run({ path: "huge.log", limit: 5 }, ctx);
    expect(out.isError).toBeUndefined();
    expect(out.content.split("\n").filter((l) => l.includes("\ty")).length).toBe(5);
    expect(out.content).toContain("The file is large");
    expect(out.content).toContain("offset=6");
    const later = await readTool.run({ path: "huge.log", offset: count, limit: 5 }, ctx);
    expect(later.content).toContain(`${count}\t`);
  });

  it("keeps output under the size cap and says where to continue", async () => {
    writeFileSync(join(ctx.root, "dense.txt"), `${"z".repeat(1500)}\n`.repeat(200));
    const out = await readTool.run({ path: "dense.txt" }, ctx);
    expect(out.content.length).toBeLessThan(110_000);
    expect(out.content).toMatch(/Output stopped at line \d+ to stay under 100 KB; read on with offset=\d+/);
  });

  it("refuses folders with a hint to use search", async () => {
    mkdirSync(join(ctx.root, "src"));
    const out = await readTool.run({ path: "src" }, ctx);
    expect(out.isError).toBe(true);
    expect(out.content).toContain("is a folder");
    expect(out.content).toContain("search");
  });

  it("reports missing files and empty files", async () => {
    const missing = await readTool.run({ path: "nope.txt" }, ctx);
    expect(missing).toMatchObject({ isError: true });
    expect(missing.content).toContain("File not found: nope.txt");
    writeFileSync(join(ctx.root, "empty.txt"), "");
    const empty = await readTool.run({ path: "empty.txt" }, ctx);
    expect(empty.content).toBe("(empty.txt is empty)");
  });

  it("refuses files outside the workspace, including through a symlink", async () => {
    const outside = await readTool.run({ path: "/etc/hostname" }, ctx);
    expect(outside.isError).toBe(true);
    expect(outside.content).toContain("outside the workspace");
    symlinkSync("/etc", join(ctx.root, "etc-link"));
    const viaLink = await readTool.run({ path: "etc-link/hostname" }, ctx);
    expect(viaLink.isError).toBe(true);
    expect(viaLink.content).toContain("outside the workspace");
  });

  it("reads through a symlinked folder and a symlinked file inside the workspace", async () => {
    mkdirSync(join(ctx.root, "real"));
    writeFileSync(join(ctx.root, "real/a.txt"), "alpha\n");
    symlinkSync("real", join(ctx.root, "alias"));
    symlinkSync("real/a.txt", join(ctx.root, "a-link.txt"));
    for (const path of ["alias/a.txt", "a-link.txt"]) {
      const out = await readTool.run({ path }, ctx);
      expect(out.isError).toBeUndefined();
      expect(out.content).toBe("     1\talpha");
    }
  });

  it("does not crash on odd input", async () => {
    for (const input of [
      {},
      { path: 7 },
      { path: "a", offset: "x" },
      { path: "a", offset: 0 },
      { path: "a", limit: -1 },
    ]) {
      const out = await readTool.run(input as Record<string, unknown>, ctx);
      expect(out.isError).toBe(true);
      expect(out.content).toMatch(/Invalid input for read/);
    }
    const nullInput = await readTool.run(null as unknown as Record<string, unknown>, ctx);
    expect(nullInput.isError).toBe(true);
  });
});

describe("read on an image", () => {
  it("returns a PNG as an image block after one describing line", async () => {
    const png = testPng(40, 30);
    writeFileSync(join(ctx.root, "shot.png"), png);
    const out = await readTool.run({ path: "shot.png" }, ctx);
    expect(out.isError).toBeUndefined();
    expect(out.content).toBe(`Image shot.png (image/png, 40×30, ${png.length} B); the image follows.`);
    expect(out.images).toHaveLength(1);
    expect(out.images?.[0]).toMatchObject({ type: "image", mediaType: "image/png", bytes: png.length });
    expect(Buffer.from(out.images?.[0]?.data ?? "", "base64").equals(png)).toBe(true);
    expect(ctx.files.wasRead(join(ctx.root, "shot.png"))).toBe(true);
  });

  it("downscales a large JPEG, and knows an image without an image name by its bytes", async () => {
    writeFileSync(join(ctx.root, "photo"), testJpeg(2000, 500));
    const out = await readTool.run({ path: "photo" }, ctx);
    expect(out.content).toContain("image/jpeg, 1568×392");
    expect(out.content).toContain("downscaled from 2000×500");
    expect(out.images?.[0]?.mediaType).toBe("image/jpeg");
  });

  it("says in one line when a .png file is not an image, and refuses one outside the workspace", async () => {
    writeFileSync(join(ctx.root, "fake.png"), "not an image at all");
    const fake = await readTool.run({ path: "fake.png" }, ctx);
    expect(fake.isError).toBe(true);
    expect(fake.content).toBe(
      "fake.png cannot be shown as an image: it is not a PNG, JPEG, GIF or WebP image.",
    );
    expect(fake.images).toBeUndefined();
    const outside = await readTool.run({ path: "/etc/outside.png" }, ctx);
    expect(outside.isError).toBe(true);
    expect(outside.content).toContain("outside the workspace");
  });
});
