import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test-context.js";
import { notebookEditTool } from "./notebook-edit.js";

let ctx: TestContext;
beforeEach(() => {
  ctx = createTestContext();
});
afterEach(() => ctx.cleanup());

// A notebook as Jupyter 7 saves it (nbformat 4.5: every cell has an id).
const NOTEBOOK = {
  cells: [
    { cell_type: "markdown", id: "a1b2c3d4", metadata: {}, source: ["# Analysis\n", "Weekly sales."] },
    {
      cell_type: "code",
      execution_count: 3,
      id: "e5f6a7b8",
      metadata: { tags: ["plot"] },
      outputs: [{ name: "stdout", output_type: "stream", text: ["42\n"] }],
      source: ["df = load()\n", "df.plot()"],
    },
  ],
  metadata: { kernelspec: { display_name: "Python 3", language: "python", name: "python3" } },
  nbformat: 4,
  nbformat_minor: 5,
};

/** The structural rules of the nbformat 4.5 schema that an edit can break. */
function expectValidNotebook(nb: Record<string, unknown>) {
  expect(nb.nbformat).toBe(4);
  const cells = nb.cells as Record<string, unknown>[];
  const ids = new Set<string>();
  for (const cell of cells) {
    expect(["code", "markdown", "raw"]).toContain(cell.cell_type);
    expect(typeof cell.id).toBe("string");
    expect(cell.id).toMatch(/^[a-zA-Z0-9-_]{1,64}$/);
    ids.add(cell.id as string);
    expect(typeof cell.metadata).toBe("object");
    expect(Array.isArray(cell.source)).toBe(true);
    if (cell.cell_type === "code") {
      expect(Array.isArray(cell.outputs)).toBe(true);
      expect(cell.execution_count === null || typeof cell.execution_count === "number").toBe(true);
    } else {
      expect(cell).not.toHaveProperty("outputs");
      expect(cell).not.toHaveProperty("execution_count");
    }
  }
  expect(ids.size).toBe(cells.length);
}

const path = () => join(ctx.root, "analysis.ipynb");
const load = () =>
  JSON.parse(readFileSync(path(), "utf8")) as Record<string, unknown> & { cells: Record<string, unknown>[] };

beforeEach(() => {
  writeFileSync(path(), JSON.stringify(NOTEBOOK, null, 1));
  ctx.files.markRead(path());
});

describe("notebook_edit", () => {
  it("replaces a code cell's source and clears its stale outputs, keeping metadata", async () => {
    const out = await notebookEditTool.run(
      { path: "analysis.ipynb", index: 1, source: "df = load()\ndf.resample('W').sum().plot()" },
      ctx,
    );
    expect(out.content).toBe(
      "analysis.ipynb: Replaced cell 1 (code). Its old outputs were cleared; run the notebook to regenerate them.",
    );
    const nb = load();
    expectValidNotebook(nb);
    expect(nb.cells[1]).toEqual({
      cell_type: "code",
      execution_count: null,
      id: "e5f6a7b8",
      metadata: { tags: ["plot"] },
      outputs: [],
      source: ["df = load()\n", "df.resample('W').sum().plot()"],
    });
    expect(readFileSync(path(), "utf8")).toMatch(/^\{\n "cells": \[\n {2}\{\n/);
    expect(readFileSync(path(), "utf8").endsWith("}\n")).toBe(true);
  });

  it("inserts cells by index and after a cell id, with fresh ids, and deletes by id", async () => {
    await notebookEditTool.run(
      { path: "analysis.ipynb", action: "insert", index: 0, source: "import pandas as pd" },
      ctx,
    );
    await notebookEditTool.run(
      {
        path: "analysis.ipynb",
        action: "insert",
        cell_id: "a1b2c3d4",
        cell_type: "markdown",
        source: "## Load",
      },
      ctx,
    );
    let nb = load();
    expectValidNotebook(nb);
    expect(nb.cells.map((c) => c.cell_type)).toEqual(["code", "markdown", "markdown", "code"]);
    expect(nb.cells[0]).toMatchObject({
      outputs: [],
      execution_count: null,
      source: ["import pandas as pd"],
    });
    expect(nb.cells[2]).toMatchObject({ source: ["## Load"] });
    const out = await notebookEditTool.run(
      { path: "analysis.ipynb", action: "delete", cell_id: "e5f6a7b8" },
      ctx,
    );
    expect(out.content).toBe("analysis.ipynb: Deleted cell 3 (code); 3 cells now.");
    nb = load();
    expectValidNotebook(nb);
    expect(nb.cells.map((c) => c.id)).not.toContain("e5f6a7b8");
  });

  it("changing a code cell to markdown drops outputs and count", async () => {
    await notebookEditTool.run(
      { path: "analysis.ipynb", index: 1, cell_type: "markdown", source: "Plot goes here." },
      ctx,
    );
    const nb = load();
    expectValidNotebook(nb);
    expect(nb.cells[1]).toEqual({
      cell_type: "markdown",
      id: "e5f6a7b8",
      metadata: { tags: ["plot"] },
      source: ["Plot goes here."],
    });
  });

  it("refuses bad indexes, unknown ids, non-notebooks and unread files without touching the file", async () => {
    const before = readFileSync(path(), "utf8");
    expect(
      (await notebookEditTool.run({ path: "analysis.ipynb", index: 5, source: "x" }, ctx)).content,
    ).toContain('"index" must be between 0 and 1');
    expect(
      (await notebookEditTool.run({ path: "analysis.ipynb", cell_id: "zzz", source: "x" }, ctx)).content,
    ).toContain('no cell has id "zzz"');
    writeFileSync(join(ctx.root, "bad.ipynb"), "{not json");
    ctx.files.markRead(join(ctx.root, "bad.ipynb"));
    expect((await notebookEditTool.run({ path: "bad.ipynb", index: 0, source: "x" }, ctx)).content).toContain(
      "not valid JSON",
    );
    writeFileSync(join(ctx.root, "fresh.ipynb"), before);
    expect(
      (await notebookEditTool.run({ path: "fresh.ipynb", index: 0, source: "x" }, ctx)).content,
    ).toContain("Read it first");
    expect(readFileSync(path(), "utf8")).toBe(before);
  });
});
