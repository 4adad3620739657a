import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadDocTopics } from "../catalog/doc-topics.js";
import {
  INSTRUCTION_FILE_READ_BYTES,
  instructionFolders,
  loadInstructionFiles,
} from "./instruction-files.js";

const workspace = () => mkdtempSync(join(tmpdir(), "lc-instr-"));

describe("loadInstructionFiles", () => {
  it("a missing AGENTS.md is fine", () => {
    expect(loadInstructionFiles(workspace(), workspace())).toEqual({ files: [], warnings: [] });
  });

  it("a CLAUDE.md that only points at AGENTS.md is followed, not duplicated", () => {
    const root = workspace();
    writeFileSync(join(root, "AGENTS.md"), "# Rules\nRun npm test.\n");
    writeFileSync(join(root, "CLAUDE.md"), "@AGENTS.md\n");
    writeFileSync(join(root, "PICASSO.md"), "@./AGENTS.md");
    const { files, warnings } = loadInstructionFiles(root, root);
    expect(files).toEqual([{ path: "AGENTS.md", text: "# Rules\nRun npm test.\n" }]);
    expect(warnings).toEqual([]);
  });

  it("a CLAUDE.md with real content is included once; a copy of AGENTS.md is not", () => {
    const root = workspace();
    writeFileSync(join(root, "AGENTS.md"), "shared rules");
    writeFileSync(join(root, "CLAUDE.md"), "@AGENTS.md\nAlso: prefer small commits.\n");
    writeFileSync(join(root, "PICASSO.md"), "shared rules\n");
    const { files } = loadInstructionFiles(root, root);
    expect(files.map((f) => f.path)).toEqual(["AGENTS.md", "CLAUDE.md"]);
    expect(files[1]!.text).toBe("Also: prefer small commits.");
  });

  it("nested AGENTS.md between root and cwd: root first, nearest last, relative paths", () => {
    const root = workspace();
    mkdirSync(join(root, "packages", "a", "src"), { recursive: true });
    writeFileSync(join(root, "AGENTS.md"), "root");
    writeFileSync(join(root, "packages", "a", "AGENTS.md"), "package a");
    const { files } = loadInstructionFiles(root, join(root, "packages", "a", "src"));
    expect(files.map((f) => f.path)).toEqual(["AGENTS.md", "packages/a/AGENTS.md"]);
    expect(instructionFolders(root, "/elsewhere")).toEqual([root]);
  });

  it("an unreadable AGENTS.md is a warning, not a crash", () => {
    const root = workspace();
    mkdirSync(join(root, "AGENTS.md")); // a folder where the file should be
    writeFileSync(join(root, "CLAUDE.md"), "still read");
    const { files, warnings } = loadInstructionFiles(root, root);
    expect(files.map((f) => f.path)).toEqual(["CLAUDE.md"]);
    expect(warnings).toEqual(["AGENTS.md: a folder, not a file; left out of the instruction index"]);
  });

  it("an AGENTS.md that is a FIFO is never opened (no hang), and says so in one line", () => {
    const root = workspace();
    execFileSync("mkfifo", [join(root, "AGENTS.md")]);
    writeFileSync(join(root, "CLAUDE.md"), "still read");
    const { files, warnings } = loadInstructionFiles(root, root);
    expect(files.map((f) => f.path)).toEqual(["CLAUDE.md"]);
    expect(warnings).toEqual([
      "AGENTS.md: a FIFO (named pipe), not a file; left out of the instruction index",
    ]);
  });

  it("a 50 MB AGENTS.md is read only up to 1 MiB, cut on a character boundary, and said once", () => {
    const root = workspace();
    // "é" is two bytes: 1 MiB falls in the middle of one at an odd offset.
    const big = Buffer.concat([Buffer.from("# Rules\nx"), Buffer.alloc(50 * 1024 * 1024, "é")]);
    writeFileSync(join(root, "AGENTS.md"), big);
    const { files, warnings } = loadInstructionFiles(root, root);
    expect(warnings).toEqual([
      `AGENTS.md: 50.0 MB; only its first 1.0 MB read for the instruction index — keep it short and point at docs/`,
    ]);
    expect(files).toHaveLength(1);
    expect(Buffer.byteLength(files[0]!.text)).toBeLessThanOrEqual(INSTRUCTION_FILE_READ_BYTES);
    expect(files[0]!.text.startsWith("# Rules\nxé")).toBe(true);
    expect(files[0]!.text).not.toContain("\uFFFD");
  });

  it("a binary instruction file is left out, an invalid-UTF-8 one read as Latin-1, each with a one-line warning naming it", () => {
    const root = workspace();
    writeFileSync(join(root, "AGENTS.md"), Buffer.from([0x23, 0x20, 0x52, 0x00, 0x01, 0x02, 0x0a]));
    writeFileSync(
      join(root, "CLAUDE.md"),
      Buffer.from([0x72, 0x75, 0x6c, 0x65, 0x73, 0x20, 0xff, 0xfe, 0x0a]),
    );
    writeFileSync(join(root, "PICASSO.md"), "caf\u00e9 \u2014 still text\n");
    const { files, warnings } = loadInstructionFiles(root, root);
    expect(files).toEqual([
      { path: "CLAUDE.md", text: "rules \u00ff\u00fe" },
      { path: "PICASSO.md", text: "caf\u00e9 \u2014 still text" },
    ]);
    expect(warnings).toEqual([
      "AGENTS.md: binary content (NUL bytes), not text; left out of the instruction index — save it as UTF-8 text",
      "CLAUDE.md: not valid UTF-8; read as Latin-1 — save it as UTF-8 text",
    ]);
  });

  it("keeps an AGENTS.md with one Latin-1 byte, read as Latin-1, and its routing table", () => {
    const root = workspace();
    // "Caf\xe9" as an old editor saves it: 0xE9 alone is not UTF-8.
    writeFileSync(
      join(root, "AGENTS.md"),
      Buffer.concat([
        Buffer.from("# Rules\nCaf"),
        Buffer.from([0xe9]),
        Buffer.from(
          " is spelt with an accent.\n\n| when working on | read |\n| --- | --- |\n| billing | `docs/billing.md` |\n",
        ),
      ]),
    );
    mkdirSync(join(root, "docs"));
    writeFileSync(join(root, "docs", "billing.md"), "# Billing\nInvoices.\n");
    const { files, warnings } = loadInstructionFiles(root, root);
    expect(files.map((f) => f.path)).toEqual(["AGENTS.md"]);
    expect(files[0]!.text).toContain("Caf\u00e9 is spelt with an accent.");
    expect(warnings).toEqual(["AGENTS.md: not valid UTF-8; read as Latin-1 — save it as UTF-8 text"]);
    expect(loadDocTopics(root).map((d) => d.name)).toEqual(["docs/billing.md"]);
  });
});
