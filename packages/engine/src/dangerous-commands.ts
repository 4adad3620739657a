/**
 * The deny-list of shell commands that no mode runs, not even `auto`: they destroy a machine or
 * a shared history and cannot be undone. Matching is on the command text after collapsing
 * whitespace; each rule has a reason the model is told. The list is deliberately short and
 * specific — it is a seat belt, not a sandbox.
 */
export interface DangerousCommandRule {
  pattern: RegExp;
  reason: string;
}

export const DANGEROUS_COMMANDS: DangerousCommandRule[] = [
  {
    pattern: /\brm\s+(-[a-zA-Z]*\s+)*-[a-zA-Z]*[rR][a-zA-Z]*\s+(-[a-zA-Z]+\s+)*(\/|~|\$HOME|\/\*)(\s|$|;|&)/,
    reason: "recursive delete of the root or home folder",
  },
  { pattern: /\brm\s+.*--no-preserve-root/, reason: "recursive delete of the root folder" },
  { pattern: /(^|[;&|(]\s*|\bsudo\s+)mkfs(\.\w+)?\s/, reason: "formats a file system" },
  {
    pattern: /\bdd\b.*\bof=\/dev\/(sd|hd|nvme|disk|mmcblk|xvd|vd)/,
    reason: "writes raw data to a disk device",
  },
  { pattern: />\s*\/dev\/(sd|hd|nvme|disk|mmcblk|xvd|vd)\w*/, reason: "writes raw data to a disk device" },
  { pattern: /:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:/, reason: "a fork bomb" },
  {
    pattern: /(^|[;&|(]\s*|\bsudo\s+)(shutdown|poweroff|halt|reboot)(\s|$|;)/,
    reason: "shuts down or reboots the machine",
  },
  { pattern: /\binit\s+[06]\b/, reason: "shuts down or reboots the machine" },
  {
    pattern: /\bgit\s+push\b(?=.*(\s--force\b|\s-f\b|\s--force-with-lease\b|\s\+\w))(?=.*\b(main|master)\b)/,
    reason: "force-pushes to main/master",
  },
  {
    pattern: /\b(curl|wget)\b[^|;&]*\|\s*(sudo\s+)?(ba|z|da|k)?sh\b/,
    reason: "pipes a download straight into a shell",
  },
  { pattern: /\bchmod\s+(-R\s+)?[0-7]*777\s+\/(\s|$)/, reason: "opens the root folder to everyone" },
];

/** The rule a command breaks, or undefined if it may run. */
export function dangerousCommand(command: string): DangerousCommandRule | undefined {
  const flat = command.replace(/\s+/g, " ");
  return DANGEROUS_COMMANDS.find((rule) => rule.pattern.test(flat));
}
