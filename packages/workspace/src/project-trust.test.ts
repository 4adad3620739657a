import { mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  approvalDigest,
  approvalState,
  approvalsOf,
  approveProjectFile,
  revokeProjectFile,
  trustFilePath,
  trustStoreProblem,
} from "./project-trust.js";

function place() {
  const base = realpathSync(mkdtempSync(join(tmpdir(), "trust-")));
  const home = join(base, "home");
  const ws = join(base, "ws");
  mkdirSync(ws);
  return { base, home, ws };
}

describe("project trust: approvals by content hash", () => {
  it("a file is new, then approved for exactly that content, changed when it changes, new after a revoke", () => {
    const { home, ws } = place();
    const v1 = approvalDigest('{"mcpServers":{"fs":{"command":"npx"}}}');
    const v2 = approvalDigest('{"mcpServers":{"fs":{"command":"sh"}}}');
    expect(approvalState(home, ws, ".mcp.json", v1)).toBe("new");
    approveProjectFile(home, ws, ".mcp.json", v1, new Date("2026-12-02T10:00:00Z"));
    expect(approvalState(home, ws, ".mcp.json", v1)).toBe("approved");
    expect(approvalState(home, ws, ".mcp.json", v2)).toBe("changed");
    expect(approvalState(home, ws, ".picasso/picasso.patch.yml", v1)).toBe("new");
    expect(approvalsOf(home, ws)).toEqual({
      ".mcp.json": { sha256: v1, approvedAt: "2026-12-02T10:00:00.000Z" },
    });
    expect(revokeProjectFile(home, ws, ".mcp.json")).toBe(true);
    expect(approvalState(home, ws, ".mcp.json", v1)).toBe("new");
    expect(revokeProjectFile(home, ws)).toBe(false);
  });

  it("keys a workspace by its real path, so a symlink to it shares the approvals; another folder does not", () => {
    const { base, home, ws } = place();
    const link = join(base, "link");
    symlinkSync(ws, link);
    const digest = approvalDigest("x");
    approveProjectFile(home, link, ".mcp.json", digest);
    expect(approvalState(home, ws, ".mcp.json", digest)).toBe("approved");
    const other = join(base, "other");
    mkdirSync(other);
    expect(approvalState(home, other, ".mcp.json", digest)).toBe("new");
  });

  it("a damaged store approves nothing, says so, and is never overwritten", () => {
    const { home, ws } = place();
    mkdirSync(home);
    writeFileSync(trustFilePath(home), "{ not json");
    expect(approvalState(home, ws, ".mcp.json", approvalDigest("x"))).toBe("new");
    expect(trustStoreProblem(home)).toMatch(
      /trust\.json: not valid JSON; no project file counts as approved/,
    );
    expect(() => approveProjectFile(home, ws, ".mcp.json", approvalDigest("x"))).toThrow(
      /trust\.json: not valid JSON; move it aside/,
    );
    expect(readFileSync(trustFilePath(home), "utf8")).toBe("{ not json");
  });
});
