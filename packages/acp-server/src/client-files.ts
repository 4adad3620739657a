/**
 * The editor's files for the file tools, when the client offers them (`clientCapabilities.fs`):
 * `read`, `write` and `edit` read through `fs/read_text_file` — so the model sees unsaved changes —
 * and write through `fs/write_text_file`, so the editor's buffers take the change. A capability the
 * client does not offer stays on the disk; so does a read the client cannot answer (a file outside
 * what it serves), which falls back to the disk.
 */
import type * as acp from "@agentclientprotocol/sdk";
import { DISK_FILES, type FileAccess } from "@picasso/tools";

export interface ClientFiles {
  read(params: acp.ReadTextFileRequest): Promise<acp.ReadTextFileResponse>;
  write(params: acp.WriteTextFileRequest): Promise<void>;
}

export function clientFileAccess(
  capabilities: acp.ClientCapabilities | undefined,
  sessionId: () => string,
  client: ClientFiles,
): FileAccess | undefined {
  const fs = capabilities?.fs;
  if (!fs?.readTextFile && !fs?.writeTextFile) return undefined;
  return {
    read: fs.readTextFile
      ? async (abs, scope) => {
          try {
            const { content } = await client.read({ sessionId: sessionId(), path: abs });
            return Buffer.from(content, "utf8");
          } catch {
            return DISK_FILES.read(abs, scope);
          }
        }
      : DISK_FILES.read,
    write: fs.writeTextFile
      ? (abs, text) => client.write({ sessionId: sessionId(), path: abs, content: text })
      : DISK_FILES.write,
  };
}
