/**
 * What a monitor follows, as lines: a workspace file (file-follower.ts) or the output of a
 * process the tools already run — a background `bash` job or a terminal — through the tools'
 * read-only tap (packages/tools output-tap.ts), so a monitor never starts a command itself. Each
 * `read` returns the whole lines that arrived since the last one (at most 64 KiB of output a
 * read) and, once nothing more can come, why (`ended`).
 */
import type { OutputTap } from "@picasso/tools";
import type { FileFollower } from "./file-follower.js";
import { LineSplitter } from "./line-splitter.js";

export const READ_BYTES = 64 * 1024;

export interface SourceRead {
  lines: string[];
  /** Nothing more will come: the process exited, the file can no longer be read. */
  ended?: string;
}

export interface MonitorSource {
  /** What it follows, for people and notices: `file logs/app.log`, `job-1 (npm run dev)`. */
  readonly describe: string;
  read(): Promise<SourceRead>;
}

export function fileSource(follower: FileFollower, shown: string): MonitorSource {
  const lines = new LineSplitter();
  return {
    describe: `file ${shown}`,
    async read() {
      const got = await follower.read(READ_BYTES);
      if (got.restarted) lines.reset();
      if (got.refused) return { lines: [], ended: got.refused };
      return { lines: lines.push(got.text) };
    },
  };
}

/** `fromStart`: the output the process printed before the monitor started counts too. */
export function processSource(tap: OutputTap, fromStart: boolean): MonitorSource {
  const lines = new LineSplitter();
  let offset = fromStart ? 0 : tap.peek(0, 0).total;
  return {
    describe: `${tap.id} (${oneLine(tap.command)})`,
    async read() {
      const got = tap.peek(offset, READ_BYTES);
      offset = got.next;
      const found = lines.push(got.text);
      if (got.ended && got.next >= got.total)
        return { lines: [...found, ...lines.flush()], ended: `${tap.id} exited` };
      return { lines: found };
    },
  };
}

function oneLine(command: string): string {
  const flat = command.replace(/\s+/g, " ").trim();
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}
