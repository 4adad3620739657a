/**
 * Memory's `/context` panel: the database file, how many memories it holds and the ranking in use
 * (it says when there are no embeddings; with them, the embeddings model) — or, when this session
 * runs without memory, the one problem line, in the warning tone.
 */
import type { ContextPanel, PanelRow } from "@picasso/protocol";

export type MemoryPanelState =
  | { problem: string }
  | {
      /** The database file; `created: false` when there is none yet (the first `remember` makes it). */
      database: string;
      created: boolean;
      memories: number;
      ranking: string;
      embeddingsModel?: string;
    };

export function memoryPanel(id: string, state: MemoryPanelState): ContextPanel {
  const rows: PanelRow[] =
    "problem" in state
      ? [{ label: "problem", value: state.problem, tone: "warn" }]
      : [
          {
            label: "database",
            value: state.created ? state.database : `${state.database} (not created yet)`,
          },
          { label: "memories", value: String(state.memories) },
          { label: "ranking", value: state.ranking },
          ...(state.embeddingsModel ? [{ label: "embeddings model", value: state.embeddingsModel }] : []),
        ];
  return { id, title: "memory", rows };
}
