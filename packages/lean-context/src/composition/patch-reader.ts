/**
 * Reading the YAML nodes of one patch file strictly. Every reader takes the node and the field
 * path it stands for (`patches[0].insert.tools[].tier`); a node of the wrong shape is a UserError
 * `<file>:<line>: <field>: <what was expected>`, the line being the node's own.
 */

import { readFileSync } from "node:fs";
import { UserError } from "@picasso/protocol";
import {
  type Document,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  parseDocument,
  type YAMLMap,
} from "yaml";

/** A mapping's entries by key, each with its key node (for the key's line). */
export type Entries = Map<string, { key: Node; value: Node | null }>;

export class PatchReader {
  constructor(
    readonly file: string,
    private readonly lines: LineCounter,
  ) {}

  lineOf(node: Node | null | undefined): number {
    return node?.range ? this.lines.linePos(node.range[0]).line : 1;
  }

  fail(node: Node | null | undefined, field: string, message: string): never {
    throw new UserError(`${this.file}:${this.lineOf(node)}: ${field}: ${message}`);
  }

  /** A mapping whose keys are all in `allowed`. */
  entries(node: unknown, field: string, allowed: readonly string[]): Entries {
    if (!isMap(node)) return this.fail(node as Node, field, "expected a mapping");
    const out: Entries = new Map();
    for (const pair of (node as YAMLMap).items) {
      const key = pair.key as Node;
      const name = isScalar(key) ? String(key.value) : "";
      if (!allowed.includes(name))
        this.fail(key, `${field}.${name}`, `unknown field (allowed: ${allowed.join(", ")})`);
      out.set(name, { key, value: pair.value as Node | null });
    }
    return out;
  }

  str(node: Node | null, field: string, pattern?: RegExp): string {
    if (!isScalar(node) || typeof node.value !== "string" || node.value.length === 0)
      return this.fail(node, field, "expected a non-empty string");
    if (pattern && !pattern.test(node.value)) this.fail(node, field, `"${node.value}" is not a valid name`);
    return node.value;
  }

  tier(node: Node | null, field: string): "core" | "deferred" {
    const value = this.str(node, field);
    if (value !== "core" && value !== "deferred")
      this.fail(node, field, `"${value}" must be core or deferred`);
    return value as "core" | "deferred";
  }

  order(node: Node | null, field: string): number {
    if (!isScalar(node) || typeof node.value !== "number" || !Number.isFinite(node.value))
      return this.fail(node, field, "expected a number");
    return node.value;
  }

  config(node: Node | null, field: string): Record<string, unknown> {
    if (!isMap(node)) return this.fail(node, field, "expected a mapping");
    return node.toJSON() as Record<string, unknown>;
  }

  list(node: Node | null, field: string): Node[] {
    if (!isSeq(node)) return this.fail(node, field, "expected a list");
    return node.items as Node[];
  }
}

/**
 * A YAML file read for strict reading: its document and a reader over it. A file that cannot be
 * read or does not parse is a one-line UserError naming it (and the line), saying it is `what`.
 */
export function readYamlFile(file: string, what: string): { doc: Document.Parsed; reader: PatchReader } {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new UserError(
      `${file}: cannot read the ${what} (${(error as NodeJS.ErrnoException).code ?? error})`,
    );
  }
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    throw new UserError(`${file}:${e.linePos?.[0]?.line ?? 1}: not valid YAML (${e.message.split("\n")[0]})`);
  }
  return { doc, reader: new PatchReader(file, lines) };
}
