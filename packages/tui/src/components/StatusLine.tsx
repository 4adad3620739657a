/**
 * The one-line footer: see status-model.ts for what it shows and how it narrows. The mode is
 * coloured (plan yellow, auto red) so a change made with Shift+Tab is visible at a glance.
 */
import { Box, Text } from "ink";
import { type StatusInfo, statusSegments } from "../status/status-model.js";
import { useTheme } from "./theme.js";

export function StatusLine({ info, width }: { info: StatusInfo; width: number }) {
  const theme = useTheme();
  const segments = statusSegments(info, Math.max(20, width - 1));
  return (
    <Box>
      {segments.map((segment, i) => (
        <Text key={segment}>
          {i > 0 ? <Text dimColor> │ </Text> : null}
          <Text
            color={
              i === 1
                ? info.mode === "plan"
                  ? theme.warn
                  : info.mode === "auto"
                    ? theme.error
                    : theme.ok
                : theme.dim
            }
            bold={i === 1}
            dimColor={i !== 1 && theme.dim === undefined}
          >
            {segment}
          </Text>
        </Text>
      ))}
    </Box>
  );
}
