/**
 * Markdown rendering of a long reply (`node scripts/bench.mjs packages/tui`), from the built dist,
 * with React's production build (as the shipped bundle uses):
 * - markdown.highlight-load-ms: loading highlight.js (its `common` build) the first time a code
 *   block appears — the cost kept off the first frame by loading it lazily;
 * - markdown.stream-frame-ms: a 2,000-line reply (sections of a heading, a paragraph with a
 *   link, a 12-row table, a 20-line TypeScript block, a nested list and a quote) streamed the way
 *   the TUI streams it: 40-character text deltas folded by `applyEvent` (settled blocks become
 *   finished items, printed once through `<Static>`), then `<MessageList>` rendered at 100
 *   columns in colour. One frame = the fold plus the render (lex, React, Ink layout and output);
 *   a frame is measured every 10 deltas (the TUI throttles frames); median, with p95 and max;
 * - markdown.full-render-ms: the whole reply rendered once from scratch as one `<Markdown>`
 *   (what resuming a session with it costs, once).
 */
process.env.NODE_ENV = "production";
process.env.FORCE_COLOR = "1";
const { render } = await import("ink-testing-library");
const { createElement } = await import("react");
const { Markdown } = await import("../dist/components/Markdown.js");
const { MessageList } = await import("../dist/components/MessageList.js");
const { COLOR_THEME, ThemeContext } = await import("../dist/components/theme.js");
const { loadHighlighter } = await import("../dist/markdown/highlight-code.js");
const { applyEvent, EMPTY_LIVE } = await import("../dist/transcript/apply-event.js");

function bench(name, value, unit, note) {
  console.log(`BENCH ${JSON.stringify({ name, value, unit, ...(note ? { note } : {}) })}`);
}
const round = (x) => Number(x.toFixed(2));
const pct = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

function section(i) {
  const rows = Array.from(
    { length: 12 },
    (_, r) => `| step ${i}.${r} | \`pkg-${r}\` | ${(r * 7) % 60} s | ${r % 5 === 0 ? "**failed**" : "ok"} |`,
  );
  const code = Array.from({ length: 20 }, (_, l) =>
    l % 5 === 0
      ? `// part ${l} of section ${i}`
      : `export function step${i}_${l}(input: string): number { return input.length + ${l}; }`,
  );
  return [
    `## Section ${i}`,
    "",
    `Section ${i} runs the **build** and the *tests*; see [the docs](https://example.com/docs/${i}) for the cache rules.`,
    "",
    "| step | package | time | result |",
    "| :--- | :------ | ---: | :----: |",
    ...rows,
    "",
    "```ts",
    ...code,
    "```",
    "",
    "1. First",
    "   - nested `one`",
    "   - nested two",
    "2. Second",
    "",
    "> A quote that is long enough to wrap at a hundred columns, so the wrapping is measured too, twice over.",
    "",
  ].join("\n");
}

let reply = "";
for (let i = 0; reply.split("\n").length < 2000; i++) reply += `${section(i)}\n`;
reply = reply.split("\n").slice(0, 2000).join("\n");

const t0 = performance.now();
await loadHighlighter();
const loadMs = performance.now() - t0;

const themed = (child) => createElement(ThemeContext.Provider, { value: COLOR_THEME }, child);

const fullStart = performance.now();
const full = render(themed(createElement(Markdown, { text: reply, width: 100 })));
const fullMs = performance.now() - fullStart;
full.unmount();

let live = EMPTY_LIVE;
let items = [];
const view = () => themed(createElement(MessageList, { items, live, width: 100 }));
const { rerender, unmount } = render(view());
const frames = [];
const DELTA = 40;
let deltas = 0;
for (let at = 0; at < reply.length; at += DELTA) {
  const start = performance.now();
  const event = {
    type: "text_delta",
    lane: "main",
    session: "s",
    turn: 1,
    ts: "",
    text: reply.slice(at, at + DELTA),
  };
  const next = applyEvent(live, event);
  live = next.live;
  if (next.finished.length > 0)
    items = [...items, ...next.finished.map((item, i) => ({ ...item, id: items.length + i + 1 }))];
  if (++deltas % 10 !== 0) continue;
  rerender(view());
  frames.push(performance.now() - start);
}
unmount();

bench("markdown.highlight-load-ms", round(loadMs), "ms", "highlight.js common build, first code block only");
bench(
  "markdown.stream-frame-ms",
  round(pct(frames, 50)),
  "ms",
  `2,000-line reply, 100 columns, ${frames.length} frames; p95 ${round(pct(frames, 95))} ms, max ${round(Math.max(...frames))} ms (target < 50 ms)`,
);
bench("markdown.full-render-ms", round(fullMs), "ms", "the 2,000-line reply rendered once from scratch");
