/**
 * What `picasso` does with no prompt. Until the TUI lands it prints a short help pointing at
 * headless mode; swapping in the TUI means changing only this function.
 */
export async function defaultAction(
  write: (text: string) => void = (t) => process.stdout.write(t),
): Promise<number> {
  write(
    [
      "Picasso — a terminal coding agent.",
      "",
      "The interactive screen is not here yet. Run one turn headless:",
      '  picasso -p "explain this repository"                 (needs ANTHROPIC_API_KEY)',
      '  picasso -p "read README.md" --provider mock          (offline demo model)',
      '  picasso -p "fix the failing test" --mode auto --output-format json',
      "",
      "Continue the newest session with --continue, or a given one with --resume <id>.",
      "See `picasso --help` for every flag and docs/headless.md for the details.",
      "",
    ].join("\n"),
  );
  return 0;
}
