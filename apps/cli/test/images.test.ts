/**
 * Images end to end (docs/images.md): `--image` and `@path` in headless mode, `read` of an image,
 * an ACP `image` content block, both provider wires, a model configured to take no images, the
 * log's side files and a resume that sends the image again — the built binary against the mock.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as acp from "@agentclientprotocol/sdk";
import { projectSessionsDir } from "@picasso/engine";
import { testJpeg, testPng } from "@picasso/images/test-images";
import { requestImages, startMockServer } from "@picasso/mock-provider";
import { afterEach, describe, expect, it } from "vitest";
import { type AcpProcess, logEvents, startAcp, updatesOf } from "./acp-harness.js";
import { picasso, script, workspace } from "./cli-harness.js";

const mock = (path: string) => ["--provider", "mock", "--mock-script", path];

function withShot(): { dir: string; png: Buffer } {
  const dir = workspace();
  const png = testPng(40, 30);
  writeFileSync(join(dir, "shot.png"), png);
  return { dir, png };
}

describe("images in headless mode", () => {
  it("--image sends the image (the mock sees its type and size); the log keeps it once, by hash", async () => {
    const { dir, png } = withShot();
    const s = script(dir, {
      steps: [{ match: `[image image/png ${png.length} bytes]`, text: "A gradient." }, { text: "no image" }],
    });
    const run = await picasso(dir, [
      "-p",
      "what is this?",
      "--image",
      "shot.png",
      "--output-format",
      "json",
      ...mock(s),
    ]);
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toBe(`picasso: attached shot.png (image/png, 40×30, ${png.length} B)`);
    const result = JSON.parse(run.stdout as string);
    expect(result.result).toBe("A gradient.");
    const log = readFileSync(result.logPath, "utf8");
    const message = log
      .split("\n")
      .find((l) => l.includes('"type":"message"') && l.includes('"type":"image"'));
    expect(message).toBeDefined();
    expect(message).not.toContain('"data"');
    expect(JSON.parse(message as string).images).toEqual({ count: 1, bytes: png.length });
    const sha = JSON.parse(message as string).message.content.find(
      (b: { type: string }) => b.type === "image",
    ).sha256;
    const side = join(result.logPath.replace(/\.jsonl$/, ""), "images", `${sha}.png`);
    expect(readFileSync(side).equals(png)).toBe(true);
  });

  it("@path in the prompt attaches it; a resumed session sends the image again from the side file", async () => {
    const { dir, png } = withShot();
    const server = await startMockServer({
      script: { steps: [{ text: "Seen." }, { text: "Still there." }] },
    });
    try {
      const env = { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.url };
      const first = await picasso(dir, ["-p", "look at @shot.png", "--provider", "anthropic"], { env });
      expect(first.exitCode).toBe(0);
      expect(first.stdout).toBe("Seen.");
      const again = await picasso(dir, ["-p", "and now?", "--provider", "anthropic", "--continue"], { env });
      expect(again.exitCode).toBe(0);
      expect(again.stdout).toBe("Still there.");
      const seen = server.requests
        .filter((r) => r.path.endsWith("/messages"))
        .map((r) => requestImages(r.body));
      expect(seen).toEqual([
        [{ mediaType: "image/png", bytes: png.length }],
        [{ mediaType: "image/png", bytes: png.length }],
      ]);
    } finally {
      await server.close();
    }
  });

  it("read of an image returns it to the model; the OpenAI wire carries it in a user message", async () => {
    const dir = workspace();
    const jpg = testJpeg(64, 48);
    writeFileSync(join(dir, "photo.jpg"), jpg);
    const server = await startMockServer({
      script: {
        steps: [
          { match: "show me", tool_calls: [{ name: "read", input: { path: "photo.jpg" } }] },
          { match: `[image image/jpeg ${jpg.length} bytes]`, text: "A photo." },
          { text: "no image" },
        ],
      },
    });
    try {
      const run = await picasso(dir, ["-p", "show me the photo", "--provider", "openai"], {
        env: { OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: `${server.url}/v1` },
      });
      expect(run.exitCode).toBe(0);
      expect(run.stdout).toBe("A photo.");
      const last = server.requests.filter((r) => r.path.endsWith("/chat/completions")).at(-1)?.body as {
        messages: { role: string; content: unknown }[];
      };
      const roles = last.messages.map((m) => m.role);
      expect(roles.slice(-2)).toEqual(["tool", "user"]);
      expect(requestImages(last)).toEqual([{ mediaType: "image/jpeg", bytes: jpg.length }]);
    } finally {
      await server.close();
    }
  });

  it("bad images get one line each and the turn goes on", async () => {
    const dir = workspace({ "notes.txt": "plain text\n" });
    const huge = Buffer.concat([
      Buffer.from("GIF89a", "latin1"),
      Buffer.from([0x40, 0x23, 0x10, 0x00]),
      Buffer.alloc(16),
    ]);
    writeFileSync(join(dir, "huge.gif"), huge);
    const s = script(dir, { steps: [{ text: "Answered anyway." }] });
    const run = await picasso(dir, [
      "-p",
      "hi @missing.png",
      "--image",
      "notes.txt",
      "--image",
      "huge.gif",
      "--image",
      "/etc/hostname.png",
      ...mock(s),
    ]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe("Answered anyway.");
    expect((run.stderr as string).split("\n")).toEqual([
      "picasso: @missing.png: not attached: no such file",
      "picasso: notes.txt: not attached: not a PNG, JPEG, GIF or WebP image",
      "picasso: huge.gif: not attached: a 9024×16 GIF: over 8000 px and Picasso does not downscale GIF; convert it to PNG or JPEG",
      "picasso: /etc/hostname.png: not attached: it is outside the workspace (copy it in, or allow its folder: allowedOutsidePaths)",
    ]);
  });

  it("a model configured to take no images gets a text note in the image's place, said once", async () => {
    const { dir } = withShot();
    const home = process.env.PICASSO_HOME as string;
    writeFileSync(join(home, "config.yaml"), "images: false\n");
    try {
      const s = script(dir, {
        steps: [{ match: "not sent: this model takes no images", text: "Told." }, { text: "image arrived" }],
      });
      const run = await picasso(dir, ["-p", "see @shot.png", ...mock(s)]);
      expect(run.exitCode).toBe(0);
      expect(run.stdout).toBe("Told.");
      expect(run.stderr).toContain(
        "picasso: mock model picasso-mock takes no images (config.yaml images: false): each image is sent as a one-line text note",
      );
    } finally {
      writeFileSync(join(home, "config.yaml"), "");
    }
  });
});

describe("images over ACP", () => {
  const running: AcpProcess[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((p) => p.close()));
  });

  it("advertises image prompts and sends an image content block to the model", async () => {
    const dir = workspace();
    const png = testPng(20, 10);
    const s = script(dir, {
      steps: [
        { match: `[image image/png ${png.length} bytes]`, text: "Got the picture." },
        { text: "no image" },
      ],
    });
    const proc = startAcp(dir, mock(s));
    running.push(proc);
    const init = await proc.initialize();
    expect(init.agentCapabilities?.promptCapabilities?.image).toBe(true);
    const { sessionId } = await proc.agent.request(acp.methods.agent.session.new, {
      cwd: dir,
      mcpServers: [],
    });
    const response = await proc.agent.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [
        { type: "text", text: "what is this?" },
        { type: "image", data: png.toString("base64"), mimeType: "image/png" },
        { type: "image", data: Buffer.from("not an image").toString("base64"), mimeType: "image/png" },
      ],
    });
    expect(response.stopReason).toBe("end_turn");
    const text = updatesOf(proc, sessionId, "agent_message_chunk")
      .map((u) =>
        u.sessionUpdate === "agent_message_chunk" && u.content.type === "text" ? u.content.text : "",
      )
      .join("");
    expect(text).toBe(
      "[attached image 2: not attached: not a PNG, JPEG, GIF or WebP image]\nGot the picture.",
    );
    const notes = logEvents(dir, sessionId).filter((e) => e.type === "image_note");
    expect(notes.map((e) => (e as { tone: string }).tone)).toEqual(["info", "warn"]);
    expect(
      existsSync(join(projectSessionsDir(process.env.PICASSO_HOME as string, dir), sessionId, "images")),
    ).toBe(true);
  });
});
