/**
 * `/context timeline`: the session's steps as bars (context/timeline-lines.ts) in a panel that
 * fits the terminal (PanelFrame.tsx). A cursor (›) marks one step and the view scrolls to keep it
 * — and its expansion — on screen. Keys: ↑/↓ (k/j) a step, PgUp/PgDn (b/space) a page of steps,
 * Home/End (g/G) the first or last step, n / p the next or previous prefix drop, Enter (or e, →)
 * expands or folds the step (its figures, the drop's reason, what entered), Esc/q close.
 */
import type { TimelineChart } from "@picasso/protocol";
import { useMemo, useRef } from "react";
import { dropSteps, timelineLines } from "../context/timeline-lines.js";
import { useKeys } from "../keys/use-keys.js";
import { useLatestState } from "../keys/use-latest-state.js";
import { bodyRows, PanelFrame } from "./PanelFrame.js";

const KEYS = "↑/↓ step · n/p drop · Enter expand · Esc close";

export function TimelinePager({
  chart,
  width,
  height,
  onClose,
}: {
  chart: TimelineChart;
  width: number;
  height: number;
  onClose: () => void;
}) {
  const [cursor, setCursor, cursorNow] = useLatestState(0);
  const [expanded, setExpanded] = useLatestState<ReadonlySet<number>>(new Set());
  const drops = useMemo(() => dropSteps(chart), [chart]);
  const layout = useMemo(
    () => timelineLines(chart, width - 4, cursor, expanded),
    [chart, width, cursor, expanded],
  );
  const page = bodyRows(height);
  const last = Math.max(0, chart.steps - 1);
  const move = (to: number) => setCursor(Math.min(last, Math.max(0, to)));
  useKeys((key) => {
    const name = key.kind === "key" ? key.name : key.kind === "text" ? key.text : "";
    const at = cursorNow.current;
    if (name === "up" || name === "k") move(at - 1);
    else if (name === "down" || name === "j") move(at + 1);
    else if (name === "page-up" || name === "b") move(at - page);
    else if (name === "page-down" || name === " ") move(at + page);
    else if (name === "home" || name === "g") move(0);
    else if (name === "end" || name === "G") move(last);
    else if (name === "n") move(drops.find((d) => d > at) ?? at);
    else if (name === "p" || name === "N") move(drops.findLast((d) => d < at) ?? at);
    else if (name === "submit" || name === "e" || name === "right")
      setExpanded((open) => {
        const next = new Set(open);
        if (!next.delete(at)) next.add(at);
        return next;
      });
    else if (name === "escape" || name === "q") onClose();
  });
  // Scroll as little as keeps the cursor's step (and as much of its expansion as fits) in view;
  // the first screen shows the headline and key.
  const top = useRef(0);
  const line = layout.stepLines[cursor] ?? 0;
  const end = Math.min(line + page - 1, (layout.stepLines[cursor + 1] ?? layout.lines.length) - 1);
  if (chart.steps === 0 || cursor === 0) top.current = 0;
  else if (line < top.current) top.current = line;
  else if (end >= top.current + page) top.current = end - page + 1;
  return (
    <PanelFrame
      lines={layout.lines}
      width={width}
      height={height}
      offset={top.current}
      keys={KEYS}
      fittingKeys={KEYS}
    />
  );
}
