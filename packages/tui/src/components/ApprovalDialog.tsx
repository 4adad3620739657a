/**
 * The approval prompt for a mutating tool call in `default` mode, and for a write of a protected
 * path in every mode (its reason shown first). It shows what would happen (ApprovalPreview.tsx:
 * the command for `bash`, the changed lines of an `edit`, the start of a `write`'s content) and
 * three choices: allow once, allow for this session, deny. Keys: ↑/↓ then Enter,
 * or 1/2/3 (y/a/n). Deny asks for an optional note to the model — Enter sends it (empty means
 * no note); Esc anywhere denies without a note.
 */
import type { ApprovalAnswer } from "@picasso/engine";
import { Box, Text } from "ink";
import type { KeyPress } from "../keys/key-decoder.js";
import { useAnswerOnce } from "../keys/use-answer-once.js";
import { useKeys } from "../keys/use-keys.js";
import { useLatestState } from "../keys/use-latest-state.js";
import { ApprovalPreview } from "./ApprovalPreview.js";
import { useTheme } from "./theme.js";

export interface ApprovalPrompt {
  name: string;
  input: Record<string, unknown>;
  effect: string;
  /** The call writes a protected path: asked even in auto mode; "for this session" covers that path. */
  protectedPath?: { path: string; reason: string };
}

const CHOICES = [
  { decision: "allow_once", label: "Allow once", keys: ["1", "y"] },
  { decision: "allow_session", label: "Allow for this session", keys: ["2", "a"] },
  { decision: "deny", label: "Deny (with an optional note)", keys: ["3", "n"] },
] as const;

export function ApprovalDialog({
  prompt,
  onDecide,
}: {
  prompt: ApprovalPrompt;
  onDecide: (answer: ApprovalAnswer) => void;
}) {
  const theme = useTheme();
  const [selected, setSelected, selectedNow] = useLatestState(0);
  const [note, setNote, noteNow] = useLatestState<string | undefined>(undefined);
  const decide = useAnswerOnce(onDecide);

  useKeys((key: KeyPress) => {
    const note = noteNow.current;
    const selected = selectedNow.current;
    if (note !== undefined) {
      if (key.kind === "key" && key.name === "escape") decide({ decision: "deny" });
      else if (key.kind === "key" && key.name === "submit")
        decide(note.trim() ? { decision: "deny", note: note.trim() } : { decision: "deny" });
      else if (key.kind === "key" && key.name === "backspace") setNote(note.slice(0, -1));
      else if (key.kind === "text") {
        const typed = note + key.text.replace(/\n/g, " ");
        if (key.submit)
          decide(typed.trim() ? { decision: "deny", note: typed.trim() } : { decision: "deny" });
        else setNote(typed);
      }
      return;
    }
    const choose = (index: number) => {
      const choice = CHOICES[index];
      if (!choice) return;
      if (choice.decision === "deny") setNote("");
      else decide({ decision: choice.decision });
    };
    if (key.kind === "key") {
      if (key.name === "up") setSelected((s) => (s + CHOICES.length - 1) % CHOICES.length);
      else if (key.name === "down" || key.name === "tab") setSelected((s) => (s + 1) % CHOICES.length);
      else if (key.name === "submit") choose(selected);
      else if (key.name === "escape") decide({ decision: "deny" });
    } else if (key.kind === "text") {
      const index = CHOICES.findIndex((c) => (c.keys as readonly string[]).includes(key.text.toLowerCase()));
      if (index >= 0) choose(index);
      else if (key.submit) choose(selected);
    }
  });

  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.warn} paddingX={1}>
      <Text bold>
        Allow <Text color={theme.accent}>{prompt.name}</Text>?
      </Text>
      {prompt.protectedPath ? (
        <Text color={theme.warn}>
          {prompt.protectedPath.path} is a protected path: {prompt.protectedPath.reason}.
        </Text>
      ) : null}
      <ApprovalPreview input={prompt.input} />
      {note === undefined ? (
        CHOICES.map((choice, i) => (
          <Text key={choice.decision} color={i === selected ? theme.accent : undefined} bold={i === selected}>
            {i === selected ? "›" : " "} {i + 1}. {choice.label}
          </Text>
        ))
      ) : (
        <Box flexDirection="column">
          <Text>Note to the model (Enter to deny, empty for none; Esc denies without a note):</Text>
          <Text>
            › {note}
            <Text inverse> </Text>
          </Text>
        </Box>
      )}
    </Box>
  );
}
