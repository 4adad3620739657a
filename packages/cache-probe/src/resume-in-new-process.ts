/**
 * Parent side of a resume in a new process: writes the child's config, spawns
 * `node dist/resume-child.js` (the package must be built: `npx tsc -b`), waits for it, and
 * returns the steps it recorded. A child that fails is an error carrying its stderr; one that
 * runs past two minutes is killed.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { ProbeStep } from "./probe-step.js";
import type { ResumeChildConfig } from "./resume-child.js";

const CHILD_TIMEOUT_MS = 120_000;

/** Resolves from src/ (tests) and dist/ alike. */
export const RESUME_CHILD_PATH = createRequire(import.meta.url).resolve("@picasso/cache-probe/resume-child");

export async function resumeInNewProcess(config: Omit<ResumeChildConfig, "output">): Promise<ProbeStep[]> {
  if (!existsSync(RESUME_CHILD_PATH))
    throw new Error(`${RESUME_CHILD_PATH} is missing: build packages/cache-probe first (npx tsc -b)`);
  const configPath = join(config.home, "probe-resume-child.json");
  const output = join(config.home, "probe-resume-steps.json");
  writeFileSync(configPath, JSON.stringify({ ...config, output } satisfies ResumeChildConfig));
  const child = spawn(process.execPath, [RESUME_CHILD_PATH, configPath], {
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, PICASSO_HOME: config.home },
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(
        new Error(`the resume child did not finish within ${CHILD_TIMEOUT_MS / 1000} s: ${stderr.trim()}`),
      );
    }, CHILD_TIMEOUT_MS);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (exit) => {
      clearTimeout(timer);
      resolve(exit);
    });
  });
  if (code !== 0) throw new Error(`the resume child exited with ${code}: ${stderr.trim()}`);
  return JSON.parse(readFileSync(output, "utf8")) as ProbeStep[];
}
