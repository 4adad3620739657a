import { isUserError } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { CANONICAL_SECTION_IDS } from "../sections/canonical-sections.js";
import { composePatches, coreToolRows, MAX_CORE_TOOLS } from "./compose.js";
import { parsePatchFile } from "./patch-file.js";

const file = (name: string, source: string) => ({ file: name, ops: parsePatchFile(source, name) });
const compose = (...files: { file: string; ops: ReturnType<typeof parsePatchFile> }[]) =>
  composePatches("cli", files, { knownSections: CANONICAL_SECTION_IDS });

function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(isUserError(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error("expected a UserError");
}

const tools = (names: string[], tier = "core") =>
  `- insert:\n    tools:\n${names.map((n) => `      - { name: ${n}, tier: ${tier}, family: f }`).join("\n")}\n`;

describe("composePatches", () => {
  it("applies files in order: a later file promotes a deferred tool and disables a row", () => {
    const c = compose(
      file("base.yml", `${tools(["bash", "read"])}${tools(["web_fetch"], "deferred")}`),
      file("user.yml", "- override: { tool: web_fetch, tier: core }\n- disable: { tool: read }\n"),
    );
    expect(coreToolRows(c).map((t) => t.name)).toEqual(["bash", "web_fetch"]);
    expect(c.files).toEqual(["base.yml", "user.yml"]);
  });

  it("sorts sections by order, ties in insertion order", () => {
    const c = compose(
      file(
        "s.yml",
        '- insert:\n    sections:\n      - { id: "tool:core", order: 5 }\n      - { id: "harness:identity", order: 5 }\n      - { id: "style:response", order: 1 }\n',
      ),
    );
    expect(c.sections.map((s) => s.id)).toEqual(["style:response", "tool:core", "harness:identity"]);
  });

  it("settings default, and later settings win", () => {
    const c = compose(file("a.yml", "- override:\n    settings:\n      agent-instructions.maxBytes: 100\n"));
    expect(c.settings["agent-instructions.maxBytes"]).toBe(100);
    expect(c.settings["skills.indexBudgetBytes"]).toBe(2560);
  });

  it("an override or disable of an unknown tool row names file, line and field", () => {
    const message = errorOf(() =>
      compose(file("b.yml", tools(["bash"])), file("u.yml", "\n- disable: { tool: bsh }\n")),
    );
    expect(message).toMatch(/^u\.yml:2: disable\.tool: unknown tool row "bsh"/);
    expect(errorOf(() => compose(file("o.yml", "- override: { tool: nope, tier: core }\n")))).toMatch(
      /^o\.yml:1: override\.tool: unknown tool row "nope"/,
    );
  });

  it("inserting an existing row or an unknown section is an error", () => {
    expect(errorOf(() => compose(file("d.yml", tools(["bash", "bash"]))))).toMatch(
      /already a row; use override/,
    );
    expect(
      errorOf(() =>
        compose(file("s.yml", '- insert:\n    sections:\n      - { id: "made:up", order: 1 }\n')),
      ),
    ).toMatch(/^s\.yml:3: sections\[\]\.id: unknown section "made:up"/);
  });

  it(`more than ${MAX_CORE_TOOLS} core tools is an error naming the file that pushed it over`, () => {
    const twelve = Array.from({ length: 12 }, (_, i) => `t${i}`);
    expect(compose(file("base.yml", tools(twelve))).tools).toHaveLength(12);
    const message = errorOf(() =>
      compose(
        file("base.yml", `${tools(twelve)}${tools(["extra"], "deferred")}`),
        file("project.yml", "- override: { tool: extra, tier: core }\n"),
      ),
    );
    expect(message).toMatch(/^project\.yml: 13 core tools, more than 12/);
  });
});
