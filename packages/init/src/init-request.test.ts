import { describe, expect, it } from "vitest";
import { answerText } from "./init-request.js";

describe("answerText", () => {
  it("keeps a plain answer, ending it in one newline; empty stays empty", () => {
    expect(answerText("# T\n\nbody")).toBe("# T\n\nbody\n");
    expect(answerText("  \n ")).toBe("");
  });

  it("removes a fence around the whole answer", () => {
    expect(answerText("```markdown\n# T\nbody\n```")).toBe("# T\nbody\n");
    expect(answerText("~~~\n# T\n~~~\n")).toBe("# T\n");
  });

  it("takes the one Markdown fence out of talk around it", () => {
    expect(answerText("Here is the AGENTS.md:\n\n```md\n# T\n- Test: `npm test`\n```\n\nLet me know!")).toBe(
      "# T\n- Test: `npm test`\n",
    );
  });

  it("keeps a file that itself holds a code block, and an answer with two fences", () => {
    const file = "# T\n\n## Commands\n```sh\nnpm test\n```\n";
    expect(answerText(file)).toBe(file);
    const withMarkdownBlock = "# T\n\nExample:\n```md\n# heading\n```\n";
    expect(answerText(withMarkdownBlock)).toBe(withMarkdownBlock);
    const two = "Intro\n```md\n# A\n```\nand\n```md\n# B\n```";
    expect(answerText(two)).toBe(`${two}\n`);
  });
});
