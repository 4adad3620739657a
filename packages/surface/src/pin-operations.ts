/**
 * The pin operations of a live session (core operations, core-operations.ts): `pin [text]` pins a
 * decision every compaction keeps (docs/lean-context.md "Protected context") — alone it lists the
 * pins, numbered — and `unpin <n>` takes pin n off. Each change is a `context_pin` event in the
 * session's log; a mistake (empty, a repeat, a bad number) is a `warn` answer. A saved session is
 * pinned offline with `picasso context pin` / `unpin` (apps/cli).
 */
import type { Session } from "@picasso/engine";
import { pinList } from "@picasso/engine";
import type { ExtensionOperation } from "@picasso/protocol";

type OperationSpec = Omit<ExtensionOperation, "name">;

export function pinOperations(session: Session): { pin: OperationSpec; unpin: OperationSpec } {
  const listed = (pins: readonly string[], head: string) => ({
    text: pins.length
      ? `${head}\n${pinList(pins)}`
      : "Nothing is pinned; /pin <text> pins a decision every compaction keeps.",
    title: "pins",
    data: { pins: [...pins] },
  });
  return {
    pin: {
      args: "[text]",
      summary: "pin a decision every compaction keeps; alone, list the pins",
      run(args) {
        if (args.trim() === "") return listed(session.pins, "Pinned (kept across compaction):");
        return listed(session.pin(args), "Pinned. Every compaction keeps:");
      },
    },
    unpin: {
      args: "<n>",
      summary: "take pin n off (as /pin lists them)",
      run(args) {
        return listed(session.unpin(args), "Unpinned. Pinned now:");
      },
    },
  };
}
