/**
 * What Picasso's MCP client offers a server, against the real everything server (and our fault
 * server for cancellation): roots (the workspace root), elicitation asked through the call's
 * askUser (accepted, an invalid answer asked again, declined, invalid twice; the headless
 * policies), progress reaching ctx.progress and keeping a long call alive past its timeout, log
 * messages as `mcp_log` events counted in the panel, and Esc sending `notifications/cancelled`.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { AskUserRequest, ToolContext, ToolProgress } from "@picasso/protocol";
import { afterAll, describe, expect, it } from "vitest";
import type { ElicitationPolicy } from "../src/elicitation.js";
import { createMcpPlugin, type McpPlugin } from "../src/mcp-plugin.js";
import type { McpEventBody } from "../src/mcp-server.js";
import type { McpServerConfig } from "../src/server-config.js";
import { everythingServer } from "./real-servers.js";
import { toolContext, waitFor } from "./tool-context.js";

const FAULT_SERVER = fileURLToPath(new URL("./fixtures/fault-server.mjs", import.meta.url));
const plugins: McpPlugin[] = [];
afterAll(() => Promise.all(plugins.map((p) => p.close())));

function setup(
  options: {
    timeoutMs?: number;
    elicitation?: ElicitationPolicy;
    server?: Pick<McpServerConfig & { transport: "stdio" }, "command" | "args" | "env">;
  } = {},
) {
  const root = mkdtempSync(join(tmpdir(), "mcp-client-ws-"));
  const home = mkdtempSync(join(tmpdir(), "mcp-client-home-"));
  const config: McpServerConfig = {
    name: "everything",
    file: join(root, ".mcp.json"),
    scope: "project",
    transport: "stdio",
    ...(options.server ?? { ...everythingServer(), env: {} }),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  };
  const plugin = createMcpPlugin({
    servers: [config],
    picassoHome: home,
    cwd: root,
    clientVersion: "test",
    ...(options.elicitation ? { elicitation: options.elicitation } : {}),
  });
  plugins.push(plugin);
  const events: McpEventBody[] = [];
  plugin.start?.({
    sessionId: "s",
    workspaceRoot: root,
    picassoHome: home,
    logPath: join(home, "log"),
    record: (event) => events.push(event as McpEventBody),
  });
  const gateway = plugin.registerTools!()[0]!;
  const base = toolContext(root, join(home, "outputs"));
  const call = (tool: string, args: Record<string, unknown>, ctx: Partial<ToolContext> = {}) =>
    gateway.run({ tool, arguments: args }, { ...base, ...ctx });
  return { root, plugin, events, call };
}

/** The everything server's form, answered by the field's title; `email` may be given a list of tries. */
function formAnswers(answers: Record<string, string | string[]>) {
  const asked: AskUserRequest[] = [];
  const tries = new Map<string, number>();
  const askUser = async (request: AskUserRequest): Promise<string> => {
    asked.push(request);
    if (request.choices?.includes("Accept")) return answers.__decision as string;
    const title = /· (.+?)(?: \(required\))?$/m.exec(request.question)?.[1] ?? "";
    const answer = answers[title];
    if (answer === undefined) return "";
    if (!Array.isArray(answer)) return answer;
    const n = tries.get(title) ?? 0;
    tries.set(title, n + 1);
    return answer[Math.min(n, answer.length - 1)]!;
  };
  return { asked, askUser };
}

describe("roots", () => {
  it("get-roots-list returns the workspace root as a file:// URI with its name", async () => {
    const { root, call } = setup();
    const out = await call("get-roots-list", {});
    expect(out.isError).toBeFalsy();
    expect(out.content).toContain(`URI: ${pathToFileURL(root).href}`);
    expect(out.content).toContain(`1. ${basename(root)}`);
  });
});

