/**
 * `picasso trust`: the project files Picasso uses only with the user's approval (docs/security.md)
 * — this workspace's `.mcp.json`, its `.picasso/picasso.patch.yml` (with includes) and Claude
 * Code's project settings with `mcp__…` allow rules, and the project's settings files with hooks
 * (docs/hooks.md) — each with its state (approved, not approved
 * yet, changed since approved) and what using it does.
 * - `picasso trust [--json]` lists them;
 * - `picasso trust approve [FILE…]` approves their current content (all pending when no FILE);
 * - `picasso trust revoke [FILE…]` forgets approvals (all of this workspace's when no FILE).
 * An approval is a digest of the content, kept in `$PICASSO_HOME/trust.json`; a later change asks
 * again. Naming a file that is not one of these is a one-line mistake (exit 2).
 */
import type { Command } from "commander";

interface TrustWhere {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

async function place(where: TrustWhere) {
  const [{ defaultPicassoHome, findWorkspaceRoot }] = await Promise.all([import("@picasso/workspace")]);
  return {
    workspaceRoot: findWorkspaceRoot(where.cwd ?? process.cwd()),
    picassoHome: defaultPicassoHome(where.env ?? process.env),
  };
}

const STATE = { approved: "approved", new: "not approved yet", changed: "changed since approved" } as const;

export async function trustList(json: boolean, where: TrustWhere = {}): Promise<string> {
  const { reviewProjectConfig } = await import("@picasso/surface");
  const here = await place(where);
  const files = reviewProjectConfig(here);
  if (json) return `${JSON.stringify({ workspace: here.workspaceRoot, files }, null, 2)}\n`;
  if (files.length === 0)
    return `No project file here needs approval (${here.workspaceRoot}: no .mcp.json, .picasso/picasso.patch.yml, allow rules or hooks).\n`;
  const width = Math.max(...files.map((f) => f.file.length));
  const lines = files.map((f) => `${f.file.padEnd(width)}  ${STATE[f.state].padEnd(22)}  it ${f.effect}`);
  const pending = files.filter((f) => f.state !== "approved");
  if (pending.length > 0) lines.push("", "Approve their current content with: picasso trust approve [FILE…]");
  return `${lines.join("\n")}\n`;
}

export async function trustApprove(names: readonly string[], where: TrustWhere = {}): Promise<string> {
  const [{ approveProjectConfig, reviewProjectConfig }, { UserError }] = await Promise.all([
    import("@picasso/surface"),
    import("@picasso/protocol/basics"),
  ]);
  const here = await place(where);
  const files = reviewProjectConfig(here);
  for (const name of names)
    if (!files.some((f) => f.file === name))
      throw new UserError(
        `trust approve: ${name} is not a project file that needs approval here (${files.map((f) => f.file).join(", ") || "there are none"})`,
      );
  const chosen = files.filter((f) => (names.length ? names.includes(f.file) : f.state !== "approved"));
  if (chosen.length === 0) return "Nothing to approve: every project file here is approved.\n";
  approveProjectConfig(here, chosen);
  return `${chosen.map((f) => `approved ${f.file} (sha256 ${f.digest.slice(0, 12)}…): it ${f.effect}`).join("\n")}\n`;
}

export async function trustRevoke(names: readonly string[], where: TrustWhere = {}): Promise<string> {
  const { revokeProjectFile } = await import("@picasso/workspace");
  const here = await place(where);
  if (names.length === 0)
    return revokeProjectFile(here.picassoHome, here.workspaceRoot)
      ? `Revoked every approval of ${here.workspaceRoot}.\n`
      : "Nothing to revoke: no approval recorded for this workspace.\n";
  const lines = names.map((name) =>
    revokeProjectFile(here.picassoHome, here.workspaceRoot, name)
      ? `revoked ${name}`
      : `${name}: no approval recorded`,
  );
  return `${lines.join("\n")}\n`;
}

export function register(program: Command): void {
  const trust = program
    .command("trust")
    .description(
      "project files (.mcp.json, .picasso patch, allow rules, hooks) Picasso uses only once you approve them",
    )
    .option("--json", "print them as JSON")
    .action(async (flags: { json?: boolean }) => {
      process.stdout.write(await trustList(flags.json === true));
    });
  trust
    .command("approve [files...]")
    .description("approve the current content of these files (default: every one not approved)")
    .action(async (files: string[] = []) => {
      process.stdout.write(await trustApprove(files));
    });
  trust
    .command("revoke [files...]")
    .description("forget the approval of these files (default: all of this workspace's)")
    .action(async (files: string[] = []) => {
      process.stdout.write(await trustRevoke(files));
    });
}
