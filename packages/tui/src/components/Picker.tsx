/** A keyboard list picker (used by /resume): ↑/↓ move, Enter picks, Esc cancels. */
import { Box, Text } from "ink";
import type { PickerOption } from "../commands/slash-command.js";
import { useKeys } from "../keys/use-keys.js";
import { useLatestState } from "../keys/use-latest-state.js";
import { useTheme } from "./theme.js";

export function Picker({
  title,
  options,
  onPick,
  onCancel,
}: {
  title: string;
  options: PickerOption[];
  onPick: (value: string) => void;
  onCancel: () => void;
}) {
  const theme = useTheme();
  const [selected, setSelected, latest] = useLatestState(0);
  useKeys((key) => {
    if (key.kind !== "key" && !(key.kind === "text" && key.submit)) return;
    const name = key.kind === "key" ? key.name : "submit";
    if (name === "up") setSelected((i) => (i + options.length - 1) % options.length);
    else if (name === "down" || name === "tab") setSelected((i) => (i + 1) % options.length);
    else if (name === "submit" && options[latest.current]) onPick(options[latest.current]!.value);
    else if (name === "escape" || name === "ctrl-c") onCancel();
  });
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.accent} paddingX={1}>
      <Text bold>{title}</Text>
      {options.map((option, i) => (
        <Text key={option.value} color={i === selected ? theme.accent : undefined} bold={i === selected}>
          {i === selected ? "›" : " "} {option.label}
        </Text>
      ))}
    </Box>
  );
}
