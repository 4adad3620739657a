/**
 * Test support: operations standing in for a session's (the real core ones live in
 * @picasso/surface, which the TUI does not depend on). They answer the way the core ones do —
 * text, a `warn` tone, a `presentation` tag in their data — so the TUI's path from operation to
 * slash command to screen is exercised; what each core operation computes is tested in surface.
 */
import type { Session } from "@picasso/engine";
import { liveContextView, type OperationPresentation, type PickChoice } from "@picasso/engine/context";
import type { ExtensionOperation, OperationResult, TimelineChart } from "@picasso/protocol";
import type { SessionControls } from "../app/session-host.js";

export interface StandInOptions {
  /** The context window `/context` measures against. */
  window?: number;
  /** What `/context timeline` draws. */
  chart?: TimelineChart;
  /** The sessions `/resume` offers. */
  sessions?: PickChoice[];
}

const shown = (presentation: OperationPresentation, text = ""): OperationResult => ({
  text,
  data: presentation,
});

/** `context`, `mode`, `compact`, `resume` and `model`, acting on `session` and `controls`. */
export function standInOperations(
  session: Pick<Session, "currentMode" | "setMode" | "compact">,
  controls: SessionControls,
  options: StandInOptions = {},
): ExtensionOperation[] {
  return [
    {
      name: "context",
      args: "[timeline]",
      argChoices: ["timeline"],
      summary: "what fills the context window; `timeline` for its history",
      async run(args) {
        if (args.trim() === "timeline")
          return options.chart
            ? shown({ presentation: "timeline-pager", chart: options.chart }, "the timeline table")
            : { text: "no timeline in this test", tone: "warn" };
        const view = await liveContextView(session as Session, options.window ?? 1000, undefined);
        return shown({ presentation: "context-panel", view }, "the context table");
      },
    },
    {
      name: "mode",
      args: "[default|plan|auto]",
      argChoices: ["default", "plan", "auto"],
      summary: "show or set the permission mode",
      run(args) {
        if (args.trim() === "") return { text: `mode: ${session.currentMode}` };
        session.setMode(args.trim() as Session["currentMode"]);
        return shown({ presentation: "by-events" }, `Permission mode: ${args.trim()}.`);
      },
    },
    {
      name: "compact",
      summary: "summarise older history to free context",
      async run() {
        const result = await session.compact();
        return result.compacted
          ? shown({ presentation: "by-events" }, "Compacted.")
          : { text: `Nothing compacted: ${result.reason}.` };
      },
    },
    {
      name: "resume",
      args: "[id]",
      summary: "resume another session of this workspace",
      async run(args) {
        if (args.trim() === "")
          return shown(
            { presentation: "pick", title: "Resume which session?", choices: options.sessions ?? [] },
            "the sessions",
          );
        await controls.resume(args.trim());
        return shown({ presentation: "by-events" }, `Resumed session ${args.trim()}.`);
      },
    },
    {
      name: "model",
      args: "[id]",
      summary: "show the model, or switch to another (starts a new session)",
      async run(args) {
        if (args.trim() === "") return { text: "provider mock, model demo" };
        await controls.switchModel(args.trim());
        return shown({ presentation: "by-events" }, `Model: ${args.trim()}.`);
      },
    },
  ];
}
