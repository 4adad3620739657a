/**
 * The images of a user turn: the surface's resolver (SessionOptions.images) turns the prompt's
 * image mentions and the turn's attached images into image blocks; each note it gives (attached,
 * or not and why) is recorded as an `image_note`, and the turn goes on whatever happened. A model
 * that takes no images (`ModelProvider.acceptsImages === false`) gets a one-line warning the first
 * time an image enters its history (the adapters then send a text note in each image's place).
 * Text the resolver attaches (`texts`: MCP resources an `@server:uri` mention read) comes first,
 * as text blocks of the same user message.
 */
import {
  type ImageBlock,
  type ImageInput,
  type ImageResolver,
  type TextBlock,
  text,
} from "@picasso/protocol";
import type { EngineRuntime } from "./runtime.js";

export async function resolveTurnImages(
  rt: EngineRuntime,
  resolver: ImageResolver | undefined,
  prompt: string,
  attached: readonly ImageInput[],
): Promise<(TextBlock | ImageBlock)[]> {
  if (!resolver) {
    if (attached.length > 0)
      rt.record(
        {
          type: "image_note",
          tone: "warn",
          message: "this surface sends no images: the images were left out",
        },
        "main",
      );
    return [];
  }
  let images: ImageBlock[] = [];
  let texts: TextBlock[] = [];
  try {
    const resolved = await resolver(prompt, attached);
    for (const note of resolved.notes) rt.record({ type: "image_note", ...note }, "main");
    images = resolved.images;
    texts = (resolved.texts ?? []).map((t) => text(t));
  } catch (error) {
    rt.record(
      {
        type: "image_note",
        tone: "warn",
        message: `the images could not be read (${(error as Error)?.message ?? String(error)}); the prompt went without them`,
      },
      "main",
    );
  }
  noteTextOnlyModel(rt, images.length, "main");
  return [...texts, ...images];
}

const warned = new WeakSet<EngineRuntime>();

/** Warn once per session when `count` images reach a model that takes none. */
export function noteTextOnlyModel(rt: EngineRuntime, count: number, lane: string): void {
  if (count === 0 || rt.provider.acceptsImages !== false || warned.has(rt)) return;
  warned.add(rt);
  rt.record(
    {
      type: "image_note",
      tone: "warn",
      message: `${rt.provider.name} model ${rt.provider.model} takes no images (config.yaml images: false): each image is sent as a one-line text note`,
    },
    lane,
  );
}
