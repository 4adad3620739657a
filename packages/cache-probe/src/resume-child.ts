/**
 * The resume child: `node dist/resume-child.js CONFIG.json` re-opens a scenario's session from
 * its log in a new process and runs the rest of the scenario there — the "resume in a new
 * process" of the probe. Nothing is shared with the parent but the session log (in the
 * scenario's PICASSO_HOME) and the mock server's cache (over HTTP). The steps it records are
 * written as JSON to `config.output` for the parent to check with its own.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { ProbeRecorder } from "./probe-recorder.js";
import { openProbeSession } from "./probe-session.js";
import type { ProviderRules } from "./probe-step.js";
import { approverFor, providerFor, runTurnAction } from "./scenario-driver.js";
import { findScenario } from "./scenarios/index.js";

export interface ResumeChildConfig {
  scenario: string;
  /** Index of the first action to run here (the one after the resume). */
  from: number;
  rules: ProviderRules;
  model: string;
  baseUrl: string;
  workspace: string;
  home: string;
  /** The session's clock at the resume (ISO; a day later after a next-day). */
  now: string;
  output: string;
}

async function main(configPath: string): Promise<void> {
  const config = JSON.parse(readFileSync(configPath, "utf8")) as ResumeChildConfig;
  const scenario = findScenario(config.scenario);
  if (!scenario) throw new Error(`unknown scenario ${config.scenario}`);
  const recorder = new ProbeRecorder();
  const probe = await openProbeSession({
    provider: recorder.wrap(
      providerFor({ rules: config.rules, model: config.model, baseUrl: config.baseUrl }),
    ),
    workspaceRoot: config.workspace,
    picassoHome: config.home,
    approver: approverFor(scenario),
    observers: [recorder.observer],
    now: () => new Date(config.now),
    resume: "newest",
    ...(scenario.settings ? { settings: scenario.settings } : {}),
  });
  recorder.mode = () => probe.session.currentMode;
  recorder.markResume(["main"]);
  try {
    for (const action of scenario.actions.slice(config.from)) {
      if (action.kind === "mode") probe.session.setMode(action.mode);
      else if (action.kind === "resume") throw new Error("one resume in a new process per scenario");
      else if (action.kind === "next-day")
        throw new Error("a next day after a resume in a new process is not supported");
      else {
        recorder.label = action.label;
        await runTurnAction(probe.session, scenario.name, action);
      }
    }
  } finally {
    await probe.close("probe child done");
  }
  writeFileSync(config.output, JSON.stringify(recorder.steps));
}

main(process.argv[2] ?? "").then(
  () => {
    process.exitCode = 0;
  },
  (error: unknown) => {
    process.stderr.write(
      `resume child: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
