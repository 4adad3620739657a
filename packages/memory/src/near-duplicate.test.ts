import { describe, expect, it } from "vitest";
import { compareStatements, contentWords, jaccard, normaliseText } from "./near-duplicate.js";

const said = (body: string, title = body) => ({ title, body });

describe("near duplicates", () => {
  it("normalises case, whitespace and punctuation for exact duplicates", () => {
    expect(normaliseText("  Use PNPM,\tnot   npm!! ")).toBe("use pnpm not npm");
    expect(compareStatements(said("use PNPM not NPM."), said("Use pnpm, not npm"))).toEqual({
      kind: "exact",
    });
  });

  it("reads filler words away and contrasts as 'not', keeping the order", () => {
    expect(contentWords("We use pnpm rather than npm")).toEqual(["use", "pnpm", "not", "npm"]);
    expect(contentWords("Use pnpm instead of npm")).toEqual(["use", "pnpm", "not", "npm"]);
    expect(compareStatements(said("We use pnpm rather than npm"), said("Use pnpm, not npm"))).toEqual({
      kind: "restated",
    });
  });

  it("keeps negations: 'don't use X' is not 'use X'", () => {
    expect(contentWords("Don't use pnpm")).toEqual(["not", "use", "pnpm"]);
    expect(compareStatements(said("Don't use pnpm"), said("Use pnpm")).kind).not.toBe("restated");
  });

  it("the same words in another order are a near duplicate (an update), not a restatement", () => {
    const likeness = compareStatements(said("Use npm, not pnpm"), said("Use pnpm, not npm"));
    expect(likeness).toEqual({ kind: "near", by: "words", similarity: 1 });
  });

  it("two facts that share most words of a short statement stay different (threshold 0.75)", () => {
    const a = said("Tests run with vitest in packages/memory");
    const b = said("Tests run with vitest in packages/engine");
    expect(jaccard(contentWords(a.body), contentWords(b.body))).toBeCloseTo(4 / 6);
    expect(compareStatements(a, b)).toEqual({ kind: "different" });
  });

  it("vectors make a near duplicate at cosine ≥ 0.95, and only then", () => {
    const v = (...x: number[]) => new Float32Array(x);
    const a = { ...said("Deploys go out on Tuesdays"), vector: v(1, 0, 0.1) };
    const close = { ...said("Releases ship every Tuesday"), vector: v(1, 0, 0.12) };
    const far = { ...said("Releases ship every Tuesday"), vector: v(0.6, 0.8, 0) };
    expect(compareStatements(close, a)).toMatchObject({ kind: "near", by: "vector" });
    expect(compareStatements(far, a)).toEqual({ kind: "different" });
  });
});
