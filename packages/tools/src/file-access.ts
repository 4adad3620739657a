/**
 * How the file tools (`read`, `write`, `edit`) read and write whole files. By default the disk;
 * a surface may route them elsewhere — an ACP editor serves its buffers (unsaved changes
 * included) and takes writes into them (`fs/read_text_file`, `fs/write_text_file`). Existence,
 * size and kind still come from the disk, and files too large to read whole are sniffed there.
 */
import { open } from "node:fs/promises";
import { writeFileAtomic } from "./atomic-write.js";

export interface FileAccess {
  /** The whole file. */
  read(abs: string): Promise<Uint8Array>;
  /** Replace the whole file (parents created), atomically where the target allows. */
  write(abs: string, text: string): Promise<void>;
}

export const DISK_FILES: FileAccess = {
  async read(abs) {
    const handle = await open(abs, "r");
    try {
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  },
  write: (abs, text) => writeFileAtomic(abs, text),
};
