/**
 * The `/context` inspector: a bar of the context window (one glyph per category, free space
 * dotted), a table of categories with tokens and % of the window, then the `picasso-lean-context`
 * fields `registry`, `snapshot`, `counters` and the newest `events`. Missing fields print
 * `not recorded`.
 */
import { Box, Text } from "ink";
import type { ContextCategory, ContextView } from "../context/context-view.js";
import { compactNumber } from "../status/status-model.js";
import { useTheme } from "./theme.js";

const GLYPHS: Record<ContextCategory, { glyph: string; color: string }> = {
  "canonical sections": { glyph: "█", color: "blue" },
  "core tools": { glyph: "▓", color: "cyan" },
  gateways: { glyph: "▒", color: "magenta" },
  "instruction index": { glyph: "▚", color: "yellow" },
  "skill index": { glyph: "▞", color: "green" },
  "session facts": { glyph: "▤", color: "white" },
  messages: { glyph: "■", color: "greenBright" },
  "Tier-2 loads": { glyph: "▥", color: "red" },
  "free space": { glyph: "·", color: "gray" },
};

const NEWEST_EVENTS = 8;

export function ContextPanel({ view, width }: { view: ContextView; width: number }) {
  const theme = useTheme();
  const barWidth = Math.max(20, Math.min(80, width - 4));
  const colored = theme.accent !== undefined;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.dim} paddingX={1} width={width}>
      <Text bold>
        Context window: {compactNumber(view.usedTokens)} of {compactNumber(view.window)} tokens (
        {pct(view.usedTokens, view.window)})
      </Text>
      <Text>
        {view.rows.map((row) => {
          const cells = Math.round((row.tokens / Math.max(1, view.window)) * barWidth);
          const look = GLYPHS[row.category];
          return (
            <Text key={row.category} color={colored ? look.color : undefined}>
              {look.glyph.repeat(row.tokens > 0 ? Math.max(1, cells) : 0)}
            </Text>
          );
        })}
      </Text>
      {view.rows.map((row) => (
        <Text key={row.category}>
          <Text color={colored ? GLYPHS[row.category].color : undefined}>{GLYPHS[row.category].glyph} </Text>
          {row.category.padEnd(20)}
          {compactNumber(row.tokens).padStart(8)} {`${row.percent.toFixed(1)}%`.padStart(7)}
        </Text>
      ))}
      <Text dimColor>
        provider-reported prompt tokens (last request):{" "}
        {view.reportedPromptTokens === undefined ? "not recorded" : view.reportedPromptTokens}
      </Text>
      <Text dimColor>{view.tokenNote}</Text>
      <Text> </Text>
      <Text bold>picasso-lean-context</Text>
      <Field name="registry" value={view.leanContext?.registry} />
      <Field name="snapshot" value={view.leanContext?.snapshot} />
      <Field name="counters" value={view.leanContext?.counters} />
      <Text>events (newest first):</Text>
      {!view.leanContext ? (
        <Text dimColor> not recorded</Text>
      ) : view.leanContext.events.length === 0 ? (
        <Text dimColor> none yet</Text>
      ) : (
        view.leanContext.events.slice(0, NEWEST_EVENTS).map((event, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: events are a positional journal
          <Text key={i}> {describeEvent(event)}</Text>
        ))
      )}
    </Box>
  );
}

function Field({ name, value }: { name: string; value: unknown }) {
  if (value === undefined || value === null)
    return (
      <Text>
        {name}: <Text dimColor>not recorded</Text>
      </Text>
    );
  const entries = typeof value === "object" ? Object.entries(value as Record<string, unknown>) : [];
  return (
    <Box flexDirection="column">
      <Text>{name}:</Text>
      {entries.map(([key, v]) => (
        <Text key={key}>
          {"  "}
          {key}: {v === undefined || v === null ? "not recorded" : short(v)}
        </Text>
      ))}
    </Box>
  );
}

function short(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

function describeEvent(event: unknown): string {
  if (!event || typeof event !== "object") return String(event);
  const e = event as Record<string, unknown>;
  const where =
    e.turn !== undefined ? ` (turn ${e.turn}${e.step !== undefined ? `, step ${e.step}` : ""})` : "";
  return `${String(e.kind ?? "event")}: ${String(e.detail ?? "")}${where}`;
}

function pct(part: number, whole: number): string {
  return whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : "not recorded";
}
