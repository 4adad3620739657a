/**
 * Test support (outside src/: it imports the dev-only ink-testing-library): ink-testing-library at
 * a chosen terminal width. Its stdout always reports 100 columns, and Ink lays the root out at
 * that width; the getter is replaced on the fake stdout's class so Ink sees `columns` instead
 * (every later render in the file sees the newest width).
 */
import { Text } from "ink";
import { render } from "ink-testing-library";
import type { ReactElement } from "react";

export function renderAt(columns: number, tree: ReactElement): ReturnType<typeof render> {
  const probe = render(<Text />);
  probe.unmount();
  Object.defineProperty(Object.getPrototypeOf(probe.stdout), "columns", {
    configurable: true,
    get: () => columns,
  });
  return render(tree);
}
