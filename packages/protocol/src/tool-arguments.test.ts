import { describe, expect, it } from "vitest";
import { argumentProblems } from "./tool-arguments.js";

const schema = {
  type: "object",
  properties: {
    url: { type: "string" },
    limit: { type: "integer" },
    mode: { enum: ["a", "b"] },
    nested: { type: "object", properties: { depth: { type: "number" } } },
  },
  required: ["url"],
  additionalProperties: false,
};

describe("argumentProblems (a tool call's arguments under its input schema)", () => {
  it("names each field that is wrong, once, for a Picasso tool and a server's alike", () => {
    for (const owner of ["picasso", "server"] as const) {
      expect(argumentProblems(schema, { url: "x", limit: 3, mode: "a" }, owner)).toEqual([]);
      expect(
        argumentProblems(schema, { lmit: 3, limit: "3", mode: "c", nested: { depth: "deep" } }, owner),
      ).toEqual([
        'missing required field "url"',
        'unknown field "lmit"',
        'field "limit" must be integer, got string',
        'field "mode" must be one of ["a","b"]',
        'field "nested.depth" must be number, got string',
      ]);
      expect(argumentProblems(schema, [1], owner)).toEqual(["arguments must be an object, got array"]);
      expect(argumentProblems(schema, null, owner)).toEqual(["arguments must be an object, got null"]);
    }
  });

  it("refuses a call under a Picasso tool's schema ajv cannot compile, and lets a server's through", () => {
    const broken = { type: "object", properties: { a: { type: "no-such-type" } } };
    expect(argumentProblems(broken, { a: 1 }, "picasso")).toEqual([
      expect.stringMatching(/^the tool's input schema could not be compiled \(/),
    ]);
    expect(argumentProblems(broken, { a: 1 }, "server")).toEqual([]);
  });

  it("checks a Picasso tool's schema against its meta-schema, and takes a server's as it is", () => {
    const draft2020 = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { a: { type: "string" } },
    };
    expect(argumentProblems(draft2020, { a: 1 }, "picasso")).toEqual([
      expect.stringMatching(/^the tool's input schema could not be compiled \(no schema with key or ref/),
    ]);
    expect(argumentProblems(draft2020, { a: 1 }, "server")).toEqual([
      'field "a" must be string, got integer',
    ]);
  });
});
