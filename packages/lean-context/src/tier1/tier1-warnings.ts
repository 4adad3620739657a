/**
 * What the user is told about one Tier-1 assembly, one line each: instruction files left out
 * (unreadable, binary, not UTF-8 — from the loader), the instruction cap cutting them, and core
 * rows with no registered tool. One list for every surface: `picasso context` prints it, headless
 * mode writes it to stderr, the TUI shows it as notices on start, stats journal it.
 */
import type { Tier1Assembly } from "./assemble-tier1.js";

export function tier1Warnings(loaderWarnings: readonly string[], assembly: Tier1Assembly): string[] {
  return [
    ...loaderWarnings,
    ...(assembly.instructionIndex.warning ? [assembly.instructionIndex.warning] : []),
    ...assembly.split.missing.map((name) => `core tool row "${name}" has no registered tool; left out`),
  ];
}
