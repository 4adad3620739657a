/**
 * The text of a configuration file the user (or a repository) wrote — `.mcp.json`,
 * `$PICASSO_HOME/mcp.json`, Claude Code's `settings.json` — read through @picasso/workspace
 * `readBoundedFile`: a FIFO, socket or device is never opened (a FIFO would block the session's
 * start forever), and at most `CONFIG_READ_BYTES` are read. A problem is one short phrase for the
 * caller's line: "a FIFO (named pipe), not a file", "cannot be read (EACCES)", "larger than 4 MiB".
 */
import { readBoundedFile } from "@picasso/workspace";

export const CONFIG_READ_BYTES = 4 * 1024 * 1024;

export type ConfigText =
  | { kind: "text"; text: string }
  | { kind: "missing" }
  | { kind: "problem"; problem: string };

export function readConfigText(file: string): ConfigText {
  const read = readBoundedFile(file, CONFIG_READ_BYTES);
  if (read.kind === "missing") return read;
  if (read.kind === "not-a-file") return { kind: "problem", problem: `${read.what}, not a file` };
  if (read.kind === "unreadable") return { kind: "problem", problem: `cannot be read (${read.code})` };
  if (read.truncated) return { kind: "problem", problem: "larger than 4 MiB" };
  return { kind: "text", text: read.bytes.toString("utf8") };
}
