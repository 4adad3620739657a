/**
 * Truncating large tool output. A result over the limit keeps its first `limit` bytes (cut at a
 * line break when one is near, never inside a UTF-8 character) and ends with a notice naming the
 * file that holds the full output and how to read the rest with the `read` tool. The full text
 * is written to `<outputsDir>/<tool-use-id>.txt` before the truncated result is returned.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface SpilledOutput {
  content: string;
  truncated: boolean;
  fullOutputPath?: string;
}

export function truncateToolOutput(args: {
  content: string;
  limitBytes: number;
  outputsDir: string;
  toolUseId: string;
}): SpilledOutput {
  const bytes = Buffer.from(args.content, "utf8");
  if (bytes.length <= args.limitBytes) return { content: args.content, truncated: false };
  mkdirSync(args.outputsDir, { recursive: true });
  const safeId = args.toolUseId.replace(/[^A-Za-z0-9_-]/g, "_");
  const path = join(args.outputsDir, `${safeId}.txt`);
  writeFileSync(path, bytes);
  let head = bytes.subarray(0, args.limitBytes).toString("utf8");
  if (head.endsWith("\uFFFD")) head = head.slice(0, -1);
  const lastBreak = head.lastIndexOf("\n");
  if (lastBreak > head.length * 0.8) head = head.slice(0, lastBreak + 1);
  const shownLines = head.split("\n").length - (head.endsWith("\n") ? 1 : 0);
  const notice =
    `\n[output truncated: ${bytes.length} bytes in all, the first ${Buffer.byteLength(head)} shown. ` +
    `The full output is saved at ${path} — read the rest with the read tool ` +
    `(path "${path}", offset ${shownLines + 1}).]`;
  return { content: head + notice, truncated: true, fullOutputPath: path };
}
