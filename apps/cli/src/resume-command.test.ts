import { chmodSync, mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { picassoInvocation, resumeCommand } from "./resume-command.js";

function checkout(name = "checkout") {
  const root = join(realpathSync(mkdtempSync(join(tmpdir(), "picasso-invocation-"))), name);
  mkdirSync(join(root, "apps/cli/dist"), { recursive: true });
  const mainPath = join(root, "apps/cli/dist/main.js");
  writeFileSync(mainPath, "#!/usr/bin/env node\n");
  chmodSync(mainPath, 0o755);
  writeFileSync(join(root, "package.json"), "{}");
  return { root, mainPath };
}

describe("resumeCommand", () => {
  it("says picasso when the picasso on PATH is this binary", () => {
    const { root, mainPath } = checkout();
    const bin = join(root, "bin");
    mkdirSync(bin);
    symlinkSync(mainPath, join(bin, "picasso"));
    expect(resumeCommand("s1", { env: { PATH: `/nonexistent:${bin}` }, mainPath })).toBe(
      "picasso --resume s1",
    );
  });

  it("does not say picasso when the picasso on PATH is another binary", () => {
    const { root, mainPath } = checkout();
    const other = checkout("other");
    const bin = join(root, "bin");
    mkdirSync(bin);
    symlinkSync(other.mainPath, join(bin, "picasso"));
    expect(picassoInvocation({ env: { PATH: bin }, mainPath })).toBe(`node ${mainPath}`);
  });

  it("says npm start -- when run as the checkout's start script", () => {
    const { root, mainPath } = checkout();
    const env = {
      PATH: "/nonexistent",
      npm_lifecycle_event: "start",
      npm_lifecycle_script: "node apps/cli/dist/main.js",
      npm_package_json: join(root, "package.json"),
    };
    expect(resumeCommand("s1", { env, mainPath })).toBe("npm start -- --resume s1");
    expect(picassoInvocation({ env: { ...env, npm_lifecycle_event: "test" }, mainPath })).toBe(
      `node ${mainPath}`,
    );
  });

  it("falls back to node and the path of main.js, quoted when needed", () => {
    const { mainPath } = checkout("with space");
    expect(resumeCommand("s1", { env: { PATH: "" }, mainPath })).toBe(`node '${mainPath}' --resume s1`);
  });
});
