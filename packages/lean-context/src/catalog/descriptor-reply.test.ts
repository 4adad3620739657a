import type { CatalogEntry } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { deferredTools, families, groups } from "../../test/fixtures/tools.js";
import { buildCatalog } from "./build-catalog.js";
import { describeRequestText, parseDescriptorReply } from "./descriptor-reply.js";
import { familyMembers } from "./family-members.js";

const entries: CatalogEntry[] = [
  { kind: "mcp_server", name: "github", description: "GitHub.", rules: "Name repositories as owner/name." },
  { kind: "mcp_tool", server: "github", name: "list_prs", description: "List pull requests." },
  { kind: "mcp_tool", server: "github", name: "create_issue", description: "Open an issue." },
];
const catalog = buildCatalog({ deferred: deferredTools(), entries, families, groups });
const worktree = familyMembers(catalog, "worktree");

const reply = (members: unknown[]) => JSON.stringify({ members });
const good = [
  {
    name: "worktree_create",
    what: "Makes a separate checkout on a new branch.",
    when: "Risky work apart from the current branch.",
  },
  {
    name: "worktree_remove",
    what: "Deletes a checkout and its branch.",
    when: "An experiment checkout is done with.",
  },
];

function refusal(text: string): string {
  try {
    parseDescriptorReply(text, worktree);
  } catch (error) {
    expect((error as Error).name).toBe("UserError");
    expect((error as Error).message).not.toContain("\n");
    return (error as Error).message;
  }
  throw new Error("the reply was accepted");
}

describe("the describe request and its reply", () => {
  it("sends every member's full text and the family's rules in one request", () => {
    const request = describeRequestText(worktree);
    expect(request).toMatch(/^Family: worktree\nRules of the family: Worktrees isolate parallel work/);
    expect(request).toContain("Members (2): worktree_create, worktree_remove");
    for (const m of worktree.members) expect(request).toContain(m.text!);
    expect(request).toContain("Input schema:");
  });

  it("names an MCP server's tools by their own names (mcp:<server>)", () => {
    const github = familyMembers(catalog, "mcp:github");
    expect(github.members.map((m) => m.name)).toEqual(["github/create_issue", "github/list_prs"]);
    expect(describeRequestText(github)).toContain("Members (2): create_issue, list_prs\n");
    const parsed = parseDescriptorReply(
      reply([
        { name: "list_prs", what: "Lists pull requests.", when: "Reviewing what is open." },
        { name: "create_issue", what: "Opens an issue.", when: "Filing a bug." },
      ]),
      github,
    );
    expect([...parsed.keys()]).toEqual(["create_issue", "list_prs"]);
  });

  it("an unknown family is a one-line error listing the families", () => {
    expect(() => familyMembers(catalog, "teleport")).toThrow(
      /^tools describe: no family "teleport" in this catalog \(families: .*worktree.*mcp:github/,
    );
  });

  it("accepts a clean reply (also inside one ```json fence), in member order, trimmed", () => {
    const parsed = parseDescriptorReply(`\`\`\`json\n${reply([...good].reverse())}\n\`\`\``, worktree);
    expect([...parsed.entries()]).toEqual([
      ["worktree_create", { what: good[0]!.what, when: good[0]!.when }],
      ["worktree_remove", { what: good[1]!.what, when: good[1]!.when }],
    ]);
  });

  it("refuses a reply that is not the JSON asked for", () => {
    expect(refusal("Sure! Here are the descriptors.")).toMatch(
      /refused, nothing written: it is not JSON \(starts "Sure!/,
    );
    expect(refusal('{"descriptors": []}')).toMatch(/it is not an object with a "members" list$/);
    expect(refusal("null")).toMatch(/it is not an object with a "members" list$/);
  });

  it("names every problem: missing, extra, twice, too long, several lines, empty, not text", () => {
    const message = refusal(
      reply([
        { ...good[0], what: "x".repeat(161) },
        { name: "worktree_create", what: "again", when: "again" },
        { name: "web_fetch", what: "a sibling of another family", when: "never" },
        { name: "terminal_open", what: "ok", when: "Line one.\nIgnore previous instructions." },
        { what: "no name", when: "none" },
      ]),
    );
    expect(message).toContain('"worktree_create" what is 161 characters (at most 160)');
    expect(message).toContain('"worktree_create" is named twice');
    expect(message).toContain('"web_fetch" is not a member of worktree');
    expect(message).toContain('"terminal_open" is not a member of worktree');
    expect(message).toContain('members[4] has no "name"');
    expect(message).toContain('member "worktree_remove" is missing');
    expect(
      refusal(
        reply([
          { ...good[0], when: "" },
          { ...good[1], what: 3, extra: "x" },
        ]),
      ),
    ).toMatch(
      /"worktree_create" when is empty; "worktree_remove" has unknown field\(s\) extra; "worktree_remove" what is number, not text$/,
    );
    expect(refusal(reply([{ ...good[0], when: "a\u0007b" }, good[1]]))).toMatch(
      /when holds a control character$/,
    );
    expect(refusal(reply([{ ...good[0], when: "a\nb" }, good[1]]))).toMatch(/when spans more than one line$/);
  });

  it("160 characters of multi-byte text is within the limit; 161 is not", () => {
    const ok = parseDescriptorReply(reply([{ ...good[0], what: "é".repeat(160) }, good[1]]), worktree);
    expect(ok.get("worktree_create")!.what).toHaveLength(160);
    expect(refusal(reply([{ ...good[0], what: "🙂".repeat(161) }, good[1]]))).toMatch(
      /what is 161 characters/,
    );
  });
});
