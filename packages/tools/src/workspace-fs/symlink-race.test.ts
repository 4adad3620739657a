/**
 * The symlink-swap race: while a child process exchanges the workspace folder `inner` with a
 * symlink to a folder outside (symlink-swapper.ts), the real tools target `inner/…` a thousand
 * times each. Nothing may land outside, be deleted outside or be read from outside; every call
 * either works inside the workspace or is refused with a tool error saying why.
 *
 * The first test shows the harness has teeth: the swapper really swaps, and the by-path
 * operations (the fallback, what every tool did before the no-follow walk) do let a write escape.
 */
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyPatchTool } from "../files/apply-patch.js";
import { readTool } from "../read.js";
import { createTestContext, type TestContext, waitUntil } from "../test-context.js";
import { resolveWorkspacePath } from "../workspace-path.js";
import { writeTool } from "../write.js";
import { BY_PATH_FILES } from "./by-path-files.js";
import { type Swapper, startSwapper as startSwapping } from "./symlink-swapper.js";

const CALLS = 1000;
const RACE_TIMEOUT_MS = 120_000;

let ctx: TestContext;
let swapper: Swapper | undefined;
let outside: string;

/** Start swapping `inner` and `link`; afterEach stops a swapper a failed test left running. */
async function startSwapper(a: string, b: string): Promise<Swapper> {
  const started = await startSwapping(a, b);
  let stopped: Promise<number> | undefined;
  swapper = { stop: () => (stopped ??= started.stop()) };
  return swapper;
}
let inner: string;
let link: string;
beforeEach(() => {
  ctx = createTestContext();
  outside = realpathSync(mkdtempSync(join(tmpdir(), "picasso-race-outside-")));
  inner = join(ctx.root, "inner");
  link = join(ctx.root, "link");
  mkdirSync(inner);
  symlinkSync(outside, link);
});
afterEach(async () => {
  await swapper?.stop();
  swapper = undefined;
  ctx.cleanup();
  rmSync(outside, { recursive: true, force: true });
});

/** Where the workspace's real folder is once swapping stopped: under `inner` or under `link`. */
const realFolder = () => (lstatSync(inner).isDirectory() ? inner : link);
/** A refusal names its reason: the path leads outside, or it kept flipping until the walk gave up. */
const isRefusal = (content: string) => /outside the workspace|kept changing/.test(content);
/** Refused by the no-follow walk (a symlink met after the boundary check), not by the check itself. */
const isWalkRefusal = (content: string) => /is a symlink to .* it was not followed/.test(content);

