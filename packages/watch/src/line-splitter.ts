/**
 * Output arrives in chunks that cut lines anywhere: the splitter keeps the unfinished last line
 * until its newline comes, and caps every line (a minified bundle or a binary printed to a log
 * would otherwise grow one line without end — and the pattern is tested against each line).
 */
export const MAX_LINE_CHARS = 4096;

export class LineSplitter {
  private partial = "";

  /** The whole lines this chunk completes, each at most `MAX_LINE_CHARS`. */
  push(chunk: string): string[] {
    const parts = (this.partial + chunk).split("\n");
    this.partial = parts.pop() ?? "";
    const lines = parts.map((line) => line.replace(/\r$/, "").slice(0, MAX_LINE_CHARS));
    // An endless line is cut: its head counts as a line, the rest starts the next one.
    while (this.partial.length > MAX_LINE_CHARS) {
      lines.push(this.partial.slice(0, MAX_LINE_CHARS));
      this.partial = this.partial.slice(MAX_LINE_CHARS);
    }
    return lines;
  }

  /** The unfinished last line, when the source ends (the process exited). */
  flush(): string[] {
    const rest = this.partial;
    this.partial = "";
    return rest ? [rest.slice(0, MAX_LINE_CHARS)] : [];
  }

  /** Forget the unfinished line (the file was truncated or replaced). */
  reset(): void {
    this.partial = "";
  }
}
