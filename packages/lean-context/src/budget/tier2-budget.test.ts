import { canonicalJson, type Message } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { decideTier2Budget } from "./tier2-budget.js";
import { openTier2Entries, type Tier2Load, tier2BytesOpen } from "./tier2-ledger.js";

/** One tool call and its result: an assistant tool_use, then the user's tool_result. */
function call(id: string, name: string, input: Record<string, unknown>, content = "…"): Message[] {
  return [
    { role: "assistant", content: [{ type: "tool_use", id, name, input }] },
    { role: "user", content: [{ type: "tool_result", toolUseId: id, content }] },
  ];
}

const load = (toolUseId: string, name: string, bytes: number, extra: Partial<Tier2Load> = {}): Tier2Load => ({
  kind: "deferred_schema",
  name,
  bytes,
  toolUseId,
  ...extra,
});

const titleOf = (e: { name: string }) => `Title of ${e.name}`;

/** a, b, c loaded in that order (400 bytes each), then a used through tool_call. */
function history(): { loads: Tier2Load[]; messages: Message[] } {
  return {
    loads: [load("s1", "a", 400), load("s2", "b", 400), load("s3", "c", 400)],
    messages: [
      { role: "user", content: [{ type: "text", text: "start" }] },
      ...call("s1", "tool_search", { query: "a" }),
      ...call("s2", "tool_search", { query: "b" }),
      ...call("s3", "tool_search", { query: "c" }),
      ...call("c1", "tool_call", { name: "a", arguments: {} }),
    ],
  };
}