describe("the symlink-swap race (Linux)", () => {
  it(
    "is real: the swapper swaps, and writes by path escape the workspace",
    async () => {
      const swapper = await startSwapper(inner, link);
      const seen = new Set<string>();
      const bothSeen = await waitUntil(() => {
        seen.add(lstatSync(inner).isSymbolicLink() ? "symlink" : "folder");
        return seen.size === 2;
      });
      let escaped = false;
      const deadline = Date.now() + 30_000;
      for (let i = 0; !escaped && Date.now() < deadline; i++) {
        const target = resolveWorkspacePath(ctx, `inner/file-${i}`);
        if (target.ok) await BY_PATH_FILES.writeFile(ctx, target.abs, "x").catch(() => undefined);
        escaped = readdirSync(outside).length > 0;
      }
      const swaps = await swapper.stop();
      expect(bothSeen).toBe(true);
      expect(swaps).toBeGreaterThan(0);
      expect(escaped).toBe(true);
    },
    RACE_TIMEOUT_MS,
  );

  it(
    `write: ${CALLS} calls at inner/file-N land inside or are refused, none outside`,
    async () => {
      const descriptors = readdirSync("/proc/self/fd").length;
      const swapper = await startSwapper(inner, link);
      let refused = 0;
      let byWalk = 0;
      const odd: string[] = [];
      for (let i = 0; i < CALLS; i++) {
        const out = await writeTool.run({ path: `inner/file-${i}`, content: `${i}\n` }, ctx);
        if (!out.isError) continue;
        refused++;
        if (isWalkRefusal(out.content)) byWalk++;
        if (!isRefusal(out.content)) odd.push(out.content);
      }
      const swaps = await swapper.stop();
      const inside = readdirSync(realFolder()).filter((n) => n.startsWith("file-")).length;
      const escaped = readdirSync(outside).length;
      console.info(
        `[symlink race] write: ${inside} inside, ${refused} refused (${byWalk} by the walk), ${escaped} outside (${swaps} swaps)`,
      );
      expect(escaped).toBe(0);
      expect(odd).toEqual([]);
      expect(inside + refused).toBe(CALLS);
      expect(readdirSync("/proc/self/fd").length).toBe(descriptors);
    },
    RACE_TIMEOUT_MS,
  );

  it(
    `apply_patch: ${CALLS} patches adding inner/add-N and deleting inner/del-N touch nothing outside`,
    async () => {
      for (let i = 0; i < CALLS; i++) {
        writeFileSync(join(inner, `del-${i}`), "inside\n");
        writeFileSync(join(outside, `del-${i}`), "outside\n");
      }
      const swapper = await startSwapper(inner, link);
      let applied = 0;
      let notPutBack = 0;
      const odd: string[] = [];
      for (let i = 0; i < CALLS; i++) {
        const patch = [
          "*** Begin Patch",
          `*** Add File: inner/add-${i}`,
          "+added",
          `*** Delete File: inner/del-${i}`,
          "*** End Patch",
        ].join("\n");
        const out = await applyPatchTool.run({ patch }, ctx);
        if (!out.isError) applied++;
        else if (!isRefusal(out.content)) odd.push(out.content);
        else if (out.content.includes("could not be put back")) notPutBack++;
      }
      const swaps = await swapper.stop();
      const names = readdirSync(realFolder());
      const added = names.filter((n) => n.startsWith("add-")).length;
      const deleted = CALLS - names.filter((n) => n.startsWith("del-")).length;
      const outsideNames = readdirSync(outside);
      console.info(
        `[symlink race] apply_patch: ${applied} applied (${added} added, ${deleted} deleted inside), ` +
          `${CALLS - applied} refused (${notPutBack} left an added file the rollback could not remove), ` +
          `${outsideNames.filter((n) => n.startsWith("add-")).length} added outside, ` +
          `${CALLS - outsideNames.filter((n) => n.startsWith("del-")).length} deleted outside (${swaps} swaps)`,
      );
      expect(outsideNames.filter((n) => !n.startsWith("del-"))).toEqual([]);
      expect(outsideNames.length).toBe(CALLS);
      expect(odd).toEqual([]);
      // The add comes before the delete: a refused delete rolls the add back, unless that is refused too (and said).
      expect(added).toBe(applied + notPutBack);
      expect(deleted).toBe(applied);
    },
    RACE_TIMEOUT_MS,
  );

  it(
    `read: ${CALLS} reads of inner/secret.txt never show the file outside`,
    async () => {
      writeFileSync(join(inner, "secret.txt"), "inside\n");
      writeFileSync(join(outside, "secret.txt"), "OUTSIDE SECRET\n");
      const swapper = await startSwapper(inner, link);
      let shownInside = 0;
      let shownOutside = 0;
      let refused = 0;
      let byWalk = 0;
      const odd: string[] = [];
      for (let i = 0; i < CALLS; i++) {
        const out = await readTool.run({ path: "inner/secret.txt" }, ctx);
        if (isWalkRefusal(out.content)) byWalk++;
        if (out.content.includes("OUTSIDE SECRET")) shownOutside++;
        else if (!out.isError && out.content === "     1\tinside") shownInside++;
        else if (out.isError && isRefusal(out.content)) refused++;
        else odd.push(out.content);
      }
      const swaps = await swapper.stop();
      console.info(
        `[symlink race] read: ${shownInside} inside, ${refused} refused (${byWalk} by the walk), ${shownOutside} outside (${swaps} swaps)`,
      );
      expect(shownOutside).toBe(0);
      expect(odd).toEqual([]);
      expect(shownInside + refused).toBe(CALLS);
    },
    RACE_TIMEOUT_MS,
  );
});
