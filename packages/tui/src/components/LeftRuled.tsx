/** A block behind a rule on its left (code in a thin one, block quotes in a bold one), dimmed. */
import { Box } from "ink";
import type { ReactNode } from "react";
import { useTheme } from "./theme.js";

export function LeftRuled({ children, bold = false }: { children: ReactNode; bold?: boolean }) {
  const theme = useTheme();
  return (
    <Box
      flexDirection="column"
      borderStyle={bold ? "bold" : "single"}
      borderTop={false}
      borderRight={false}
      borderBottom={false}
      borderColor={theme.dim}
      paddingLeft={1}
    >
      {children}
    </Box>
  );
}
