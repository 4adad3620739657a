import { describe, expect, it } from "vitest";
import { parseAgentFile } from "./agent-file.js";

describe("parseAgentFile", () => {
  it("reads name, description, a comma list of tools, the model and the body", () => {
    const parsed = parseAgentFile(
      "\uFEFF---\r\nname: reviewer\r\ndescription: Reviews changes.\r\ntools: Read, Grep ,Glob\r\nmodel: sonnet\r\ncolor: red\r\n---\r\n\r\nBe strict.\r\n",
    );
    expect(parsed).toEqual({
      name: "reviewer",
      description: "Reviews changes.",
      tools: ["Read", "Grep", "Glob"],
      model: "sonnet",
      prompt: "Be strict.",
    });
  });

  it("reads a YAML list of tools, an empty list as no tools, and no tools field as all", () => {
    const list = parseAgentFile("---\nname: a\ndescription: d\ntools:\n  - read\n  - bash\n---\nx");
    expect(list).toMatchObject({ tools: ["read", "bash"] });
    expect(parseAgentFile("---\nname: a\ndescription: d\ntools: []\n---\nx")).toMatchObject({ tools: [] });
    expect(parseAgentFile("---\nname: a\ndescription: d\n---\nx")).not.toHaveProperty("tools");
  });

  it("reads disallowedTools in both forms and names a wrong type", () => {
    expect(
      parseAgentFile("---\nname: a\ndescription: d\ndisallowedTools: Bash, Write\n---\nx"),
    ).toMatchObject({
      disallowedTools: ["Bash", "Write"],
    });
    expect(parseAgentFile("---\nname: a\ndescription: d\ndisallowedTools: [bash]\n---\nx")).toMatchObject({
      disallowedTools: ["bash"],
    });
    expect(parseAgentFile("---\nname: a\ndescription: d\ndisallowedTools: 3\n---\nx")).toMatchObject({
      field: "disallowedTools",
      line: 4,
    });
  });

  it("names the field and line of each mistake", () => {
    expect(parseAgentFile("name: a\n")).toMatchObject({ field: "front matter", line: 1 });
    expect(parseAgentFile("---\nname: a\n")).toMatchObject({
      field: "front matter",
      message: expect.stringContaining("closing"),
    });
    expect(parseAgentFile("---\nname: [a\n---\n")).toMatchObject({ field: "front matter", line: 2 });
    expect(parseAgentFile("---\ndescription: d\n---\n")).toMatchObject({
      field: "name",
      message: expect.stringContaining("missing"),
    });
    expect(parseAgentFile("---\nname: Code Reviewer\ndescription: d\n---\n")).toMatchObject({
      field: "name",
      line: 2,
    });
    expect(parseAgentFile("---\nname: a\n---\n")).toMatchObject({
      field: "description",
      message: expect.stringContaining("missing"),
    });
    expect(parseAgentFile("---\nname: a\ndescription: d\ntools: {read: 1}\n---\n")).toMatchObject({
      field: "tools",
      line: 4,
    });
    expect(parseAgentFile("---\nname: a\ndescription: d\nmodel: 3\n---\n")).toMatchObject({
      field: "model",
      line: 4,
    });
  });
});
