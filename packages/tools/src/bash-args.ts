/**
 * How a tool runs a command line with bash. `--norc`: bash reads `~/.bashrc` when its stdin is a
 * socket (it takes that for a remote shell), and a Node child's piped stdin is one — so a terminal
 * over pipes ran the user's shell setup around every command (on this machine a pyenv init that
 * waits on a lock under load). A tool's command runs as written, never with the user's rc file.
 */
export function bashArgs(command: string): string[] {
  return ["--norc", "-c", command];
}
