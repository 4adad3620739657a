/**
 * Images through the engine (docs/images.md): a turn's images come from the session's resolver
 * (its notes are `image_note` events), reach the provider as image blocks, and the log keeps
 * their bytes once in the session's images folder — so `rebuildRequests` and a resume send them
 * again byte for byte. A tool's images ride on its result; a model that takes no images gets a
 * text note in each image's place and the user one warning.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { startMockServer } from "@picasso/mock-provider";
import type { ImageBlock, ImageResolver, LogEvent, ToolDefinition } from "@picasso/protocol";
import { AnthropicProvider } from "@picasso/providers";
import { describe, expect, it } from "vitest";
import { imageFilePath, sessionImagesDir } from "../src/image-store.js";
import { rebuildRequests } from "../src/index.js";
import { lastTurnEnd, makeWorkspace, startScenario } from "./harness.js";

const bytes = Buffer.from("89504e470d0a1a0a0000000d4948445200000002", "hex");
const image: ImageBlock = {
  type: "image",
  mediaType: "image/png",
  data: bytes.toString("base64"),
  sha256: createHash("sha256").update(bytes).digest("hex"),
  bytes: bytes.length,
  width: 2,
  height: 2,
  name: "shot.png",
};

/** Attaches `image` for every `{path}` input and notes each; says why for a `{data}` one. */
const resolver: ImageResolver = async (_prompt, attached) => ({
  images: attached.filter((i) => "path" in i).map(() => image),
  notes: attached.map((i) =>
    "path" in i
      ? { tone: "info" as const, message: `attached ${i.path}` }
      : { tone: "warn" as const, message: "data: not attached: test" },
  ),
});

const imagesSent = (body: unknown): string[] =>
  JSON.stringify(body).match(/"type":"image","source":\{[^}]*\}/g) ?? [];

describe("images in the engine", () => {
  it("sends a turn's image, logs it by hash once, and sends it again after a resume", async () => {
    const server = await startMockServer({
      script: {
        steps: [
          { match: "look", text: "plain" },
          { match: "[image image/png", text: "seen" },
          { text: "later" },
        ],
      },
    });
    const workspace = makeWorkspace();
    const first = await startScenario({ script: {}, server, workspace, extra: { images: resolver } });
    let log: LogEvent[];
    try {
      const events = await first.run("look");
      expect(lastTurnEnd(events).text).toBe("plain");
      log = await first.events();
    } finally {
      await first.close();
    }
    const notes = log.filter((e) => e.type === "image_note");
    expect(notes).toEqual([]); // `run` attaches nothing: images come with runTurn's options
    const second = await startScenario({
      script: {},
      server,
      workspace,
      resume: "newest",
      extra: { images: resolver },
    });
    try {
      const ended = await second.session.runTurn("and this", {
        images: [{ path: "shot.png" }, { data: "x", mediaType: "image/png" }],
      });
      expect(ended.text).toBe("seen");
      const events = await second.events();
      expect(
        events.filter((e) => e.type === "image_note").map((e) => e.type === "image_note" && e.message),
      ).toEqual(["attached shot.png", "data: not attached: test"]);
      const message = events.find(
        (e) => e.type === "message" && e.message.content.some((b) => b.type === "image"),
      );
      expect(message?.type === "message" && message.images).toEqual({ count: 1, bytes: bytes.length });
      const line = readFileSync(second.session.logPath, "utf8")
        .split("\n")
        .find((l) => l.includes('"type":"image"'));
      expect(line).not.toContain('"data"');
      const side = imageFilePath(sessionImagesDir(second.session.logPath), image);
      expect(readFileSync(side).equals(bytes)).toBe(true);
      // The log alone rebuilds every request, image bytes included.
      expect((await rebuildRequests(second.session.logPath)).mismatches).toEqual([]);
      expect(imagesSent(server.requests.at(-1)?.body)).toHaveLength(1);
    } finally {
      await second.close();
    }
    const third = await startScenario({ script: {}, server, workspace, resume: "newest" });
    try {
      expect((await third.session.runTurn("once more")).text).toBe("later");
      // The resumed history carries the image with its bytes, read back from the side file.
      expect(third.sent[0]?.messages.flatMap((m) => m.content).find((b) => b.type === "image")).toEqual(
        image,
      );
      expect(imagesSent(server.requests.at(-1)?.body)).toHaveLength(1);
    } finally {
      await third.close();
      await server.close();
    }
  });

  it("sends a tool result's images after its text", async () => {
    const snap: ToolDefinition = {
      spec: { name: "snap", description: "take a picture", inputSchema: { type: "object", properties: {} } },
      effect: "read",
      family: "test",
      run: async () => ({ content: "a picture", images: [image] }),
    };
    const scenario = await startScenario({
      script: {
        steps: [
          { match: "snap", tool_calls: [{ name: "snap", input: {} }] },
          { match: "[image image/png", text: "got it" },
        ],
      },
      tools: (tools) => [...tools, snap],
    });
    try {
      expect(lastTurnEnd(await scenario.run("snap one")).text).toBe("got it");
      const body = JSON.stringify(scenario.server.requests.at(-1)?.body);
      expect(body).toContain(
        `"content":[{"type":"text","text":"a picture"},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"${image.data}"}}]`,
      );
      expect((await rebuildRequests(scenario.session.logPath)).mismatches).toEqual([]);
    } finally {
      await scenario.close();
    }
  });

  it("a model that takes no images gets a text note per image and the user one warning", async () => {
    const server = await startMockServer({
      script: { steps: [{ match: "not sent", text: "noted" }, { text: "other" }] },
    });
    const textOnly = new AnthropicProvider({
      apiKey: "test-key",
      model: "text-model",
      baseUrl: server.url,
      name: "mock",
      acceptsImages: false,
    });
    const scenario = await startScenario({
      script: {},
      server,
      workspace: makeWorkspace(),
      extra: { images: resolver, provider: textOnly },
    });
    try {
      const ended = await scenario.session.runTurn("look", { images: [{ path: "a.png" }] });
      expect(ended.text).toBe("noted");
      await scenario.session.runTurn("again", { images: [{ path: "b.png" }] });
      const warnings = (await scenario.events()).filter((e) => e.type === "image_note" && e.tone === "warn");
      expect(warnings.map((e) => e.type === "image_note" && e.message)).toEqual([
        "mock model text-model takes no images (config.yaml images: false): each image is sent as a one-line text note",
      ]);
      expect(imagesSent(server.requests.at(-1)?.body)).toEqual([]);
      expect(JSON.stringify(server.requests.at(-1)?.body)).toContain(
        `[image shot.png (image/png, 2x2, ${bytes.length} bytes) not sent: this model takes no images]`,
      );
      expect(existsSync(sessionImagesDir(scenario.session.logPath))).toBe(true);
    } finally {
      await scenario.close();
      await server.close();
    }
  });
});
