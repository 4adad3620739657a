import { describe, expect, it } from "vitest";
import { withoutOpenMarkers } from "./open-markers.js";

describe("withoutOpenMarkers", () => {
  it("hides a bold, strike or code marker that has not closed yet", () => {
    expect(withoutOpenMarkers("Some **bol")).toBe("Some bol");
    expect(withoutOpenMarkers("Some **bold** and `co")).toBe("Some **bold** and co");
    expect(withoutOpenMarkers("old ~~pri")).toBe("old pri");
  });

  it("leaves closed markers, markers inside code spans, earlier paragraphs and open fences alone", () => {
    expect(withoutOpenMarkers("a **b** c")).toBe("a **b** c");
    expect(withoutOpenMarkers("x `a**b` **y")).toBe("x `a**b` y");
    expect(withoutOpenMarkers("first **para\n\nsecond")).toBe("first **para\n\nsecond");
    expect(withoutOpenMarkers("```ts\nconst a = `x**")).toBe("```ts\nconst a = `x**");
  });
});
