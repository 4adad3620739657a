import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { persistenceTable, SESSION_EVENT_TYPES } from "./event-persistence.js";
import { EVENT_RULES } from "./session-events.js";

describe("the persistence table without zod", () => {
  it("says what EVENT_RULES says: every variant, in order, its kind and its live-only fields", () => {
    expect(SESSION_EVENT_TYPES).toEqual(Object.keys(EVENT_RULES));
    const fromRules = Object.entries(EVENT_RULES).map(([type, rule]) => ({
      type,
      persist: rule.persist,
      liveFields: Object.keys(rule.live),
    }));
    expect(persistenceTable()).toEqual(fromRules);
  });

  it("loads no schema library: neither it nor what it imports at run time imports zod", () => {
    const source = readFileSync(fileURLToPath(new URL("./event-persistence.ts", import.meta.url)), "utf8");
    const runtimeImports = [...source.matchAll(/^import (?!type )[^;]*from "([^"]+)"/gm)].map((m) => m[1]);
    expect(runtimeImports).toEqual([]);
  });
});
