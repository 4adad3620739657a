/**
 * Colours by role. With `NO_COLOR` set (any value) every role is undefined, so Ink prints no
 * colour codes; bold, dim and inverse still mark structure, and links are plain text. Components
 * read the theme from context so tests can render either way.
 *
 * `hyperlinks`: whether link text is wrapped in an OSC 8 hyperlink. On when the terminal is known
 * to support it (iTerm2, WezTerm, VS Code, Ghostty, Windows Terminal, kitty, foot, VTE ≥ 0.50),
 * `FORCE_HYPERLINK=1` forces it, `FORCE_HYPERLINK=0` and `NO_COLOR` turn it off.
 */
import { createContext, useContext } from "react";

/** Colours of highlighted code, by the role highlight-code.ts gives each token. */
export interface SyntaxColors {
  keyword: string | undefined;
  string: string | undefined;
  number: string | undefined;
  comment: string | undefined;
  title: string | undefined;
  type: string | undefined;
  meta: string | undefined;
}

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
  /** Undefined: code is not highlighted (and highlight.js is never loaded). */
  syntax: SyntaxColors | undefined;
  hyperlinks: boolean;
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
  syntax: {
    keyword: "magenta",
    string: "green",
    number: "yellow",
    comment: "gray",
    title: "blue",
    type: "cyan",
    meta: "gray",
  },
  hyperlinks: false,
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
  syntax: undefined,
  hyperlinks: false,
};

const HYPERLINK_PROGRAMS = new Set(["iTerm.app", "WezTerm", "vscode", "ghostty"]);

export function supportsHyperlinks(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined) return false;
  if (env.FORCE_HYPERLINK !== undefined) return env.FORCE_HYPERLINK !== "0";
  if (env.TERM_PROGRAM && HYPERLINK_PROGRAMS.has(env.TERM_PROGRAM)) return true;
  if (env.WT_SESSION || env.KITTY_WINDOW_ID) return true;
  if (/^(xterm-kitty|foot|wezterm)/.test(env.TERM ?? "")) return true;
  return Number(env.VTE_VERSION ?? 0) >= 5000;
}

export function themeFor(env: NodeJS.ProcessEnv = process.env): Theme {
  if (env.NO_COLOR !== undefined) return PLAIN_THEME;
  return { ...COLOR_THEME, hyperlinks: supportsHyperlinks(env) };
}

export const ThemeContext = createContext<Theme>(COLOR_THEME);

export function useTheme(): Theme {
  return useContext(ThemeContext);
}
