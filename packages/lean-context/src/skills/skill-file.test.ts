import { describe, expect, it } from "vitest";
import { parseSkillFile } from "./skill-file.js";

describe("parseSkillFile", () => {
  it("reads name, description and body; other keys are ignored", () => {
    expect(
      parseSkillFile(
        "---\nname: pdf-forms\ndescription: Fill PDF forms.\nlicense: MIT\nallowed-tools: [read]\n---\n\n# PDF forms\nStep 1.\n",
      ),
    ).toEqual({ name: "pdf-forms", description: "Fill PDF forms.", body: "# PDF forms\nStep 1." });
  });

  it("accepts CRLF line ends, a byte-order mark and a folded description", () => {
    const text =
      "\uFEFF---\r\nname: changelog\r\ndescription: >\r\n  Write the changelog\r\n  entry.\r\n---\r\nBody\r\n";
    expect(parseSkillFile(text)).toEqual({
      name: "changelog",
      description: "Write the changelog entry.",
      body: "Body",
    });
  });

  it("names the field and what to do for each mistake", () => {
    expect(parseSkillFile("# no front matter\n")).toMatchObject({ field: "front matter", line: 1 });
    expect(parseSkillFile("---\nname: x\n")).toMatchObject({
      field: "front matter",
      message: expect.stringMatching(/no closing ---/),
    });
    expect(parseSkillFile("---\nname: x\ndescription: Use when: a colon\n---\n")).toMatchObject({
      field: "front matter",
      line: 3,
      message: expect.stringMatching(/^not valid YAML .*quote a value/),
    });
    expect(parseSkillFile("---\ndescription: Fine.\n---\n")).toMatchObject({
      field: "name",
      message: expect.stringMatching(/^missing/),
    });
    expect(parseSkillFile("---\nname: 'a/b'\ndescription: Fine.\n---\n")).toMatchObject({
      field: "name",
      line: 2,
    });
    expect(parseSkillFile("---\nname: x\n---\n")).toMatchObject({
      field: "description",
      message: expect.stringMatching(/^missing/),
    });
    expect(parseSkillFile("---\nname: x\ndescription: ''\n---\n")).toMatchObject({
      field: "description",
      line: 3,
      message: expect.stringMatching(/^empty/),
    });
    expect(parseSkillFile("---\nname: x\ndescription: [a]\n---\n")).toMatchObject({ field: "description" });
    expect(parseSkillFile("---\n- a\n---\n")).toMatchObject({ field: "front matter" });
  });
});
