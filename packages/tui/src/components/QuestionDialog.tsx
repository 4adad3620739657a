/**
 * The `ask_user` prompt: the model's question, then either its choices (↑/↓ and Enter, or the
 * choice's number) or a free-text answer (Enter sends). With choices, typing text instead of a
 * number answers in free text. Esc answers that the user declined. With `allowEmpty` and no
 * choices (an optional form field), Enter on an empty answer sends it empty.
 */
import { Box, Text } from "ink";
import type { KeyPress } from "../keys/key-decoder.js";
import { useAnswerOnce } from "../keys/use-answer-once.js";
import { useKeys } from "../keys/use-keys.js";
import { useLatestState } from "../keys/use-latest-state.js";
import { useTheme } from "./theme.js";

export const DECLINED_ANSWER = "(the user declined to answer; decide yourself and state your assumption)";

export function QuestionDialog({
  question,
  choices = [],
  allowEmpty = false,
  onAnswer,
}: {
  question: string;
  choices?: readonly string[];
  allowEmpty?: boolean;
  onAnswer: (answer: string) => void;
}) {
  const theme = useTheme();
  const [selected, setSelected, selectedNow] = useLatestState(0);
  const [text, setText, textNow] = useLatestState("");
  const answer = useAnswerOnce(onAnswer);

  useKeys((key: KeyPress) => {
    const text = textNow.current;
    const selected = selectedNow.current;
    if (key.kind === "text") {
      const typed = text + key.text.replace(/\n/g, " ");
      const number = Number(typed.trim());
      if (
        choices.length > 0 &&
        text === "" &&
        Number.isInteger(number) &&
        number >= 1 &&
        number <= choices.length
      ) {
        answer(choices[number - 1]!);
        return;
      }
      if (key.submit && typed.trim()) answer(typed.trim());
      else if (key.submit && allowEmpty && choices.length === 0) answer("");
      else setText(typed);
      return;
    }
    if (key.kind !== "key") return;
    if (key.name === "escape") answer(DECLINED_ANSWER);
    else if (key.name === "backspace") setText((t) => t.slice(0, -1));
    else if (key.name === "up" && choices.length)
      setSelected((i) => (i + choices.length - 1) % choices.length);
    else if (key.name === "down" && choices.length) setSelected((i) => (i + 1) % choices.length);
    else if (key.name === "submit") {
      if (text.trim()) answer(text.trim());
      else if (choices[selected] !== undefined) answer(choices[selected]);
      else if (allowEmpty) answer("");
    }
  });

  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.accent} paddingX={1}>
      <Text bold>{question}</Text>
      {choices.map((choice, i) => (
        <Text
          key={choice}
          color={i === selected && text === "" ? theme.accent : undefined}
          bold={i === selected}
        >
          {i === selected && text === "" ? "›" : " "} {i + 1}. {choice}
        </Text>
      ))}
      <Text>
        <Text color={theme.accent}>› </Text>
        {text}
        <Text inverse> </Text>
        {text === "" ? (
          <Text dimColor>
            {choices.length
              ? " type an answer, or pick one"
              : allowEmpty
                ? " type your answer, or Enter to leave it empty"
                : " type your answer"}
          </Text>
        ) : null}
      </Text>
    </Box>
  );
}
