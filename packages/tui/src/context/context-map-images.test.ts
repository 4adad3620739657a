import { describe, expect, it } from "vitest";
import { contextViewFixture } from "../test-support/context-view-fixture.js";
import { contextMapText } from "./context-map-lines.js";

describe("the context map's images row", () => {
  it("names how many images the history holds, with their bytes and tokens", () => {
    const view = contextViewFixture();
    const rows = view.rows.map((row) =>
      row.category === "images" ? { ...row, bytes: 30_000, tokens: 1600, share: 0.2 } : row,
    );
    const text = contextMapText({ ...view, rows, imageCount: 2 }, 80);
    expect(text).toMatch(/▣ images \(2\) +▣+ +29\.3 KB +1\.6k +20\.0%/);
  });

  it("is an empty row without images", () => {
    expect(contextMapText(contextViewFixture(), 80)).toMatch(/▣ images +— +— +—/);
  });
});
