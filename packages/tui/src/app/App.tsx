/**
 * The screen: history (static), the live area, then either the approval dialog, a question, a
 * picker or the /context panel, the prompt, and the status line. The /context panel (and its
 * timeline) gets the terminal's height less the rows below it (`panelHeight`): the frame then
 * fills the screen exactly, never more. Keys handled here, whatever has focus: Shift+Tab cycles the mode;
 * Esc interrupts a running step (when no dialog is open); Ctrl+O expands the newest collapsed
 * output; Ctrl+C interrupts/clears and, pressed again within 2 s, exits.
 */
import { Box, Text, useApp, useStdout } from "ink";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { ApprovalDialog } from "../components/ApprovalDialog.js";
import { ContextPager } from "../components/ContextPanel.js";
import { InputBox } from "../components/InputBox.js";
import { MessageList } from "../components/MessageList.js";
import { Picker } from "../components/Picker.js";
import { QuestionDialog } from "../components/QuestionDialog.js";
import { StatusLine } from "../components/StatusLine.js";
import { TimelinePager } from "../components/TimelinePager.js";
import { type Theme, ThemeContext, themeFor } from "../components/theme.js";
import { WorkingLine } from "../components/WorkingLine.js";
import { listWorkspaceFiles } from "../input/workspace-files.js";
import { useKeys } from "../keys/use-keys.js";
import { INTERRUPTING_HINT, type SessionController } from "./session-controller.js";

export const EXIT_WINDOW_MS = 2000;

/** Rows below the /context panel: the prompt box (3) and the status line. */
export const ROWS_BELOW_PANEL = 4;

/**
 * The /context panel's height: the screen's rows less those below it (and a hint line, when one
 * shows). Exactly the screen, because Ink treats a frame as tall as the terminal as full-screen:
 * when the panel closes, it clears the screen and writes the conversation out again above the
 * prompt. A shorter panel would still have pushed the conversation into the scrollback, and on
 * closing the prompt would be left at the top of an empty screen.
 */
export function panelHeight(rows: number, hint: boolean): number {
  return Math.max(8, rows - ROWS_BELOW_PANEL - (hint ? 1 : 0));
}

export function App({
  controller,
  theme = themeFor(),
  workspaceRoot,
}: {
  controller: SessionController;
  theme?: Theme;
  workspaceRoot: string;
}) {
  const state = useSyncExternalStore(controller.store.subscribe, controller.store.get);
  const { exit } = useApp();
  const { stdout } = useStdout();
  const { width, rows } = useTerminalSize(stdout);
  const lastCtrlC = useRef(0);
  const filesCache = useRef<string[] | undefined>(undefined);
  const files = useCallback(() => {
    filesCache.current ??= listWorkspaceFiles(workspaceRoot);
    return filesCache.current;
  }, [workspaceRoot]);

  useEffect(() => {
    controller.onExit(() => exit());
  }, [controller, exit]);

  const dialogOpen =
    state.approval !== undefined ||
    state.picker !== undefined ||
    state.question !== undefined ||
    state.contextPanel !== undefined ||
    state.timelinePanel !== undefined;
  useKeys((key) => {
    if (key.kind !== "key") return;
    if (key.name === "shift-tab") controller.cycleMode();
    else if (key.name === "ctrl-o") controller.expandLast();
    else if (key.name === "escape" && !dialogOpen && state.busy) {
      if (controller.interrupt()) controller.setHint(INTERRUPTING_HINT);
    } else if (key.name === "ctrl-c") {
      const now = Date.now();
      if (now - lastCtrlC.current < EXIT_WINDOW_MS) {
        controller.exit();
        return;
      }
      lastCtrlC.current = now;
      if (state.approval) controller.decideApproval({ decision: "deny" });
      controller.interrupt();
      controller.setHint("press Ctrl+C again to exit");
      setTimeout(() => {
        if (controller.store.state.hint === "press Ctrl+C again to exit") controller.setHint(undefined);
      }, EXIT_WINDOW_MS).unref?.();
    }
  });

  const onSubmit = useCallback((text: string) => controller.submit(text), [controller]);
  const onExit = useCallback(() => controller.exit(), [controller]);
  // The session's operations are its commands: the list changes when a session opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed per session opened
  const commands = useMemo(() => controller.commands(), [controller, state.status.sessionId]);
  // ↑ starts from the prompts of the session on screen (a resumed one has earlier prompts);
  // a new epoch (/clear, /resume) remounts the prompt with that session's prompts.
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed per session (epoch), not per item
  const promptHistory = useMemo(
    () => state.items.flatMap((item) => (item.kind === "user" ? [item.text] : [])),
    [state.epoch],
  );

  if (state.exited) return null;
  return (
    <ThemeContext.Provider value={theme}>
      <Box flexDirection="column" width={width}>
        <MessageList items={state.items} live={state.live} epoch={state.epoch} width={width} />
        {state.approval ? (
          <ApprovalDialog
            key={state.approval.id}
            prompt={state.approval.prompt}
            onDecide={(answer) => controller.decideApproval(answer)}
          />
        ) : state.question ? (
          <QuestionDialog
            key={state.question.id}
            question={state.question.question}
            choices={state.question.choices}
            allowEmpty={state.question.allowEmpty}
            onAnswer={(answer) => controller.answerQuestion(answer)}
          />
        ) : state.picker ? (
          <Picker
            title={state.picker.title}
            options={state.picker.options}
            onPick={(value) => controller.closePicker(value)}
            onCancel={() => controller.closePicker(undefined)}
          />
        ) : state.contextPanel ? (
          <ContextPager
            view={state.contextPanel}
            width={width}
            height={panelHeight(rows, Boolean(state.hint))}
            onClose={() => controller.closeContext()}
          />
        ) : state.timelinePanel ? (
          <TimelinePager
            chart={state.timelinePanel}
            width={width}
            height={panelHeight(rows, Boolean(state.hint))}
            onClose={() => controller.closeTimeline()}
          />
        ) : null}
        {state.hint ? <Text color={theme.warn}>{state.hint}</Text> : null}
        {state.busy && !dialogOpen ? <WorkingLine since={state.busySince} /> : null}
        <InputBox
          commands={commands}
          files={files}
          onSubmit={onSubmit}
          onExit={onExit}
          key={state.epoch}
          history={promptHistory}
          active={!dialogOpen}
        />
        <StatusLine info={state.status} width={width} />
      </Box>
    </ThemeContext.Provider>
  );
}

/**
 * The terminal's size, following resizes (Ink re-lays out on resize but does not re-render us).
 * Without a size (not a terminal) 100 columns and 24 rows are assumed.
 */
function useTerminalSize(stdout: NodeJS.WriteStream | undefined): { width: number; rows: number } {
  const measure = () => ({ width: stdout?.columns ?? 100, rows: stdout?.rows ?? 24 });
  const [size, setSize] = useState(measure);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measure reads only stdout
  useEffect(() => {
    if (!stdout) return;
    const onResize = () => setSize(measure());
    stdout.on("resize", onResize);
    return () => {
      stdout.off("resize", onResize);
    };
  }, [stdout]);
  return size;
}
