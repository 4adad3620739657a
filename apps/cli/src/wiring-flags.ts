/**
 * The session flags shared by headless mode, the TUI and `compact`, and their validation —
 * kept apart from wiring.ts so reading flags loads no engine.
 */
import { type PermissionMode, PermissionModeSchema, UserError } from "@picasso/protocol";

export interface SessionFlags {
  provider?: string;
  model?: string;
  mockScript?: string;
  mode?: string;
  continue?: boolean;
  resume?: string;
}

export function parseMode(value: string | undefined): PermissionMode | undefined {
  if (value === undefined) return undefined;
  const parsed = PermissionModeSchema.safeParse(value);
  if (!parsed.success) throw new UserError(`--mode: expected default, plan or auto, got "${value}"`);
  return parsed.data;
}

export function resumeTarget(flags: SessionFlags): { id: string } | "newest" | undefined {
  if (flags.continue && flags.resume) throw new UserError("use either --continue or --resume <id>, not both");
  if (flags.resume) return { id: flags.resume };
  return flags.continue ? "newest" : undefined;
}
