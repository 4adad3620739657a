/**
 * Servers are fixed for the session. `ConfigWatch` notices when the configuration files change
 * while a session runs (their size and mtime, checked before each step — no timer, no watcher)
 * and says, once per server, what the change means: a server added is mounted from the next
 * session; a server removed stays mounted until this one ends.
 */
import { statSync } from "node:fs";

export interface ConfigWatchSource {
  /** The configuration files (absent ones included). */
  files: readonly string[];
  /** The server names the files configure now. */
  names(): string[];
}

export class ConfigWatch {
  private stamp: string;
  private readonly told = new Set<string>();

  constructor(
    private readonly source: ConfigWatchSource,
    private readonly mounted: readonly string[],
  ) {
    this.stamp = this.current();
  }

  private current(): string {
    return this.source.files
      .map((file) => {
        try {
          const s = statSync(file);
          return `${s.size}:${s.mtimeMs}`;
        } catch {
          return "-";
        }
      })
      .join("|");
  }

  /** Notices for the changes since the last check: `[server, text]`. */
  check(): [string, string][] {
    const now = this.current();
    if (now === this.stamp) return [];
    this.stamp = now;
    let names: string[];
    try {
      names = this.source.names();
    } catch {
      return [];
    }
    const out: [string, string][] = [];
    for (const name of names) {
      if (this.mounted.includes(name) || this.told.has(`+${name}`)) continue;
      this.told.add(`+${name}`);
      out.push([
        name,
        `MCP server "${name}" was added to the configuration after this session started: its gateway ${name}_call is mounted from the next session, not in this one.`,
      ]);
    }
    for (const name of this.mounted) {
      if (names.includes(name) || this.told.has(`-${name}`)) continue;
      this.told.add(`-${name}`);
      out.push([
        name,
        `MCP server "${name}" was removed from the configuration: ${name}_call stays usable until this session ends.`,
      ]);
    }
    return out;
  }
}
