/**
 * The `/context` panels of a list of extensions (`PicassoExtension.panel()`), in mount order: a
 * live session's (`PluginHost.panels()`) and the ones `picasso context` builds offline. An
 * extension without a panel, or whose `panel()` returns undefined, adds none; one whose `panel()`
 * throws adds a panel saying so (its id and title the extension's name, one `error` row), so a
 * broken extension never hides the others.
 */
import type { ContextPanel, PicassoExtension } from "@picasso/protocol";

export function extensionPanels(extensions: readonly PicassoExtension[]): ContextPanel[] {
  const panels: ContextPanel[] = [];
  for (const extension of extensions) {
    if (!extension.panel) continue;
    try {
      const panel = extension.panel();
      if (panel) panels.push(panel);
    } catch (error) {
      panels.push({
        id: extension.name,
        title: extension.name,
        rows: [{ label: "error", value: (error as Error)?.message ?? String(error), tone: "error" }],
      });
    }
  }
  return panels;
}