describe("elicitation through the call's askUser", () => {
  const { events, call } = setup();
  const elicitations = () => events.filter((e) => e.type === "mcp_elicitation");

  it("accepted with valid answers: the tool's result shows them; an invalid email is asked again", async () => {
    const { asked, askUser } = formAnswers({
      __decision: "Accept",
      String: "Ada Lovelace",
      Boolean: "yes",
      "String with email format": ["not-an-email", "ada@example.com"],
      Integer: "7",
      "Untitled Single Select Enum": "Joey",
    });
    const out = await call("trigger-elicitation-request", {}, { askUser });
    expect(out.isError).toBeFalsy();
    expect(out.content).toContain("User provided the requested information");
    expect(out.content).toContain("- Name: Ada Lovelace");
    expect(out.content).toContain("- Agreed to terms: true");
    expect(out.content).toContain("- Email: ada@example.com");
    expect(out.content).toContain("- Favorite Integer: 7");
    expect(out.content).toContain('"untitledSingleSelectEnum": "Joey"');
    // Defaults fill the fields left empty.
    expect(out.content).toContain('"firstLine": "It was a dark and stormy night."');
    expect(asked[0]!.question).toMatch(/^MCP server "everything" asks:\nPlease provide inputs/);
    expect(asked[0]!.choices).toEqual(["Accept", "Decline", "Cancel"]);
    const emails = asked.filter((q) => q.question.includes("String with email format"));
    expect(emails).toHaveLength(2);
    expect(emails[1]!.question).toMatch(/^"email" must be a valid email — once more:/);
    const enumQuestion = asked.find((q) => q.question.includes("· Untitled Single Select Enum"))!;
    expect(enumQuestion.choices).toEqual([
      "Monica",
      "Rachel",
      "Joey",
      "Chandler",
      "Ross",
      "Phoebe",
      "(skip)",
    ]);
    const event = elicitations().at(-1)!;
    expect(event).toMatchObject({ server: "everything", mode: "form", action: "accept" });
    expect(event.type === "mcp_elicitation" && event.fields).toContain("email");
    // The answers never reach the event.
    expect(JSON.stringify(event)).not.toMatch(/Ada|example\.com|Joey/);
  });

  it("declined: the server hears decline", async () => {
    const { askUser } = formAnswers({ __decision: "Decline" });
    const out = await call("trigger-elicitation-request", {}, { askUser });
    expect(out.content).toContain("User declined to provide the requested information");
    expect(elicitations().at(-1)).toMatchObject({ action: "decline" });
  });

  it("an answer invalid twice declines the request and says why", async () => {
    const { askUser } = formAnswers({ __decision: "Accept", String: "Ada", Integer: ["500", "1000"] });
    const out = await call("trigger-elicitation-request", {}, { askUser });
    expect(out.content).toContain("User declined");
    expect(elicitations().at(-1)).toMatchObject({
      action: "decline",
      reason: 'an invalid answer twice: "integer" must be at most 100',
    });
  });

  it("the call's timeout stands still while the user answers", async () => {
    const slow = setup({ timeoutMs: 500 });
    // A user who takes longer than the call's timeout to decide.
    const askUser = () => new Promise<string>((resolve) => setTimeout(() => resolve("Decline"), 1200));
    const out = await slow.call("trigger-elicitation-request", {}, { askUser });
    expect(out.isError).toBeFalsy();
    expect(out.content).toContain("User declined");
  });

  it("when no one can answer (askUser fails) the request is declined", async () => {
    const askUser = async (): Promise<string> => {
      throw new Error("no one can answer questions in headless mode");
    };
    const out = await call("trigger-elicitation-request", {}, { askUser });
    expect(out.content).toContain("User declined");
    expect(elicitations().at(-1)).toMatchObject({
      action: "decline",
      reason: "no one can answer: no one can answer questions in headless mode",
    });
  });
});

describe("URL elicitation", () => {
  it("shows the URL and asks; Picasso never opens it; the event keeps the origin only", async () => {
    const { events, call } = setup();
    const asked: AskUserRequest[] = [];
    const askUser = async (request: AskUserRequest) => {
      asked.push(request);
      return request.choices![0]!;
    };
    const url = "https://auth.example.com/login?token=s3cr3t-value";
    const out = await call("trigger-url-elicitation", { url, message: "Sign in to continue." }, { askUser });
    expect(out.content).toContain("User completed the URL elicitation flow");
    expect(asked[0]!.question).toContain("Sign in to continue.");
    expect(asked[0]!.question).toContain(url);
    expect(asked[0]!.choices).toEqual(["Accept (I will open it)", "Decline", "Cancel"]);
    const event = events.find((e) => e.type === "mcp_elicitation");
    expect(event).toMatchObject({
      mode: "url",
      action: "accept",
      origin: "https://auth.example.com",
      fields: [],
    });
    expect(JSON.stringify(event)).not.toContain("s3cr3t");
  });

  it("headless declines a URL request", async () => {
    const told: string[] = [];
    const { call } = setup({ elicitation: { kind: "decline", tell: (line) => told.push(line) } });
    const out = await call("trigger-url-elicitation", { url: "https://auth.example.com/x" });
    expect(out.content).toContain("User declined to open the URL");
    expect(told[0]).toMatch(/^MCP server "everything" asked the user to open https:\/\/auth\.example\.com/);
  });
});

