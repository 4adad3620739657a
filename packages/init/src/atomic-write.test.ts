import { execFileSync } from "node:child_process";
import {
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { writeFileAtomically } from "./atomic-write.js";
import { workspaceWith } from "./test-workspace.js";

const asRoot = process.getuid?.() === 0;
const locked: string[] = [];
afterEach(() => {
  for (const path of locked.splice(0)) chmodSync(path, 0o755);
});

describe("writeFileAtomically", () => {
  it("creates the file, and replaces one keeping its mode, leaving no temporary file", () => {
    const root = workspaceWith({});
    const path = join(root, "AGENTS.md");
    writeFileAtomically(root, path, "one\n");
    expect(readFileSync(path, "utf8")).toBe("one\n");
    chmodSync(path, 0o640);
    writeFileAtomically(root, path, "two\n");
    expect(readFileSync(path, "utf8")).toBe("two\n");
    expect(statSync(path).mode & 0o777).toBe(0o640);
    expect(readdirSync(root)).toEqual(["AGENTS.md"]);
  });

  it("a read-only AGENTS.md is refused in one line and left as it was", () => {
    const root = workspaceWith({ "AGENTS.md": "mine\n" });
    const path = join(root, "AGENTS.md");
    chmodSync(path, 0o444);
    expect(() => writeFileAtomically(root, path, "new\n", "AGENTS.md")).toThrow(
      "AGENTS.md is read-only (mode 444): nothing written; make it writable first",
    );
    expect(readFileSync(path, "utf8")).toBe("mine\n");
    expect(readdirSync(root)).toEqual(["AGENTS.md"]);
  });

  it("a folder no file can be created in: one line, the old file unchanged, no temporary file", () => {
    // root creates files in any folder whatever its mode: there, a kernel folder stands in.
    const dir = asRoot ? "/sys/kernel" : join(workspaceWith({ "sub/AGENTS.md": "old\n" }), "sub");
    if (!asRoot) {
      chmodSync(dir, 0o555);
      locked.push(dir);
    }
    const before = readdirSync(dir);
    expect(() => writeFileAtomically(dir, join(dir, "AGENTS.md"), "new\n", "AGENTS.md")).toThrow(
      /^AGENTS\.md not written: permission denied \(EACCES\) in .+; the old file is unchanged$/,
    );
    expect(readdirSync(dir)).toEqual(before);
    if (!asRoot) expect(readFileSync(join(dir, "AGENTS.md"), "utf8")).toBe("old\n");
  });

  it("a FIFO or a folder in its place is refused; a symlink is written through, kept when inside", () => {
    const root = workspaceWith({ "docs/agents.md": "target\n" });
    execFileSync("mkfifo", [join(root, "AGENTS.md")]);
    expect(() => writeFileAtomically(root, join(root, "AGENTS.md"), "x\n", "AGENTS.md")).toThrow(
      "AGENTS.md is a FIFO (named pipe): not written",
    );
    const other = workspaceWith({ "docs/agents.md": "target\n" });
    mkdirSync(join(other, "AGENTS.md"));
    expect(() => writeFileAtomically(other, join(other, "AGENTS.md"), "x\n", "AGENTS.md")).toThrow(
      "AGENTS.md is a folder: not written",
    );
    const linked = workspaceWith({ "docs/agents.md": "target\n" });
    symlinkSync("docs/agents.md", join(linked, "AGENTS.md"));
    writeFileAtomically(linked, join(linked, "AGENTS.md"), "through\n", "AGENTS.md");
    expect(readFileSync(join(linked, "docs/agents.md"), "utf8")).toBe("through\n");
    expect(readFileSync(join(linked, "AGENTS.md"), "utf8")).toBe("through\n");
    const outside = workspaceWith({ "elsewhere.md": "x\n" });
    const inner = workspaceWith({});
    symlinkSync(join(outside, "elsewhere.md"), join(inner, "AGENTS.md"));
    expect(() => writeFileAtomically(inner, join(inner, "AGENTS.md"), "y\n", "AGENTS.md")).toThrow(
      /^AGENTS\.md is a symbolic link out of the workspace/,
    );
    writeFileSync(join(outside, "unused"), "");
  });
});
