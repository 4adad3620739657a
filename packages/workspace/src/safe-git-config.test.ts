import { describe, expect, it } from "vitest";
import { configEnvironment, driverOverrides, FIXED_OVERRIDES, HOOK_EVENTS } from "./safe-git-config.js";

describe("safe git's config overrides", () => {
  it("neutralise every driver the listed names define, whatever the driver is called", () => {
    const pairs = driverOverrides([
      "core.bare",
      "filter.lfs.clean",
      "filter.lfs.smudge",
      "filter.a=b.c.process",
      "diff.external",
      "diff.Pdf.textconv",
      "merge.ours.driver",
      "merge.ff",
      "hook.linter.command",
      "hook.linter.event",
      "hook.post-checkout.enabled",
      "credential.https://example.com.helper",
      "credential.https://example.com.username",
    ]);
    expect(pairs).toEqual([
      ["filter.lfs.clean", ""],
      ["filter.lfs.smudge", ""],
      ["filter.lfs.process", ""],
      ["filter.lfs.required", "false"],
      ["filter.a=b.c.clean", ""],
      ["filter.a=b.c.smudge", ""],
      ["filter.a=b.c.process", ""],
      ["filter.a=b.c.required", "false"],
      ["diff.Pdf.command", ""],
      ["diff.Pdf.textconv", ""],
      ["merge.ours.driver", ""],
      ["hook.linter.event", ""],
      ["hook.linter.enabled", "false"],
      ["credential.https://example.com.helper", ""],
    ]);
  });

  it("switch off every hook event, and reach git as GIT_CONFIG_COUNT variables", () => {
    for (const event of HOOK_EVENTS)
      expect(FIXED_OVERRIDES).toContainEqual([`hook.${event}.enabled`, "false"]);
    expect(
      configEnvironment([
        ["core.fsmonitor", "false"],
        ["filter.a=b.clean", ""],
      ]),
    ).toEqual({
      GIT_CONFIG_COUNT: "2",
      GIT_CONFIG_KEY_0: "core.fsmonitor",
      GIT_CONFIG_VALUE_0: "false",
      GIT_CONFIG_KEY_1: "filter.a=b.clean",
      GIT_CONFIG_VALUE_1: "",
    });
  });
});
