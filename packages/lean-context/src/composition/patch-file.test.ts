import { isUserError } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { parsePatchFile } from "./patch-file.js";

function errorOf(source: string, file = "/p/test.patch.yml"): string {
  try {
    parsePatchFile(source, file);
  } catch (error) {
    expect(isUserError(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error("expected a UserError");
}

describe("parsePatchFile", () => {
  it("parses inserts, overrides and disables in order with their lines", () => {
    const ops = parsePatchFile(
      [
        "- insert:",
        "    tools:",
        "      - { name: bash, tier: core, family: shell }",
        "    sections:",
        '      - { id: "harness:identity", order: 10 }',
        "    settings:",
        "      agent-instructions.maxBytes: 4096",
        "- override: { tool: bash, tier: deferred }",
        "- disable: { tool: bash }",
      ].join("\n"),
      "f.yml",
    );
    expect(ops.map((o) => o.kind)).toEqual([
      "insert-tool",
      "insert-section",
      "set-setting",
      "override-tool",
      "disable",
    ]);
    expect(ops[0]).toMatchObject({
      row: { name: "bash", tier: "core", family: "shell" },
      at: { file: "f.yml", line: 3 },
    });
    expect(ops[2]).toMatchObject({ key: "agent-instructions.maxBytes", value: 4096, at: { line: 7 } });
    expect(ops[3]).toMatchObject({ name: "bash", tier: "deferred", at: { line: 8 } });
  });

  it("an empty file is no patches", () => {
    expect(parsePatchFile("", "f.yml")).toEqual([]);
    expect(parsePatchFile("# only a comment\n", "f.yml")).toEqual([]);
  });

  it("malformed YAML names the file and line", () => {
    const message = errorOf("- insert:\n    tools: [ { name: bash\n", "/p/bad.patch.yml");
    expect(message).toMatch(/^\/p\/bad\.patch\.yml:\d+: malformed YAML/);
  });

  it("an unknown field in a tool row names file, line and field", () => {
    const message = errorOf(
      [
        "- insert:",
        "    tools:",
        "      - { name: bash, tier: core, family: shell }",
        "      - { name: read, teir: core, family: fs }",
      ].join("\n"),
      "/p/user.patch.yml",
    );
    expect(message).toContain("/p/user.patch.yml:4:");
    expect(message).toContain("patches[0].insert.tools[].teir");
    expect(message).toContain("unknown field");
  });

  it("a tool row with a bad tier, or missing fields, is rejected with its line", () => {
    expect(
      errorOf("- insert:\n    tools:\n      - { name: bash, tier: sometimes, family: shell }\n"),
    ).toMatch(/:3: patches\[0\]\.insert\.tools\[\]\.tier: "sometimes" must be core or deferred/);
    expect(errorOf("- insert:\n    tools:\n      - { name: bash }\n")).toMatch(
      /:3: .*needs name, tier and family/,
    );
  });

  it("an unknown setting or a wrong value type names the key and line", () => {
    expect(errorOf("- insert:\n    settings:\n      agent-instructions.maxbytes: 10\n")).toMatch(
      /:3: patches\[0\]\.insert\.settings\.agent-instructions\.maxbytes: unknown setting/,
    );
    expect(errorOf("- override:\n    settings:\n      skills.indexBudgetBytes: lots\n")).toMatch(
      /:3: .*skills\.indexBudgetBytes: expected a positive whole number/,
    );
  });

  it("rejects a patch with an unknown verb or two verbs", () => {
    expect(errorOf("- remove: { tool: bash }\n")).toMatch(/:1: patches\[0\]\.remove: unknown field/);
    expect(errorOf("- disable: { tool: a }\n  override: { tool: b, tier: core }\n")).toMatch(
      /exactly one of/,
    );
  });

  it("an include hands its path and position to the include reader, and its ops take its place", () => {
    const calls: unknown[] = [];
    const ops = parsePatchFile(
      ["- disable: { tool: a }", "- include: ../shared/tier1.patch.yml", "- disable: { tool: c }"].join("\n"),
      "/p/f.yml",
      (path, at, field) => {
        calls.push({ path, at, field });
        return [
          { kind: "disable", target: "tool", name: "b", at: { file: "/shared/tier1.patch.yml", line: 1 } },
        ];
      },
    );
    expect(calls).toEqual([
      { path: "../shared/tier1.patch.yml", at: { file: "/p/f.yml", line: 2 }, field: "patches[1].include" },
    ]);
    expect(ops.map((o) => (o.kind === "disable" ? o.name : o.kind))).toEqual(["a", "b", "c"]);
  });

  it("an include needs a path, and a reader to read it", () => {
    expect(errorOf("- include: { file: x.yml }\n")).toMatch(
      /:1: patches\[0\]\.include: expected a non-empty string/,
    );
    expect(errorOf("- include: x.patch.yml\n")).toMatch(
      /:1: patches\[0\]\.include: includes are not read here/,
    );
  });

  it("rejects a file that is not a list", () => {
    expect(errorOf("insert: {}\n")).toMatch(/:1: patches: the file must be a YAML list/);
  });
});
