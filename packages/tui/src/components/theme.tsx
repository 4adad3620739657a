/**
 * Colours by role. With `NO_COLOR` set (any value) every role is undefined, so Ink prints no
 * colour codes; bold, dim and inverse still mark structure. Components read the theme from
 * context so tests can render either way.
 */
import { createContext, useContext } from "react";

export interface Theme {
  accent: string | undefined;
  user: string | undefined;
  ok: string | undefined;
  warn: string | undefined;
  error: string | undefined;
  dim: string | undefined;
  added: string | undefined;
  removed: string | undefined;
  hunk: string | undefined;
  code: string | undefined;
}

export const COLOR_THEME: Theme = {
  accent: "cyan",
  user: "blue",
  ok: "green",
  warn: "yellow",
  error: "red",
  dim: "gray",
  added: "green",
  removed: "red",
  hunk: "cyan",
  code: "magenta",
};

export const PLAIN_THEME: Theme = {
  accent: undefined,
  user: undefined,
  ok: undefined,
  warn: undefined,
  error: undefined,
  dim: undefined,
  added: undefined,
  removed: undefined,
  hunk: undefined,
  code: undefined,
};

export function themeFor(env: NodeJS.ProcessEnv = process.env): Theme {
  return env.NO_COLOR !== undefined ? PLAIN_THEME : COLOR_THEME;
}

export const ThemeContext = createContext<Theme>(COLOR_THEME);

export function useTheme(): Theme {
  return useContext(ThemeContext);
}
