/**
 * The instruction index: the project's instruction files as one Tier-1 system block, capped.
 *
 * Algorithm: the files arrive in order (repository root first, nearest to cwd last), each with a
 * workspace-relative path. Each is rendered as a `<!-- file: PATH -->` line followed by its text.
 * If the whole index fits `maxBytes` it is used as is (over `targetBytes` only raises
 * `overTarget`). Otherwise lines are kept from the top while the kept lines plus the truncation
 * marker fit `maxBytes`; the cut is always at a line boundary and the marker names the file (and
 * line) where reading should resume plus every file left out entirely, and `capped` is set —
 * instructions are never silently dropped. The model reads the marker; the user gets `warning`, one
 * line naming the file, the line and the cap. Pure: same files and limits → same bytes.
 */
import { byteLength } from "@picasso/protocol";

export interface InstructionFile {
  /** Path relative to the workspace root, `/`-separated (never an absolute machine path). */
  path: string;
  text: string;
}

export interface InstructionLimits {
  maxBytes: number;
  targetBytes: number;
}

export interface InstructionIndex {
  /** The system-block text; empty when there are no instruction files. */
  text: string;
  files: string[];
  bytesBefore: number;
  bytesAfter: number;
  capped: boolean;
  overTarget: boolean;
  /** When capped: the file where the cut happened. */
  cutFile?: string;
  /** When capped: for the user, one line saying what was cut and what to do. */
  warning?: string;
}

const HEADER = "# Project instructions";

interface IndexLine {
  text: string;
  file: string;
  /** 1-based line in its file; 0 for the file's header line. */
  line: number;
}

function indexLines(files: InstructionFile[]): IndexLine[] {
  const out: IndexLine[] = [{ text: HEADER, file: files[0]?.path ?? "", line: 0 }];
  for (const file of files) {
    out.push({ text: `<!-- file: ${file.path} -->`, file: file.path, line: 0 });
    const body = file.text.replace(/\r\n/g, "\n").replace(/\n+$/, "");
    body.split("\n").forEach((text, i) => {
      out.push({ text, file: file.path, line: i + 1 });
    });
  }
  return out;
}

export function truncationMarker(maxBytes: number, resume: IndexLine, later: string[]): string {
  const from = resume.line > 1 ? ` from line ${resume.line}` : "";
  const rest = later.length > 0 ? `, then ${later.join(", ")}` : "";
  return `[instructions cut at the ${maxBytes}-byte cap: read ${resume.file}${from}${rest} for the rest]`;
}

export function buildInstructionIndex(files: InstructionFile[], limits: InstructionLimits): InstructionIndex {
  const paths = files.map((f) => f.path);
  if (files.length === 0)
    return { text: "", files: paths, bytesBefore: 0, bytesAfter: 0, capped: false, overTarget: false };
  const all = indexLines(files);
  const full = all.map((l) => l.text).join("\n");
  const bytesBefore = byteLength(full);
  if (bytesBefore <= limits.maxBytes) {
    const overTarget = bytesBefore > limits.targetBytes;
    return { text: full, files: paths, bytesBefore, bytesAfter: bytesBefore, capped: false, overTarget };
  }
  const laterFiles = (file: string) => paths.slice(paths.indexOf(file) + 1);
  let kept = 0;
  let used = 0;
  for (let i = 0; i < all.length; i++) {
    const added = byteLength(all[i]!.text) + 1;
    const next = all[i + 1];
    const marker = next ? truncationMarker(limits.maxBytes, next, laterFiles(next.file)) : "";
    if (used + added + byteLength(marker) > limits.maxBytes) break;
    used += added;
    kept = i + 1;
  }
  const resume = all[kept]!;
  const marker = truncationMarker(limits.maxBytes, resume, laterFiles(resume.file));
  const text = [...all.slice(0, kept).map((l) => l.text), marker].join("\n");
  const seen = resume.line > 1 ? `up to line ${resume.line - 1}` : "none of it";
  const unseen = laterFiles(resume.file);
  const warning =
    `${resume.file}: instructions cut at the ${limits.maxBytes}-byte cap (${bytesBefore} bytes in all): ` +
    `the model sees ${seen}${unseen.length ? ` and none of ${unseen.join(", ")}` : ""} unless it reads the rest — ` +
    "shorten the instructions or raise agent-instructions.maxBytes";
  return {
    text,
    files: paths,
    bytesBefore,
    bytesAfter: byteLength(text),
    capped: true,
    overTarget: true,
    cutFile: resume.file,
    warning,
  };
}