describe("the Tier-2 budget", () => {
  it("collapses the least recently used entries until the rest fit", () => {
    const { loads, messages } = history();
    expect(openTier2Entries(loads, messages).map((e) => e.name)).toEqual(["b", "c", "a"]);
    const decision = decideTier2Budget(loads, messages, 1024, titleOf);
    expect(decision.state.collapsed).toEqual(["b"]);
    expect(decision.state.openBytes).toBe(800);
    expect(decision.state.open.map((e) => e.name)).toEqual(["c", "a"]);
    const notice = decision.append!.message.content[0];
    expect(decision.append!.reminder).toBe("tier2-budget");
    expect(notice).toEqual({
      type: "text",
      text: [
        '<system-reminder source="tier2-budget">',
        "Tier-2 budget (1024 bytes) exceeded: these entries are collapsed to their title line; their text above no longer applies. Re-open one with the call shown when you need it again.",
        '- `b` (deferred_schema): Title of b — re-open: tool_search({"query":"b"})',
        "</system-reminder>",
      ].join("\n"),
    });
  });

  it("appends nothing while the open entries fit", () => {
    const { loads, messages } = history();
    const decision = decideTier2Budget(loads, messages, 1200, titleOf);
    expect(decision.append).toBeUndefined();
    expect(decision.state).toEqual({
      budgetBytes: 1200,
      openBytes: 1200,
      collapsed: [],
      open: ["b", "c", "a"].map((name) => ({ name, kind: "deferred_schema", bytes: 400 })),
    });
  });

  it("gives the same notice bytes for the same state, and collapses an entry once", () => {
    const { loads, messages } = history();
    const first = decideTier2Budget(loads, messages, 1024, titleOf);
    const again = decideTier2Budget([...loads], structuredClone(messages), 1024, titleOf);
    expect(canonicalJson(again.append!.message)).toBe(canonicalJson(first.append!.message));
    // Once the notice is in history, b is no longer open and nothing more is appended.
    const after = [...messages, first.append!.message];
    expect(openTier2Entries(loads, after).map((e) => e.name)).toEqual(["c", "a"]);
    expect(decideTier2Budget(loads, after, 1024, titleOf).append).toBeUndefined();
  });

  it("re-opens a collapsed entry when it is loaded again", () => {
    const { loads, messages } = history();
    const notice = decideTier2Budget(loads, messages, 1024, titleOf).append!.message;
    const reloaded = [...messages, notice, ...call("s4", "tool_search", { query: "b" })];
    const open = openTier2Entries([...loads, load("s4", "b", 400)], reloaded);
    expect(open.map((e) => e.name)).toEqual(["c", "a", "b"]);
    // Over budget again: now c is the least recently used.
    expect(
      decideTier2Budget([...loads, load("s4", "b", 400)], reloaded, 1024, titleOf).state.collapsed,
    ).toEqual(["c"]);
  });

  it("stops counting entries named by tool_search({close})", () => {
    const { loads, messages } = history();
    const closed = [...messages, ...call("x1", "tool_search", { close: ["a", "c"] })];
    expect(openTier2Entries(loads, closed).map((e) => e.name)).toEqual(["b"]);
    expect(decideTier2Budget(loads, closed, 1024, titleOf).append).toBeUndefined();
  });

  it("stops counting entries whose tool result compaction removed", () => {
    const { loads, messages } = history();
    // A compaction replaced everything before the third load by a summary.
    const compacted: Message[] = [
      { role: "user", content: [{ type: "text", text: "<conversation-summary>…</conversation-summary>" }] },
      ...messages.slice(5),
    ];
    expect(openTier2Entries(loads, compacted).map((e) => e.name)).toEqual(["c"]);
    expect(
      tier2BytesOpen(
        loads.map((l) => ({
          v: 2,
          seq: 1,
          ts: "t",
          session: "s",
          lane: "main",
          turn: 1,
          type: "tier2_load",
          ...l,
        })),
        "main",
        compacted,
      ),
    ).toBe(400);
  });

  it("re-opens with the loading call, and a deduped reload counts the copy it points to", () => {
    const loads = [
      load("k1", "release", 900, { kind: "skill_body" }),
      load("k2", "release", 60, { kind: "skill_body", deduped: true }),
    ];
    const messages = [
      ...call("k1", "skill", { name: "release" }),
      ...call("k2", "skill", { name: "release" }),
    ];
    const [entry] = openTier2Entries(loads, messages);
    expect(entry).toMatchObject({ name: "release", bytes: 900, toolUseId: "k2" });
    // The entry used last stays open even alone over the budget (no loop of re-opening it)…
    expect(decideTier2Budget(loads, messages, 512, titleOf).state).toMatchObject({
      collapsed: [],
      openBytes: 900,
    });
    // …and is collapsed once another entry is used after it.
    const later = [...loads, load("k3", "web_fetch", 100)];
    const decision = decideTier2Budget(
      later,
      [...messages, ...call("k3", "tool_search", { query: "web" })],
      512,
      titleOf,
    );
    expect(decision.state.collapsed).toEqual(["release"]);
    expect(decision.state.open.map((e) => e.name)).toEqual(["web_fetch"]);
    expect(JSON.stringify(decision.append!.message)).toContain('re-open: skill({\\"name\\":\\"release\\"})');
  });
});

describe("the ledger's scan of a growing history", () => {
  it("reads only what was appended, and gives what a fresh scan of the same history gives", () => {
    const loads: Tier2Load[] = [];
    const messages: Message[] = [];
    const fresh = () => openTier2Entries([...loads], [...messages]);
    messages.push(...call("a1", "tool_search", { query: "worktree" }));
    // The load is observed after its result joined history: the scan must not miss it.
    expect(openTier2Entries(loads, messages)).toEqual([]);
    loads.push(load("a1", "worktree_create", 700));
    expect(openTier2Entries(loads, messages)).toEqual(fresh());
    expect(fresh().map((e) => e.name)).toEqual(["worktree_create"]);
    messages.push(...call("b1", "skill", { name: "release" }));
    loads.push(load("b1", "release", 900, { kind: "skill_body" }));
    messages.push(...call("c1", "tool_call", { name: "worktree_create", arguments: {} }));
    const grown = openTier2Entries(loads, messages);
    expect(grown).toEqual(fresh());
    expect(grown.map((e) => e.name)).toEqual(["release", "worktree_create"]);
    // A caller changing what it got does not change the next answer.
    grown[0]!.bytes = 1;
    expect(openTier2Entries(loads, messages)).toEqual(fresh());
    messages.push(...call("d1", "tool_search", { close: ["release"] }));
    expect(openTier2Entries(loads, messages).map((e) => e.name)).toEqual(["worktree_create"]);
  });
});
