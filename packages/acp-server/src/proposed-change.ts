/**
 * What an approval would let a file call do, as ACP tool-call content, so the editor's permission
 * prompt shows the change and not only a title: for `write`, a diff from the file's current text
 * (none: a new file) to the content; for `edit`, a diff from the current text to the text with
 * `old_string` replaced (every occurrence with `replace_all`). When the file cannot be read small
 * (too big, not text) or `old_string` is not in it, the edit's own strings are the diff — still
 * the change, without the rest of the file.
 */
import type * as acp from "@agentclientprotocol/sdk";
import { readSmallText, toolLocations } from "./session-updates.js";

export function proposedChange(input: Record<string, unknown>, cwd: string): acp.ToolCallContent[] {
  const path = toolLocations(input, cwd)[0]?.path;
  if (!path) return [];
  const current = readSmallText(path);
  if (typeof input.content === "string")
    return [{ type: "diff", path, oldText: current ?? null, newText: input.content }];
  const { old_string: before, new_string: after } = input;
  if (typeof before !== "string" || typeof after !== "string") return [];
  if (current === undefined || before === "" || !current.includes(before))
    return [{ type: "diff", path, oldText: before, newText: after }];
  const newText =
    input.replace_all === true ? current.split(before).join(after) : current.replace(before, () => after);
  return [{ type: "diff", path, oldText: current, newText }];
}
