/**
 * A session's catalog build through the real engine: lean context compares the catalog with the
 * workspace's last build (catalog-store.ts), logs a `catalog_build` event once per opening and
 * shows what changed in its `/context` panel.
 */
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSession } from "@picasso/engine";
import { type ModelProvider, type PicassoExtension, readLogFileAll } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { createLeanContextPlugin } from "../src/index.js";
import { deferredTools, families, groups } from "./fixtures/tools.js";

const idle: ModelProvider = {
  name: "idle",
  model: "idle",
  contextWindow: 100_000,
  stream() {
    throw new Error("opening a session sends nothing");
  },
};

async function opened(root: string, home: string) {
  const lean = createLeanContextPlugin({ claudeHome: join(home, "no-claude") });
  const tools: PicassoExtension = { name: "tools", families, groups, registerTools: () => deferredTools() };
  const session = await createSession({
    provider: idle,
    plugins: [lean, tools],
    workspaceRoot: root,
    picassoHome: home,
  });
  try {
    const { events } = await readLogFileAll(session.logPath);
    const builds = events.filter((e) => e.type === "catalog_build");
    const row = lean.panel!().rows.find((r) => r.label === "Catalog");
    return { builds, row };
  } finally {
    await session.close("done");
  }
}

describe("the session's catalog build", () => {
  it("is logged once per opening with what changed since the last build, and shown in the panel", async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "catalog-build-ws-")));
    const home = realpathSync(mkdtempSync(join(tmpdir(), "picasso-home-catalog-build-")));
    mkdirSync(join(root, ".picasso"));
    mkdirSync(join(root, "docs"));
    writeFileSync(
      join(root, "AGENTS.md"),
      "| when | read |\n| --- | --- |\n| deploying | `docs/deploy.md` |\n",
    );
    writeFileSync(join(root, "docs/deploy.md"), "# Deployment\n\n## Rolling back\n");

    const first = await opened(root, home);
    expect(first.builds).toHaveLength(1);
    expect(first.builds[0]).toMatchObject({ type: "catalog_build", compared: false, changed: 0, removed: 0 });
    expect(first.row?.value).toMatch(/^\d+ entries; first build here$/);

    const second = await opened(root, home);
    expect(second.builds[0]).toMatchObject({ compared: true, added: 0, changed: 0, removed: 0 });
    expect(second.row?.value).toMatch(/unchanged since the last build$/);

    writeFileSync(join(root, "docs/deploy.md"), "# Deployment\n\n## Rolling back\n\n## Canary\n");
    const third = await opened(root, home);
    expect(third.builds[0]).toMatchObject({
      compared: true,
      changed: 1,
      added: 0,
      removed: 0,
      ids: ["docs/docs/deploy.md"],
    });
    expect(third.row?.value).toMatch(/1 changed since the last build \(docs\/deploy\.md\)$/);
  });
});
