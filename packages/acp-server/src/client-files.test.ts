import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { clientFileAccess } from "./client-files.js";

describe("the editor's files for the file tools", () => {
  const dir = mkdtempSync(join(tmpdir(), "acp-files-"));
  const file = join(dir, "a.txt");
  const scope = { workspaceRoot: dir, isOutsideAllowed: () => false };
  writeFileSync(file, "on disk\n");
  const calls: string[] = [];
  const client = {
    async read(params: { path: string; sessionId: string }) {
      calls.push(`read ${params.sessionId} ${params.path}`);
      if (params.path.endsWith("outside.txt")) throw new Error("not served");
      return { content: "in the buffer\n" };
    },
    async write(params: { path: string; content: string }) {
      calls.push(`write ${params.path} ${params.content}`);
    },
  };

  it("is the disk when the client offers no fs capability", () => {
    expect(clientFileAccess(undefined, () => "s", client)).toBeUndefined();
    expect(clientFileAccess({ fs: {} }, () => "s", client)).toBeUndefined();
  });

  it("reads the buffer, falls back to the disk when the client cannot serve a file, and writes through", async () => {
    const files = clientFileAccess({ fs: { readTextFile: true, writeTextFile: true } }, () => "s1", client)!;
    expect(Buffer.from(await files.read(file, scope)).toString()).toBe("in the buffer\n");
    const outside = join(dir, "outside.txt");
    writeFileSync(outside, "disk only\n");
    expect(Buffer.from(await files.read(outside, scope)).toString()).toBe("disk only\n");
    await files.write(file, "new\n", scope);
    expect(calls).toEqual([`read s1 ${file}`, `read s1 ${outside}`, `write ${file} new\n`]);
  });

  it("keeps writes on the disk when only reading is offered", async () => {
    const files = clientFileAccess({ fs: { readTextFile: true } }, () => "s2", client)!;
    await files.write(join(dir, "b.txt"), "b\n", scope);
    expect(Buffer.from(await files.read(join(dir, "b.txt"), scope)).toString()).toBe("in the buffer\n");
    expect(calls.some((c) => c.startsWith("write") && c.includes("b.txt"))).toBe(false);
  });
});
