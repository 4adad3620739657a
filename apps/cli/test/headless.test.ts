/**
 * Headless mode end to end: the built binary, the in-process mock provider behind the official
 * SDK, real tools in a temporary workspace.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "@picasso/mock-provider";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { BIN, picasso, script, workspace } from "./cli-harness.js";

const mock = (path: string) => ["--provider", "mock", "--mock-script", path];

describe("picasso -p", () => {
  it("prints the final text and exits 0", async () => {
    const dir = workspace({ "notes.md": "remember the milk\n" });
    const s = script(dir, {
      steps: [
        { match: "what do the notes say", tool_calls: [{ name: "read", input: { path: "notes.md" } }] },
        { match: "milk", text: "The notes say: remember the milk." },
      ],
    });
    const run = await picasso(dir, ["-p", "what do the notes say?", ...mock(s)]);
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe("The notes say: remember the milk."); // execa strips the final newline
  });

  it("prints one JSON object with the result, session, usage, turns and steps", async () => {
    const dir = workspace();
    const s = script(dir, { steps: [{ text: "hello from the script" }] });
    const run = await picasso(dir, ["-p", "hi", "--output-format", "json", ...mock(s)]);
    expect(run.exitCode).toBe(0);
    const result = JSON.parse(run.stdout as string);
    expect(result).toMatchObject({
      type: "result",
      result: "hello from the script",
      turns: 1,
      steps: 1,
      isError: false,
    });
    expect(result.sessionId).toMatch(/^\d{8}T\d{6}-[0-9a-f]{6}$/);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
    expect(Object.values(result.usage).every((v) => typeof v === "number")).toBe(true);
    expect(readFileSync(result.logPath, "utf8")).toContain('"type":"session_start"');
  });

  it("streams the session's events, one per line — the log's variants plus live deltas — then the result", async () => {
    const dir = workspace({ "a.txt": "alpha\n" });
    const s = script(dir, {
      steps: [{ tool_calls: [{ name: "read", input: { path: "a.txt" } }] }, { text: "alpha it is" }],
    });
    const run = await picasso(dir, ["-p", "read a.txt", "--output-format", "stream-json", ...mock(s)]);
    expect(run.exitCode).toBe(0);
    const lines = (run.stdout as string)
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const types = lines.map((l) => l.type);
    expect(types[0]).toBe("session_start");
    expect(types).toContain("text_delta");
    expect(types).toContain("tool_call");
    expect(types).toContain("tool_result");
    expect(types.at(-3)).toBe("turn_end");
    expect(types.at(-2)).toBe("session_end");
    const result = lines.at(-1);
    expect(result).toMatchObject({ type: "result", result: "alpha it is", steps: 2 });
    // Every logged line was streamed, in order, and only live-only deltas were not logged.
    const logged = readFileSync(result.logPath, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const events = lines.slice(0, -1);
    expect(events.filter((e) => e.seq !== undefined).map((e) => [e.seq, e.type])).toEqual(
      logged.map((e) => [e.seq, e.type]),
    );
    expect(new Set(events.filter((e) => e.seq === undefined).map((e) => e.type))).toEqual(
      new Set(["text_delta"]),
    );
    // A streamed tool result carries what the screen needs; its log line does not repeat it.
    expect(events.find((e) => e.type === "tool_result")).toMatchObject({
      name: "read",
      content: expect.stringContaining("alpha"),
    });
    expect(logged.find((e) => e.type === "tool_result")).not.toHaveProperty("content");
  });

  it("denies a tool that needs approval unless --allow names it", async () => {
    const dir = workspace();
    const steps = [
      { tool_calls: [{ name: "write", input: { path: "out.txt", content: "written" } }] },
      { text: "tried" },
    ];
    const denied = await picasso(dir, [
      "-p",
      "write it",
      "--output-format",
      "stream-json",
      ...mock(script(dir, { steps })),
    ]);
    expect(denied.exitCode).toBe(0);
    const finished = (denied.stdout as string)
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
      .find((e) => e.type === "tool_result");
    expect(finished).toMatchObject({ name: "write", status: "denied" });
    expect(finished.content).toContain("--allow write");
    expect(() => readFileSync(join(dir, "out.txt"))).toThrow();

    const allowed = await picasso(dir, [
      "-p",
      "write it",
      "--allow",
      "write",
      ...mock(script(dir, { steps }, "again.yaml")),
    ]);
    expect(allowed.exitCode).toBe(0);
    expect(readFileSync(join(dir, "out.txt"), "utf8")).toBe("written");
  });

  it("refuses an edit in plan mode", async () => {
    const dir = workspace({ "a.txt": "alpha\n" });
    const s = script(dir, {
      steps: [
        { tool_calls: [{ name: "write", input: { path: "a.txt", content: "beta" } }] },
        { match: "plan mode is on", text: "planned only" },
      ],
    });
    const run = await picasso(dir, ["-p", "change a.txt", "--mode", "plan", "--allow", "write", ...mock(s)]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe("planned only");
    expect(readFileSync(join(dir, "a.txt"), "utf8")).toBe("alpha\n");
  });

  it("continues the newest session with --continue", async () => {
    const dir = workspace();
    const first = await picasso(dir, [
      "-p",
      "remember 7",
      "--output-format",
      "json",
      ...mock(script(dir, { steps: [{ text: "ok, 7" }] })),
    ]);
    const s2 = script(dir, { steps: [{ match: "what number", text: "you said 7" }] }, "second.yaml");
    const second = await picasso(dir, [
      "-p",
      "what number?",
      "--continue",
      "--output-format",
      "json",
      ...mock(s2),
    ]);
    expect(second.exitCode).toBe(0);
    const a = JSON.parse(first.stdout as string);
    const b = JSON.parse(second.stdout as string);
    expect(b.sessionId).toBe(a.sessionId);
    expect(b.turns).toBe(2);
    expect(b.result).toBe("you said 7");
  });

  it("never writes the API key into the log, the output or the requests' bodies", async () => {
    const secret = "sk-ant-test-SENTINEL-0123456789";
    const server = await startMockServer({ script: { steps: [{ text: "hello" }] } });
    try {
      const dir = workspace();
      const home = `${dir}-home`; // beside the workspace: a workspace never holds PICASSO_HOME
      const run = await picasso(dir, ["-p", "hi", "--provider", "anthropic", "--output-format", "json"], {
        env: { PICASSO_HOME: home, ANTHROPIC_API_KEY: secret, ANTHROPIC_BASE_URL: server.url },
      });
      expect(run.exitCode).toBe(0);
      expect(`${run.stdout}${run.stderr}`).not.toContain(secret);
      const files = (readdirSync(home, { recursive: true }) as string[])
        .map((f) => join(home, f))
        .filter((f) => statSync(f).isFile());
      expect(files.some((f) => f.endsWith(".jsonl"))).toBe(true);
      for (const file of files) expect(readFileSync(file, "utf8")).not.toContain(secret);
      expect(JSON.stringify(server.requests)).not.toContain(secret);
    } finally {
      await server.close();
    }
  });

  it("exits 1 with a one-line reason when the provider fails", async () => {
    const dir = workspace();
    const s = script(dir, {
      steps: [{ text: "a long answer that will be cut in the middle of the stream" }],
      faults: [{ request: 1, kind: "cut" }],
    });
    const run = await picasso(dir, ["-p", "hi", ...mock(s)]);
    expect(run.exitCode).toBe(1);
    const lines = (run.stderr as string).trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^picasso: /);
    // The fault is the mock's, and says so.
    expect(lines[0]).toMatch(/^picasso: mock provider: the response stream was cut/);
    expect(lines[0]).not.toContain("Anthropic");
  });

  it("says on stderr when it retries a rate-limited request (text mode only)", async () => {
    const dir = workspace();
    const s = script(dir, {
      steps: [{ text: "answered after a retry" }],
      faults: [{ request: 1, kind: "rate_limit", retry_after: 0 }],
    });
    const text = await picasso(dir, ["-p", "hi", ...mock(s)]);
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toBe("answered after a retry");
    expect(text.stderr).toBe("picasso: rate limited (429), retry 1 in 0.0s");
    for (const format of ["json", "stream-json"]) {
      const quiet = await picasso(dir, [
        "-p",
        "hi",
        "--output-format",
        format,
        ...mock(
          script(
            dir,
            { steps: [{ text: "ok" }], faults: [{ request: 1, kind: "rate_limit", retry_after: 0 }] },
            `${format}.yaml`,
          ),
        ),
      ]);
      expect(quiet.exitCode).toBe(0);
      expect(quiet.stderr).toBe("");
      if (format === "stream-json") expect(quiet.stdout).toContain('"type":"retry"');
    }
  });

  it("exits 2 with one line for a missing key, an unknown session and a bad flag", async () => {
    const dir = workspace();
    const env = { ANTHROPIC_API_KEY: "", PICASSO_PROVIDER: "" };
    const noKey = await picasso(dir, ["-p", "hi", "--provider", "anthropic"], { env });
    expect(noKey.exitCode).toBe(2);
    expect(noKey.stderr).toMatch(/^picasso: ANTHROPIC_API_KEY is not set[^\n]*\n?$/);
    const unknown = await picasso(dir, ["-p", "hi", "--resume", "nope", "--provider", "mock"]);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/^picasso: unknown session id "nope"[^\n]*\n?$/);
    const badMode = await picasso(dir, ["-p", "hi", "--mode", "yolo", "--provider", "mock"]);
    expect(badMode.exitCode).toBe(2);
    expect(badMode.stderr).toMatch(/^picasso: option '--mode <mode>' argument 'yolo' is invalid[^\n]*\n?$/);
    const both = await picasso(dir, ["-p", "hi", "--provider", "openai", "--mock-script", "s.yaml"]);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toMatch(/^picasso: --mock-script runs the mock provider[^\n]*\n?$/);
  });

  it("with no provider chosen and no key, runs on the mock like the TUI and says so in one stderr line", async () => {
    const dir = workspace({ "README.md": "# hello\n" });
    const run = await picasso(dir, ["-p", "read README.md"], { env: { ANTHROPIC_API_KEY: "" } });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).not.toBe("");
    expect(run.stderr).toMatch(
      /^picasso: no provider chosen and ANTHROPIC_API_KEY is not set: running on the offline mock model; [^\n]*ANTHROPIC_API_KEY[^\n]*\n?$/,
    );
  });

  it("--mock-script alone runs the mock with that script", async () => {
    const dir = workspace();
    const s = script(dir, { steps: [{ text: "from the script" }] });
    const run = await picasso(dir, ["-p", "hi", "--mock-script", s], {
      env: { ANTHROPIC_API_KEY: "sk-ant-unused", PICASSO_PROVIDER: "anthropic" },
    });
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe("from the script");
  });

  it("--continue and --resume reuse the session's provider and model unless a flag overrides", async () => {
    const dir = workspace();
    const first = await picasso(dir, [
      "-p",
      "remember 7",
      "--output-format",
      "json",
      "--model",
      "mock-large",
      ...mock(script(dir, { steps: [{ text: "ok, 7" }] })),
    ]);
    const { sessionId, logPath } = JSON.parse(first.stdout as string);
    const starts = () =>
      readFileSync(logPath, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l))
        .filter((e) => e.type === "session_start")
        .map((e) => `${e.provider}/${e.model}`);
    // Environment settings that would choose something else for a new session.
    const env = {
      PICASSO_PROVIDER: "anthropic",
      PICASSO_MODEL: "claude-sonnet-4-6",
      PICASSO_MOCK_SCRIPT: script(dir, { steps: [{ text: "still on the mock" }] }, "second.yaml"),
    };
    const again = await picasso(dir, ["-p", "and now?", "--continue"], { env });
    expect(again.stderr).toBe("");
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toBe("still on the mock");
    const resumed = await picasso(dir, ["-p", "and now?", "--resume", sessionId, "--model", "mock-small"], {
      env,
    });
    expect(resumed.exitCode).toBe(0);
    expect(starts()).toEqual(["mock/mock-large", "mock/mock-large", "mock/mock-small"]);
  });

  it("warns on stderr, one line each, about an instruction file cut at the cap or left out", async () => {
    const rules = Array.from({ length: 5000 }, (_, i) => `- rule ${i + 1}: keep the build green.`).join("\n");
    const dir = workspace({ "AGENTS.md": `# Rules\n${rules}\n`, "CLAUDE.md": "rules\u0000\u0001" });
    const s = script(dir, { steps: [{ text: "done" }] });
    const run = await picasso(dir, ["-p", "hi", ...mock(s)]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe("done");
    expect((run.stderr as string).trimEnd().split("\n")).toEqual([
      expect.stringMatching(
        /^picasso: warning: CLAUDE\.md: binary content \(NUL bytes\), not text; left out of the instruction index/,
      ),
      expect.stringMatching(
        /^picasso: warning: AGENTS\.md: instructions cut at the 8192-byte cap \(\d+ bytes in all\): the model sees up to line \d+ /,
      ),
    ]);
  });

  describe("a prompt over the 128 KB argument limit, through stdin", () => {
    // 200 KB of log lines; the end marker proves the model got all of it.
    const big = `${Array.from({ length: 4000 }, (_, i) => `line ${i}: ${"x".repeat(40)}`).join("\n")}\nEND-OF-INPUT\n`;
    const userTexts = (logPath: string) =>
      readFileSync(logPath, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l))
        .filter((e) => e.type === "message" && e.message.role === "user")
        .flatMap((e) => e.message.content.filter((b: { type: string }) => b.type === "text"))
        .map((b: { text: string }) => b.text);

    it("-p - reads the whole prompt from stdin", async () => {
      expect(big.length).toBeGreaterThan(128 * 1024);
      const dir = workspace();
      const s = script(dir, { steps: [{ match: "END-OF-INPUT", text: "read all of it" }] });
      const run = await picasso(dir, ["-p", "-", "--output-format", "json", ...mock(s)], { input: big });
      expect(run.stderr).toBe("");
      expect(run.exitCode).toBe(0);
      const result = JSON.parse(run.stdout as string);
      expect(result.result).toBe("read all of it");
      expect(userTexts(result.logPath)).toContain(big);
    });

    it("a piped stdin is appended to -p's prompt in a <stdin> block", async () => {
      const dir = workspace();
      writeFileSync(join(dir, "big.log"), big);
      const s = script(dir, { steps: [{ match: "END-OF-INPUT", text: "explained" }] });
      // A real shell pipe (a FIFO), as a user types it.
      const run = await execa(
        "sh",
        ["-c", 'cat big.log | node "$0" -p explain --output-format json "$@"', BIN, ...mock(s)],
        {
          cwd: dir,
          reject: false,
        },
      );
      expect(run.stderr).toBe("");
      expect(run.exitCode).toBe(0);
      const result = JSON.parse(run.stdout);
      expect(result.result).toBe("explained");
      expect(userTexts(result.logPath)).toContain(`explain\n\n<stdin>\n${big.slice(0, -1)}\n</stdin>`);
    });

    it("a file redirected to stdin is appended too; a program's open stdin is not waited for", async () => {
      const dir = workspace();
      writeFileSync(join(dir, "big.log"), big);
      const s = script(dir, { steps: [{ match: "END-OF-INPUT", text: "from the file" }] });
      const run = await execa("sh", ["-c", 'node "$0" -p explain "$@" < big.log', BIN, ...mock(s)], {
        cwd: dir,
        reject: false,
      });
      expect(run.exitCode).toBe(0);
      expect(run.stdout).toBe("from the file");
      // execa leaves stdin open and never writes: not a pipe from a shell, so it is not read.
      const open = await picasso(dir, [
        "-p",
        "hi",
        ...mock(script(dir, { steps: [{ text: "no wait" }] }, "s2.yaml")),
      ]);
      expect(open.exitCode).toBe(0);
      expect(open.stdout).toBe("no wait");
    });
  });

  it("turns every command-line parse error into one picasso: line and exit 2", async () => {
    const dir = workspace();
    const cases: [string[], RegExp][] = [
      [["--frobnicate"], /^picasso: unknown option '--frobnicate'\n?$/],
      [["--mdoe", "plan"], /^picasso: unknown option '--mdoe' \(Did you mean --mode\?\)\n?$/],
      [["-p"], /^picasso: option '-p, --print <prompt>' argument missing\n?$/],
      [["fix the tests"], /^picasso: too many arguments[^\n]*-p[^\n]*\n?$/],
      [["sessions", "--bogus"], /^picasso: unknown option '--bogus'\n?$/],
      [["compact", "--resume"], /^picasso: option '-r, --resume <id>' argument missing\n?$/],
    ];
    for (const [args, expected] of cases) {
      const run = await picasso(dir, args);
      expect({ args, code: run.exitCode, stderr: run.stderr }).toEqual({
        args,
        code: 2,
        stderr: expect.stringMatching(expected),
      });
      expect(run.stdout).toBe("");
    }
    for (const flag of ["--help", "--version"]) {
      const run = await picasso(dir, [flag]);
      expect(run.exitCode).toBe(0);
      expect(run.stdout).not.toBe("");
      expect(run.stderr).toBe("");
    }
  });

  it("prints a short help pointing at -p without arguments", async () => {
    const run = await picasso(workspace(), []);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('picasso -p "');
  });
});
