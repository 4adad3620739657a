/** The permission modes (docs/engine.md). A plain list, so reading a flag loads no schema library. */
export const PERMISSION_MODES = ["default", "plan", "auto"] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];

export function isPermissionMode(value: string): value is PermissionMode {
  return (PERMISSION_MODES as readonly string[]).includes(value);
}
