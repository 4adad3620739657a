import { describe, expect, it } from "vitest";
import type { NewItem } from "../transcript/transcript.js";
import { presentResult } from "./operation-presenters.js";
import type { CommandContext } from "./slash-command.js";

/** A context recording what was printed and picked, and the commands a pick ran. */
function recording() {
  const printed: NewItem[] = [];
  const picks: { title: string; values: string[] }[] = [];
  const ran: string[] = [];
  const ctx = {
    print: (item: NewItem) => printed.push(item),
    pick: (title: string, options: { value: string }[], onPick: (value: string) => void) => {
      picks.push({ title, values: options.map((o) => o.value) });
      onPick(options[0]!.value);
    },
    runCommand: async (name: string, args: string) => {
      ran.push(`/${name} ${args}`);
    },
  } as unknown as CommandContext;
  return { ctx, printed, picks, ran };
}

describe("presenting a pick", () => {
  it("shows the preface as an expanded block, then the choices; the picked value runs the command again", () => {
    const { ctx, printed, picks, ran } = recording();
    presentResult(
      {
        text: "the diff",
        data: {
          presentation: "pick",
          title: "Write AGENTS.md?",
          preface: "--- /dev/null\n+++ b/AGENTS.md\n",
          choices: [
            { label: "Write", value: "write" },
            { label: "Discard", value: "discard" },
          ],
        },
      },
      ctx,
      "init",
    );
    expect(printed).toEqual([{ kind: "expanded", title: "/init", text: "--- /dev/null\n+++ b/AGENTS.md" }]);
    expect(picks).toEqual([{ title: "Write AGENTS.md?", values: ["write", "discard"] }]);
    expect(ran).toEqual(["/init write"]);
  });

  it("without a preface only the picker shows", () => {
    const { ctx, printed, picks } = recording();
    presentResult(
      {
        text: "s1",
        data: { presentation: "pick", title: "Resume?", choices: [{ label: "s1", value: "s1" }] },
      },
      ctx,
      "resume",
    );
    expect(printed).toEqual([]);
    expect(picks).toHaveLength(1);
  });
});
