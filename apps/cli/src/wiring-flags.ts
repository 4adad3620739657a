/**
 * The session flags shared by headless mode, the TUI and `compact`, and their validation —
 * kept apart from wiring.ts so reading flags loads no engine.
 */
import { isPermissionMode, type PermissionMode, UserError } from "@picasso/protocol/basics";

export interface SessionFlags {
  provider?: string;
  model?: string;
  mockScript?: string;
  mode?: string;
  continue?: boolean;
  resume?: string;
  /** Overrides the setting `sandbox.mode` for this session. */
  sandbox?: "off" | "on" | "auto";
  /** Approve this project's `.mcp.json`, patch file and allow rules as they are now (remembered). */
  approveProjectConfig?: boolean;
}

export function parseMode(value: string | undefined): PermissionMode | undefined {
  if (value === undefined) return undefined;
  if (!isPermissionMode(value)) throw new UserError(`--mode: expected default, plan or auto, got "${value}"`);
  return value;
}

export function resumeTarget(flags: SessionFlags): { id: string } | "newest" | undefined {
  if (flags.continue && flags.resume) throw new UserError("use either --continue or --resume <id>, not both");
  if (flags.resume) return { id: flags.resume };
  return flags.continue ? "newest" : undefined;
}
