/**
 * Finding the running Node's headers for the native build (node-headers.mjs): a folder counts only
 * when its `include/node/node_version.h` is exactly this Node's version, so a stale cache or
 * another Node's headers are never compiled against; npm's `nodedir` setting wins when it fits.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script of the repository's tooling, without types
import { headersVersion, localNodedir } from "./node-headers.mjs";

function headers(version: string): string {
  const dir = mkdtempSync(join(tmpdir(), "node-headers-"));
  mkdirSync(join(dir, "include", "node"), { recursive: true });
  const [a, b, c] = version.split(".");
  writeFileSync(
    join(dir, "include", "node", "node_version.h"),
    `#define NODE_MAJOR_VERSION ${a}\n#define NODE_MINOR_VERSION ${b}\n#define NODE_PATCH_VERSION ${c}\n`,
  );
  return dir;
}

describe("the running Node's headers", () => {
  it("are read from node_version.h", () => {
    expect(headersVersion(headers("20.1.2"))).toBe("20.1.2");
    expect(headersVersion(mkdtempSync(join(tmpdir(), "no-headers-")))).toBeUndefined();
  });

  it("come from npm's nodedir or node-gyp's cache only when their version is this Node's", () => {
    const version = "98.7.6"; // no real Node: the running Node's own prefix can never match it
    const home = mkdtempSync(join(tmpdir(), "home-"));
    expect(localNodedir({}, home, version)).toBeUndefined();
    const other = headers("98.7.5");
    expect(localNodedir({ npm_config_nodedir: other }, home, version)).toBeUndefined();
    const right = headers(version);
    expect(localNodedir({ npm_config_nodedir: right }, home, version)).toBe(right);
    const cache = join(home, ".cache", "node-gyp", version);
    mkdirSync(join(cache, "include", "node"), { recursive: true });
    writeFileSync(
      join(cache, "include", "node", "node_version.h"),
      "#define NODE_MAJOR_VERSION 98\n#define NODE_MINOR_VERSION 7\n#define NODE_PATCH_VERSION 6\n",
    );
    expect(localNodedir({ npm_config_nodedir: other }, home, version)).toBe(cache);
  });
});
