import { describe, expect, it } from "vitest";
import { parseCommandFile } from "./command-file.js";

describe("parseCommandFile", () => {
  it("reads Markdown front matter: description, argument-hint, allowed-tools, model", () => {
    const parsed = parseCommandFile(
      "---\ndescription: Review a file\nargument-hint: <file> [focus]\nallowed-tools: Read, Bash(git status:*), Grep\nmodel: opus\nother: kept out\n---\n\nReview $1.\n",
      "markdown",
    );
    expect(parsed).toEqual({
      description: "Review a file",
      argumentHint: "<file> [focus]",
      allowedTools: ["Read", "Bash(git status:*)", "Grep"],
      model: "opus",
      template: "Review $1.",
    });
  });

  it("takes allowed-tools as a YAML list, a file without front matter as all template, CRLF as LF", () => {
    expect(parseCommandFile("---\nallowed-tools: [read, bash]\n---\nGo", "markdown")).toEqual({
      allowedTools: ["read", "bash"],
      template: "Go",
    });
    expect(parseCommandFile("\uFEFFJust do $ARGUMENTS\r\nnow\r\n", "markdown")).toEqual({
      template: "Just do $ARGUMENTS\nnow",
    });
  });

  it("names the field of broken front matter, a wrong type and an empty prompt", () => {
    expect(parseCommandFile("---\ndescription: [unclosed\n---\nbody", "markdown")).toMatchObject({
      field: "front matter",
      message: expect.stringMatching(/^not valid YAML/),
    });
    expect(parseCommandFile("---\ndescription: x\nbody", "markdown")).toEqual({
      field: "front matter",
      message: "no closing --- line",
    });
    expect(parseCommandFile("---\ndescription: {a: 1}\n---\nbody", "markdown")).toEqual({
      field: "description",
      message: "must be text",
    });
    expect(parseCommandFile("---\nallowed-tools: {a: 1}\n---\nbody", "markdown")).toMatchObject({
      field: "allowed-tools",
    });
    expect(parseCommandFile("---\ndescription: x\n---\n  \n", "markdown")).toMatchObject({ field: "prompt" });
  });

  it("reads Gemini CLI TOML: prompt and description; names a missing prompt and broken TOML", () => {
    expect(parseCommandFile('description = "Commit"\nprompt = """\nWrite {{args}}\n"""\n', "toml")).toEqual({
      description: "Commit",
      template: "Write {{args}}",
    });
    expect(parseCommandFile('description = "x"\n', "toml")).toEqual({
      field: "prompt",
      message: 'missing: add prompt = "…"',
    });
    expect(parseCommandFile('prompt = "unclosed\n', "toml")).toMatchObject({
      field: "toml",
      message: expect.stringMatching(/^not valid TOML/),
    });
  });
});
