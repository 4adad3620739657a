/**
 * `/resume [id]`: pick one of this workspace's sessions — newest first, each with when it was
 * last written and its first prompt — or resume the given id.
 */
import { sessionTitle } from "./session-title.js";
import type { SlashCommand } from "./slash-command.js";

export const resumeCommand: SlashCommand = {
  name: "resume",
  args: "[id]",
  description: "resume another session of this workspace",
  async run(args, ctx) {
    const id = args.trim();
    const sessions = ctx.sessions().filter((s) => s.id !== ctx.currentSessionId());
    if (id !== "") {
      if (!sessions.some((s) => s.id === id)) {
        ctx.print({
          kind: "notice",
          tone: "warn",
          text: `/resume: no session "${id}" in this workspace; run /resume to pick one`,
        });
        return;
      }
      await ctx.resume(id);
      return;
    }
    if (sessions.length === 0) {
      ctx.print({ kind: "notice", tone: "info", text: "no other sessions in this workspace yet" });
      return;
    }
    ctx.pick(
      "Resume which session? (↑/↓, Enter; Esc cancels)",
      sessions.slice(0, 20).map((s) => ({
        label: `${when(s.mtimeMs)}  ${(s.path ? sessionTitle(s.path) : undefined) ?? "(no prompt yet)"}  ${s.id}`,
        value: s.id,
      })),
      (value) => void ctx.resume(value),
    );
  },
};

function when(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
