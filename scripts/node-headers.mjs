/**
 * Where this machine keeps the running Node's C headers, for compiling a native module without
 * downloading them (native-addons.mjs): `npm_config_nodedir` (npm's `nodedir` setting), the prefix
 * of the running `node` (`<prefix>/include/node/node.h`, Debian's and the official tarballs'
 * layout), node-gyp's cache (`~/.cache/node-gyp/<version>`) — the first whose
 * `include/node/node_version.h` is exactly the running Node's version.
 */
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";

/** `major.minor.patch` of the headers under `nodedir`, or undefined. */
export function headersVersion(nodedir) {
  try {
    const text = readFileSync(join(nodedir, "include", "node", "node_version.h"), "utf8");
    const part = (name) => new RegExp(`#define ${name} (\\d+)`).exec(text)?.[1];
    const [a, b, c] = [part("NODE_MAJOR_VERSION"), part("NODE_MINOR_VERSION"), part("NODE_PATCH_VERSION")];
    return a && b && c ? `${a}.${b}.${c}` : undefined;
  } catch {
    return undefined;
  }
}

/** The first folder holding the running Node's headers, or undefined. */
export function localNodedir(env = process.env, home = homedir(), version = process.versions.node) {
  const candidates = [
    env.npm_config_nodedir,
    resolve(dirname(process.execPath), ".."),
    join(home, ".cache", "node-gyp", version),
  ].filter(Boolean);
  return candidates.find((dir) => headersVersion(dir) === version);
}
