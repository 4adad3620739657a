import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isUserError } from "@picasso/protocol";
import { approveProjectFile } from "@picasso/workspace";
import { describe, expect, it } from "vitest";
import { coreTools, deferredTools, families } from "../../test/fixtures/tools.js";
import { assembleTier1 } from "../tier1/assemble-tier1.js";
import { coreToolRows } from "./compose.js";
import {
  compositionFiles,
  loadComposition,
  PROJECT_PATCH_FILE,
  reviewProjectPatch,
} from "./load-composition.js";

/** The user approves the project patch file as it is now (what `picasso trust approve` does). */
function approve(home: string, workspace: string) {
  const review = reviewProjectPatch({ picassoHome: home, workspaceRoot: workspace });
  approveProjectFile(home, workspace, PROJECT_PATCH_FILE, review.digest);
}

function dirs() {
  const home = mkdtempSync(join(tmpdir(), "lc-home-"));
  const workspace = mkdtempSync(join(tmpdir(), "lc-ws-"));
  return { home, workspace };
}

describe("loadComposition", () => {
  it("reads the surface file, then the user's and the project's patch on top", () => {
    const { home, workspace } = dirs();
    const base = loadComposition({ surface: "cli", picassoHome: home, workspaceRoot: workspace });
    expect(coreToolRows(base).map((t) => t.name)).toEqual([
      "bash",
      "read",
      "write",
      "edit",
      "search",
      "todo_write",
      "ask_user",
      "skill",
      "remember",
      "recall",
      "subagent",
    ]);
    writeFileSync(
      join(home, "picasso.patch.yml"),
      "- insert:\n    tools:\n      - { name: terminal_open, tier: deferred, family: terminal }\n",
    );
    mkdirSync(join(workspace, ".picasso"));
    writeFileSync(
      join(workspace, ".picasso", "picasso.patch.yml"),
      "- override: { tool: terminal_open, tier: core }\n",
    );
    approve(home, workspace);
    const c = loadComposition({ surface: "cli", picassoHome: home, workspaceRoot: workspace });
    expect(coreToolRows(c).map((t) => t.name)).toContain("terminal_open");
    expect(c.files).toEqual(
      compositionFiles({ surface: "cli", picassoHome: home, workspaceRoot: workspace }).map((f) => f.path),
    );
    const tier1 = assembleTier1({
      composition: c,
      tools: [...coreTools(), ...deferredTools()],
      mcpServers: [],
      instructions: [],
      skills: [],
      families,
    }).tier1;
    expect(tier1.tools.map((t) => t.name)).toContain("terminal_open");
  });

  it("the CLI and SDK compositions yield the same Tier 1 for the same inputs", () => {
    const { home, workspace } = dirs();
    const input = {
      tools: [...coreTools(), ...deferredTools()],
      mcpServers: ["github", "linear"],
      instructions: [{ path: "AGENTS.md", text: "# Project\nRun `npm test`." }],
      skills: [{ name: "deploy", description: "Use when deploying." }],
      families,
    };
    const cli = loadComposition({ surface: "cli", picassoHome: home, workspaceRoot: workspace });
    const sdk = loadComposition({ surface: "sdk", picassoHome: home, workspaceRoot: workspace });
    // Surface rows differ (the SDK's output limit), Tier 1 does not.
    expect(sdk.settings["tools.outputLimitBytes"]).not.toBe(cli.settings["tools.outputLimitBytes"]);
    const a = assembleTier1({ composition: cli, ...input }).tier1;
    const b = assembleTier1({ composition: sdk, ...input }).tier1;
    expect(b.hash).toBe(a.hash);
    expect(b.system).toEqual(a.system);
  });

  it("a malformed user patch names the user's file and line", () => {
    const { home, workspace } = dirs();
    writeFileSync(join(home, "picasso.patch.yml"), "- override: { tool: bash, tier: core\n");
    try {
      loadComposition({ surface: "cli", picassoHome: home, workspaceRoot: workspace });
      expect.unreachable();
    } catch (error) {
      expect(isUserError(error)).toBe(true);
      expect((error as Error).message).toMatch(
        new RegExp(`^${join(home, "picasso.patch.yml")}:\\d+: malformed YAML`),
      );
    }
  });

  it("an include is read relative to the including file, its rows keep their own file and line", () => {
    const { home, workspace } = dirs();
    mkdirSync(join(workspace, ".picasso", "shared"), { recursive: true });
    writeFileSync(join(workspace, ".picasso", "picasso.patch.yml"), "- include: shared/web.patch.yml\n");
    const shared = join(workspace, ".picasso", "shared", "web.patch.yml");
    writeFileSync(
      shared,
      "# web tools\n- insert:\n    tools:\n      - { name: terminal_open, tier: core, family: terminal }\n",
    );
    approve(home, workspace);
    const c = loadComposition({ surface: "cli", picassoHome: home, workspaceRoot: workspace });
    expect(coreToolRows(c).map((t) => t.name)).toContain("terminal_open");
    // The same row included twice: the error points into the included file.
    writeFileSync(
      join(workspace, ".picasso", "picasso.patch.yml"),
      "- include: shared/web.patch.yml\n- include: ./shared/web.patch.yml\n",
    );
    approve(home, workspace);
    expect(() => loadComposition({ surface: "cli", picassoHome: home, workspaceRoot: workspace })).toThrow(
      `${shared}:4: tool: "terminal_open" is already a row; use override to change it`,
    );
  });

  it("memory.embeddings.provider defaults to auto, takes endpoint/none, and names the file on a bad value", () => {
    const { home, workspace } = dirs();
    expect(
      loadComposition({ surface: "cli", picassoHome: home, workspaceRoot: workspace }).settings[
        "memory.embeddings.provider"
      ],
    ).toBe("auto");
    const patch = join(home, "picasso.patch.yml");
    writeFileSync(patch, "- override: { settings: { memory.embeddings.provider: none } }\n");
    expect(
      loadComposition({ surface: "cli", picassoHome: home, workspaceRoot: workspace }).settings[
        "memory.embeddings.provider"
      ],
    ).toBe("none");
    writeFileSync(patch, "- override: { settings: { memory.embeddings.provider: onnx } }\n");
    expect(() => loadComposition({ surface: "cli", picassoHome: home, workspaceRoot: workspace })).toThrow(
      /picasso\.patch\.yml:1: .*memory\.embeddings\.provider.*auto, endpoint or none/,
    );
  });

  it("an include cycle or a missing included file is a UserError naming the file and line", () => {
    const { home, workspace } = dirs();
    const project = join(workspace, ".picasso", "picasso.patch.yml");
    const other = join(workspace, ".picasso", "other.patch.yml");
    mkdirSync(join(workspace, ".picasso"));
    writeFileSync(project, "# project\n- include: other.patch.yml\n");
    writeFileSync(other, "- disable: { tool: ask_user }\n- include: picasso.patch.yml\n");
    const load = () => loadComposition({ surface: "cli", picassoHome: home, workspaceRoot: workspace });
    const messageOf = () => {
      approve(home, workspace);
      try {
        load();
      } catch (error) {
        expect(isUserError(error)).toBe(true);
        return (error as Error).message;
      }
      throw new Error("expected a UserError");
    };
    expect(messageOf()).toBe(
      `${other}:2: patches[1].include: "picasso.patch.yml" is already being included (${project} → ${other} → ${project}); remove the cycle`,
    );
    writeFileSync(other, "- include: nowhere.patch.yml\n");
    expect(messageOf()).toBe(
      `${other}:1: patches[0].include: "nowhere.patch.yml" does not exist (looked for ${join(workspace, ".picasso", "nowhere.patch.yml")}; paths are relative to the including file)`,
    );
  });

  it("the project's patch applies only when its content — includes too — is approved; a change withholds it again", () => {
    const { home, workspace } = dirs();
    mkdirSync(join(workspace, ".picasso"));
    const project = join(workspace, ".picasso", "picasso.patch.yml");
    const shared = join(workspace, ".picasso", "shared.patch.yml");
    writeFileSync(project, "- include: shared.patch.yml\n");
    writeFileSync(
      shared,
      '- override: { settings: { sandbox.mode: "off", web.allowPrivateNetwork: true } }\n',
    );
    const load = () => loadComposition({ surface: "cli", picassoHome: home, workspaceRoot: workspace });
    const fresh = load();
    expect(fresh.settings["sandbox.mode"]).toBe("auto");
    expect(fresh.settings["web.allowPrivateNetwork"]).toBe(false);
    expect(fresh.withheld).toEqual([
      { file: ".picasso/picasso.patch.yml", state: "new", digest: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
    expect(fresh.files).not.toContain(project);
    approve(home, workspace);
    const approved = load();
    expect(approved.settings["sandbox.mode"]).toBe("off");
    expect(approved.withheld).toBeUndefined();
    // The model edits the included file: the approval no longer covers it.
    writeFileSync(shared, '- override: { settings: { sandbox.network: true, sandbox.mode: "off" } }\n');
    const changed = load();
    expect(changed.settings["sandbox.network"]).toBe(false);
    expect(changed.settings["sandbox.mode"]).toBe("auto");
    expect(changed.withheld?.[0]?.state).toBe("changed");
    // A broken project file that is not approved is not an error: it is not used.
    writeFileSync(project, "- override: { tool: bash, tier: core\n");
    expect(load().withheld?.[0]?.state).toBe("changed");
  });

  it("a missing surface file is a UserError naming it", () => {
    const { home, workspace } = dirs();
    expect(() =>
      loadComposition({ surface: "cli", picassoHome: home, workspaceRoot: workspace, patchesDir: home }),
    ).toThrow(/picasso-ecosystem\.patch\.yml: the cli composition file is missing/);
  });
});
