/**
 * A workflow's lanes: one per step, or one per item of a `for_each` step (`test[1]`, `test[2]`…,
 * counted from 1), each with its item. Expanding needs the run's inputs (a `for_each` over a list
 * input); everything else was checked when the file was read.
 */
import type { WorkflowDefinition, WorkflowStep } from "./workflow-file.js";
import type { InputValues } from "./workflow-inputs.js";

export interface PlannedLane {
  /** `build`, or `test[2]` for the second item of a fan-out. */
  id: string;
  step: WorkflowStep;
  item?: string;
}

export function itemsOf(step: WorkflowStep, inputs: InputValues): string[] | undefined {
  if (!step.forEach) return undefined;
  if (step.forEach.kind === "literal") return step.forEach.items;
  const value = inputs[step.forEach.input];
  return Array.isArray(value) ? value : value ? [value] : [];
}

export function planLanes(workflow: WorkflowDefinition, inputs: InputValues): PlannedLane[] {
  return workflow.steps.flatMap((step) => {
    const items = itemsOf(step, inputs);
    if (!items) return [{ id: step.id, step }];
    return items.map((item, i) => ({ id: `${step.id}[${i + 1}]`, step, item }));
  });
}
