import { describe, expect, it } from "vitest";
import type { CachedPrompt } from "./catalog-cache.js";
import { parsePromptArguments, usage } from "./prompt-arguments.js";
import { operationName } from "./prompt-commands.js";

const weather: CachedPrompt = {
  name: "weather",
  arguments: [
    { name: "city", required: true },
    { name: "state", required: false },
  ],
};

describe("parsePromptArguments", () => {
  it("takes name=value pairs, quoted values and positional values in declared order", () => {
    expect(parsePromptArguments(weather, 'city="New York" state=NY')).toEqual({
      ok: true,
      values: { city: "New York", state: "NY" },
    });
    expect(parsePromptArguments(weather, "state=NY Albany")).toEqual({
      ok: true,
      values: { state: "NY", city: "Albany" },
    });
    // Extra positional words join the last argument; an undeclared key=value is a positional value.
    expect(parsePromptArguments(weather, "Paris Ile de France")).toEqual({
      ok: true,
      values: { city: "Paris", state: "Ile de France" },
    });
    expect(parsePromptArguments(weather, "a=b")).toEqual({ ok: true, values: { city: "a=b" } });
  });

  it("names a missing required argument, and refuses words a prompt has no room for", () => {
    expect(parsePromptArguments(weather, "state=NY")).toEqual({
      ok: false,
      error: 'missing the required argument "city" (city=<value> [state=<value>])',
    });
    expect(parsePromptArguments(weather, 'city="" state=NY')).toMatchObject({ ok: false });
    expect(parsePromptArguments({ name: "bare", arguments: [] }, "hello")).toEqual({
      ok: false,
      error: 'takes no arguments (got "hello")',
    });
    expect(parsePromptArguments(weather, "city=a state=b c")).toEqual({
      ok: false,
      error: 'every argument is given already; "c" is left over (city=<value> [state=<value>])',
    });
    expect(usage(weather)).toBe("city=<value> [state=<value>]");
  });
});

describe("operationName", () => {
  it("fits OPERATION_NAME: lowercase, other characters as -, at most 64 characters", () => {
    expect(operationName("mcp__everything__args-prompt")).toBe("mcp__everything__args-prompt");
    expect(operationName("mcp__gh__Review PR:now")).toBe("mcp__gh__review-pr-now");
    expect(operationName("mcp__everything__completable-prompt")).toBe("mcp__everything__completable-prompt");
    expect(operationName(`mcp__a__${"x".repeat(80)}`)).toHaveLength(64);
  });
});
