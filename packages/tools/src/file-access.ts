/**
 * How the file tools (`read`, `write`, `edit`) read and write whole files. By default the disk;
 * a surface may route them elsewhere — an ACP editor serves its buffers (unsaved changes
 * included) and takes writes into them (`fs/read_text_file`, `fs/write_text_file`). Existence,
 * size and kind still come from the disk, and files too large to read whole are sniffed there.
 *
 * Writes reach a `FileAccess` only through the choke point (file-mutations.ts `writeWholeFile`).
 * On the disk both go through workspace-fs/: on Linux no symlink swapped in after the boundary
 * check can redirect them (no-follow-walk.ts).
 */

import { workspaceFs } from "./workspace-fs/workspace-fs.js";
import type { WorkspaceScope } from "./workspace-path.js";

export interface FileAccess {
  /** The whole file; `scope` is the boundary the disk's walk keeps to. */
  read(abs: string, scope: WorkspaceScope): Promise<Uint8Array>;
  /** Replace the whole file (parents created), atomically where the target allows. */
  write(abs: string, text: string, scope: WorkspaceScope): Promise<void>;
}

export const DISK_FILES: FileAccess = {
  async read(abs, scope) {
    const handle = await workspaceFs().openFile(scope, abs);
    try {
      if (!(await handle.stat()).isFile())
        throw Object.assign(new Error(`${abs} is not a regular file`), { code: "EINVAL" });
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  },
  write: (abs, text, scope) => workspaceFs().writeFile(scope, abs, text),
};
