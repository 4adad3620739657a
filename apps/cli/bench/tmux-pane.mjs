/**
 * One detached tmux pane for a bench, on its own server socket (so a bench never touches the
 * user's tmux), 100×30, running `command` after `cd cwd` with `env` set and the provider keys
 * unset. `started` is taken just before the pane is created: the figures the benches report are
 * measured from it. `close()` kills the server (and so the pane).
 */
import { execFileSync } from "node:child_process";

export function openTmuxPane({ cwd, env, command }) {
  const socket = `picasso-bench-${process.pid}-${Math.random().toString(36).slice(2)}`;
  const tmux = (...args) =>
    execFileSync("tmux", ["-L", socket, "-f", "/dev/null", ...args], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  const exports = Object.entries(env)
    .map(([name, value]) => `${name}='${value}'`)
    .join(" ");
  const started = performance.now();
  tmux(
    "new-session",
    "-d",
    "-s",
    "b",
    "-x",
    "100",
    "-y",
    "30",
    `cd '${cwd}' && env -u ANTHROPIC_API_KEY ${exports} ${command}`,
  );
  return {
    started,
    /** The screen, with `history` lines of scrollback above it. */
    screen: (history = 0) =>
      tmux("capture-pane", "-p", "-t", "b", ...(history > 0 ? ["-S", `-${history}`] : [])),
    panePid: () => Number(tmux("display", "-p", "-t", "b", "#{pane_pid}").trim()),
    close: () => {
      try {
        tmux("kill-server");
      } catch {}
    },
  };
}
