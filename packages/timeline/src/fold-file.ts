/**
 * Folding a whole log: from events in memory (`foldTimelineEvents`, for the live session and
 * tests) or from a file, streamed line by line (`foldTimelineFile`, or `feedTimelineFile` into a
 * folder that goes on folding).
 *
 * A file that cannot be read, is empty, or holds no event at all (not a session log) is a
 * `UserError` naming the file. Torn and corrupt lines are skipped and reported — in the
 * timeline's `skipped` and to `onSkip` as they are met — and the rest is folded.
 */
import { statSync } from "node:fs";
import {
  type LogEvent,
  parseLogLineLoose,
  peekLogSeq,
  peekLogType,
  scanLogFile,
  UserError,
} from "@picasso/protocol";
import { readMessageLine } from "./message-size.js";
import { TIMELINE_UNSHOWN_TYPES, TimelineFolder, type TimelineFoldOptions } from "./timeline-fold.js";
import type { Timeline, TimelineSkip } from "./timeline-types.js";

export function foldTimelineEvents(events: Iterable<LogEvent>, options: TimelineFoldOptions = {}): Timeline {
  const folder = new TimelineFolder(options);
  for (const event of events) folder.add(event);
  return folder.finish();
}

export interface FoldFileOptions extends TimelineFoldOptions {
  /** Called for each line that is not an event, as it is met. */
  onSkip?: (skip: TimelineSkip) => void;
}

export async function foldTimelineFile(path: string, options: FoldFileOptions = {}): Promise<Timeline> {
  const folder = new TimelineFolder(options);
  await feedTimelineFile(folder, path, options);
  return folder.finish();
}

/**
 * Stream a log file into an existing folder — e.g. a resumed session's earlier events, before a
 * log observer feeds it the new ones. Returns how many events were added.
 *
 * Fast path for long logs (`scanLogFile`): an event of a type the timeline does not show is
 * counted without being parsed; a `message` line is parsed without its message
 * (`readMessageLine`); the others are parsed without the full schema check, and a line the fold
 * cannot use (it throws on it) is skipped and reported like any unreadable line.
 */
export async function feedTimelineFile(
  folder: TimelineFolder,
  path: string,
  options: Pick<FoldFileOptions, "onSkip"> = {},
): Promise<number> {
  checkLogFile(path);
  let events = 0;
  let firstSkip: TimelineSkip | undefined;
  const skip = (s: TimelineSkip) => {
    firstSkip ??= s;
    folder.skip(s);
    options.onSkip?.(s);
  };
  try {
    await scanLogFile(path, (line) => {
      const type = peekLogType(line.text);
      if (line.complete && type !== undefined && TIMELINE_UNSHOWN_TYPES.has(type)) {
        events += 1;
        folder.count(peekLogSeq(line.text));
        return;
      }
      const message = line.complete && type === "message" ? readMessageLine(line) : undefined;
      const parsed = message ?? parseLogLineLoose(line.text);
      if ("reason" in parsed) {
        skip({ line: line.line, reason: parsed.reason, torn: !line.complete });
        return;
      }
      try {
        if ("messageBytes" in parsed) folder.addMessage(parsed.event, parsed.messageBytes);
        else folder.add(parsed.event);
        events += 1;
      } catch (error) {
        skip({
          line: line.line,
          reason: `invalid ${parsed.event.type} event (${(error as Error).message})`,
          torn: false,
        });
      }
    });
  } catch (error) {
    throw new UserError(`cannot read log file ${path} (${(error as Error).message})`);
  }
  if (events === 0)
    throw new UserError(
      `${path} is not a picasso session log: no line is a log event` +
        (firstSkip ? ` (line ${firstSkip.line}: ${firstSkip.reason})` : ""),
    );
  return events;
}

/** A file to fold: it exists, is a regular file and is not empty — else a UserError naming it. */
function checkLogFile(path: string): void {
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile())
      throw new UserError(`${path} is not a file; give a session log (.jsonl) or a session id`);
    size = stat.size;
  } catch (error) {
    if (error instanceof UserError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new UserError(
      code === "ENOENT"
        ? `no such log file: ${path}`
        : `cannot read log file ${path} (${code ?? (error as Error).message})`,
    );
  }
  if (size === 0) throw new UserError(`${path} is empty: the session wrote no events`);
}
