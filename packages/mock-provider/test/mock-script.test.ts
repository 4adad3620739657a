// biome-ignore-all lint/suspicious/noTemplateCurlyInString: mock-script captures are written ${/regex/}.
/**
 * Mock scripts: YAML loading with errors naming file, line and field; step matching by substring
 * and /regex/ against the latest user text or tool result; the exhausted answer.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isUserError } from "@picasso/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../src/index.js";
import { loadMockScript } from "../src/script.js";
import { EXHAUSTED_TEXT } from "../src/scripted-model.js";
import { anthropicClient } from "./mock-fixtures.js";

const dir = mkdtempSync(join(tmpdir(), "mock-script-"));
function scriptFile(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function loadError(path: string): Error {
  try {
    loadMockScript(path);
  } catch (error) {
    expect(isUserError(error)).toBe(true);
    return error as Error;
  }
  throw new Error("expected loadMockScript to throw");
}

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("loadMockScript", () => {
  it("loads a valid script with defaults", () => {
    const path = scriptFile(
      "ok.yaml",
      `steps:
  - match: "fix the bug"
    text: "I'll read the file first."
    tool_calls:
      - { name: read, input: { path: src/a.ts } }
  - text: done
faults:
  - { request: 1, kind: rate_limit }
`,
    );
    const script = loadMockScript(path);
    expect(script.steps).toHaveLength(2);
    expect(script.steps[0]?.tool_calls?.[0]).toEqual({ name: "read", input: { path: "src/a.ts" } });
    expect(script.faults[0]).toEqual({ request: 1, kind: "rate_limit", retry_after: 0 });
  });

  it("names file, line and field for a wrong type", () => {
    const path = scriptFile(
      "type.yaml",
      `steps:
  - text: first
  - text: second
    tool_calls:
      - name: 42
`,
    );
    expect(loadError(path).message).toBe(`${path}:5: steps[1].tool_calls[0].name: expected a string`);
  });

  it("names file, line and field for an unknown field", () => {
    const path = scriptFile("unknown.yaml", "steps:\n  - text: hi\n    stopp: end_turn\n");
    expect(loadError(path).message).toMatch(new RegExp(`^${path}:3: steps\\[0\\]\\.stopp: unknown field`));
  });

  it("names file, line and field for a bad enum, a bad fault kind and a missing field", () => {
    const stop = scriptFile("stop.yaml", "steps:\n  - text: hi\n    stop: finished\n");
    expect(loadError(stop).message).toMatch(
      new RegExp(`^${stop}:3: steps\\[0\\]\\.stop: must be one of end_turn`),
    );
    const kind = scriptFile("kind.yaml", "faults:\n  - request: 2\n    kind: explode\n");
    expect(loadError(kind).message).toMatch(
      new RegExp(`^${kind}:3: faults\\[0\\]\\.kind: must be one of rate_limit`),
    );
    const missing = scriptFile("missing.yaml", "faults:\n  - kind: server\n");
    expect(loadError(missing).message).toBe(`${missing}:2: faults[0].request: is required`);
  });

  it("names file and line for invalid YAML and a bad regex", () => {
    const yaml = scriptFile("syntax.yaml", "steps:\n  - text: [unclosed\n");
    expect(loadError(yaml).message).toMatch(new RegExp(`^${yaml}:\\d+: invalid YAML`));
    const regex = scriptFile("regex.yaml", "steps:\n  - text: ok\n  - match: /([a-z/\n");
    expect(loadError(regex).message).toMatch(
      new RegExp(`^${regex}:3: steps\\[1\\]\\.match: invalid regular expression`),
    );
  });

  it("says when the file cannot be read", () => {
    expect(loadError(join(dir, "absent.yaml")).message).toMatch(
      /absent\.yaml: cannot read the mock script \(ENOENT\)/,
    );
  });

  it("rejects an invalid parsed script given to startMockServer", async () => {
    await expect(startMockServer({ script: { steps: [{ stop: "nope" as "end_turn" }] } })).rejects.toThrow(
      /steps\[0\]\.stop: must be one of/,
    );
  });
});

describe("scripted model", () => {
  it("takes the first unused matching step, by substring or regex, on user text and tool results", async () => {
    const path = scriptFile(
      "session.yaml",
      `steps:
  - match: "/exit code: [1-9]/i"
    text: "the tests failed"
  - match: "fix the bug"
    text: "I'll run the tests."
    tool_calls:
      - { name: bash, input: { command: npm test } }
  - text: "fallback"
`,
    );
    server = await startMockServer({ script: path });
    const client = anthropicClient(server.url);
    const base = { model: "m", max_tokens: 50 };
    const turn1 = await client.messages.create({
      ...base,
      messages: [{ role: "user", content: "please fix the bug" }],
    });
    expect(turn1.content[0]).toMatchObject({ type: "text", text: "I'll run the tests." });
    const call = turn1.content[1] as { type: "tool_use"; id: string; name: string; input: unknown };
    expect(call).toMatchObject({ type: "tool_use", name: "bash", input: { command: "npm test" } });
    expect(turn1.stop_reason).toBe("tool_use");

    const turn2 = await client.messages.create({
      ...base,
      messages: [
        { role: "user", content: "please fix the bug" },
        { role: "assistant", content: turn1.content },
        {
          role: "user",
          content: [{ type: "tool_result", tool_use_id: call.id, content: "1 failing\nEXIT CODE: 1" }],
        },
      ],
    });
    expect(turn2.content).toMatchObject([{ type: "text", text: "the tests failed" }]);
    expect(turn2.stop_reason).toBe("end_turn");

    const turn3 = await client.messages.create({
      ...base,
      messages: [{ role: "user", content: "anything" }],
    });
    expect(turn3.content).toMatchObject([{ type: "text", text: "fallback" }]);
    const turn4 = await client.messages.create({ ...base, messages: [{ role: "user", content: "more" }] });
    expect(turn4.content).toMatchObject([{ type: "text", text: EXHAUSTED_TEXT }]);
    expect(turn4.stop_reason).toBe("end_turn");
  });
});

describe("captures in a step's tool-call input", () => {
  it("fills ${/regex/} from the request's transcript (an id only the conversation knows), and leaves a miss as written", async () => {
    server = await startMockServer({
      script: {
        steps: [
          {
            match: "recall",
            tool_calls: [
              {
                name: "history_read",
                input: { id: "${/- (toolu_\\w+) · bash/}", nested: ["${/nowhere-(\\d+)/}"], offset: 0 },
              },
            ],
          },
        ],
      },
    });
    const client = anthropicClient(server.url);
    const reply = await client.messages.create({
      model: "m",
      max_tokens: 50,
      messages: [
        {
          role: "user",
          content:
            "<conversation-summary>\n- toolu_abc123 · read · a.ts\n- toolu_def456 · bash · npm test\n</conversation-summary>",
        },
        { role: "assistant", content: "ok" },
        { role: "user", content: "now recall the test output" },
      ],
    });
    expect(reply.content[0]).toMatchObject({
      type: "tool_use",
      name: "history_read",
      input: { id: "toolu_def456", nested: ["${/nowhere-(\\d+)/}"], offset: 0 },
    });
  });
});
