import { describe, expect, it } from "vitest";
import { byteLength, canonicalJson, sha256 } from "./canonical.js";

describe("canonicalJson", () => {
  it("serialises equal values to the same bytes whatever the key order", () => {
    const a = {
      type: "object",
      properties: { b: { type: "string" }, a: { type: "number" } },
      required: ["b"],
    };
    const b = {
      required: ["b"],
      properties: { a: { type: "number" }, b: { type: "string" } },
      type: "object",
    };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe(
      '{"properties":{"a":{"type":"number"},"b":{"type":"string"}},"required":["b"],"type":"object"}',
    );
  });

  it("keeps array order and drops undefined fields", () => {
    expect(canonicalJson({ x: [3, 1, 2], y: undefined })).toBe('{"x":[3,1,2]}');
  });

  it("hashes and measures UTF-8 bytes", () => {
    expect(sha256("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(byteLength("é")).toBe(2);
  });
});
