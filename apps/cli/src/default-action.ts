/**
 * What `picasso` does with no prompt when stdin or stdout is not a terminal (the TUI in
 * commands/interactive.ts needs one): a short help pointing at headless mode.
 */
export async function defaultAction(
  write: (text: string) => void = (t) => process.stdout.write(t),
): Promise<number> {
  write(
    [
      "Picasso — a terminal coding agent.",
      "",
      "The interactive screen needs a terminal. Run one turn headless:",
      '  picasso -p "explain this repository"                 (ANTHROPIC_API_KEY, else the offline mock)',
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