describe("headless elicitation policies", () => {
  it("decline tells one line naming the server and the flag", async () => {
    const told: string[] = [];
    const { call, events } = setup({ elicitation: { kind: "decline", tell: (line) => told.push(line) } });
    const out = await call("trigger-elicitation-request", {});
    expect(out.content).toContain("User declined");
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/^MCP server "everything" asked for input .*declined — answer with --elicit/);
    expect(events.find((e) => e.type === "mcp_elicitation")).toMatchObject({ reason: "--elicit decline" });
  });

  it("answers that fit the form are sent (defaults fill the rest); answers that do not are declined", async () => {
    const told: string[] = [];
    const good = setup({ elicitation: { kind: "answers", answers: { name: "Grace", integer: 9 } } });
    const out = await good.call("trigger-elicitation-request", {});
    expect(out.content).toContain("- Name: Grace");
    expect(out.content).toContain("- Favorite Integer: 9");
    expect(out.content).toContain('"legacyTitledEnum": "pet-1"');
    const bad = setup({
      elicitation: { kind: "answers", answers: { email: "nope" }, tell: (line) => told.push(line) },
    });
    const refused = await bad.call("trigger-elicitation-request", {});
    expect(refused.content).toContain("User declined");
    expect(told[0]).toContain('"name" is required; "email" must be a valid email');
  });
});

describe("progress", () => {
  it("reaches ctx.progress and keeps a call that reports it alive past its timeout", async () => {
    const { call } = setup({ timeoutMs: 900 });
    const updates: ToolProgress[] = [];
    const started = Date.now();
    const out = await call(
      "trigger-long-running-operation",
      { duration: 2, steps: 4 },
      { progress: (update) => updates.push(update) },
    );
    expect(out.isError).toBeFalsy();
    expect(out.content).toContain("Long running operation completed");
    expect(Date.now() - started).toBeGreaterThan(1900);
    expect(updates).toEqual([
      { progress: 1, total: 4 },
      { progress: 2, total: 4 },
      { progress: 3, total: 4 },
      { progress: 4, total: 4 },
    ]);
  });

  it("a call quiet for longer than its timeout still times out", async () => {
    const { call } = setup({ timeoutMs: 600 });
    const out = await call("trigger-long-running-operation", { duration: 1.6, steps: 2 });
    expect(out.isError).toBe(true);
    expect(out.content).toMatch(/timed out: no result or progress for 0\.6 s/);
  });
});

describe("logging", () => {
  it("sets a level and records the server's log messages as mcp_log events, counted in the panel", async () => {
    const { call, events, plugin } = setup();
    expect((await call("toggle-simulated-logging", {})).content).toContain("Started simulated");
    const logs = () => events.filter((e) => e.type === "mcp_log");
    await waitFor(
      () => logs().some((e) => e.type === "mcp_log" && /-level message|level-message/.test(e.data)),
      16_000,
      "a simulated log message",
    );
    await call("toggle-simulated-logging", {});
    // The level set is info: no debug message comes through.
    expect(logs().every((e) => e.type === "mcp_log" && e.level !== "debug")).toBe(true);
    expect(logs()[0]).toMatchObject({ server: "everything" });
    const count = plugin.status()[0]!.logMessages;
    expect(count).toBeGreaterThanOrEqual(1);
    const row = plugin.panel!()!.rows[0]!;
    expect(row.value).toContain(`${count} log message`);
  }, 30_000);
});

describe("cancellation", () => {
  it("Esc aborts the call: the server receives notifications/cancelled and the result says so", async () => {
    const marks = join(mkdtempSync(join(tmpdir(), "mcp-cancel-")), "cancelled.txt");
    const { call, plugin } = setup({
      server: { command: process.execPath, args: [FAULT_SERVER], env: { FAULT_CANCEL_FILE: marks } },
    });
    const controller = new AbortController();
    const pending = call("wait_for_cancel", {}, { signal: controller.signal });
    const written = () => {
      try {
        return readFileSync(marks, "utf8");
      } catch {
        return "";
      }
    };
    await waitFor(() => written().includes("started"), 10_000, "the call to reach the server");
    controller.abort(new Error("the user pressed Esc"));
    const out = await pending;
    expect(out).toMatchObject({ isError: true });
    expect(out.content).toContain('"wait_for_cancel" was cancelled by the user');
    await waitFor(() => written().includes("cancelled:"), 5_000, "the server to hear the cancellation");
    expect(written()).toContain("the user pressed Esc");
    expect(plugin.servers[0]!.state).toBe("running");
  });
});
