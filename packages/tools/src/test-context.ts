/**
 * A small `ToolContext` over a real temporary workspace, for tests only (not exported by the package).
 *
 * `createTestContext()` makes a fresh folder, a read tracker, and scripted answers for `ask_user`
 * and `subagent`; `cleanup()` removes the folder. Calls to `askUser` and `runSubagent` are recorded.
 */
import { mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type AskUserRequest,
  type ForkedSubagents,
  noForkedSubagents,
  type SubagentRequest,
  type ToolContext,
} from "@picasso/protocol";
import { createFileReadTracker } from "./file-read-tracker.js";

export interface TestContext extends ToolContext {
  root: string;
  asked: AskUserRequest[];
  delegated: SubagentRequest[];
  abort: AbortController;
  cleanup(): void;
}

export interface TestContextOptions {
  /** Absolute paths outside the workspace the "user" allowed. */
  allowOutside?: string[];
  askUser?: (request: AskUserRequest) => Promise<string>;
  runSubagent?: (request: SubagentRequest) => Promise<string>;
  /** Background subagents; default: none can be forked (every call throws). */
  subagents?: ForkedSubagents;
}

export function createTestContext(options: TestContextOptions = {}): TestContext {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "picasso-tools-")));
  const asked: AskUserRequest[] = [];
  const delegated: SubagentRequest[] = [];
  const abort = new AbortController();
  const allowed = options.allowOutside ?? [];
  return {
    root,
    asked,
    delegated,
    abort,
    workspaceRoot: root,
    cwd: root,
    sessionId: "test-session",
    lane: "main",
    signal: abort.signal,
    spillDir: join(root, ".spill"),
    files: createFileReadTracker(),
    isOutsideAllowed: (abs) => allowed.some((a) => abs === a || abs.startsWith(`${a}/`)),
    async askUser(request) {
      asked.push(request);
      return options.askUser ? options.askUser(request) : "yes";
    },
    async runSubagent(request) {
      delegated.push(request);
      return options.runSubagent ? options.runSubagent(request) : `report for: ${request.task}`;
    },
    subagents: options.subagents ?? noForkedSubagents("this test context forks no subagents"),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Whether a process is gone (a zombie counts as gone: it no longer runs). */
export function processGone(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
    return state === "Z" || state === "X";
  } catch {
    return true;
  }
}

/** Poll `condition` until it holds or `timeoutMs` passes; returns whether it held. */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return condition();
}
