import { describe, expect, it } from "vitest";
import { findResourceMentions, withoutResourceMentions } from "./resource-mentions.js";

describe("@server:uri mentions", () => {
  it("are an @, a server name, a colon and a URI with a scheme; trailing punctuation is not the URI's", () => {
    const prompt =
      "Compare @everything:demo://resource/static/document/features.md, @fs:file:///tmp/a.txt. " +
      "Mail me@example.com or @me:later; again @everything:demo://resource/static/document/features.md";
    expect(findResourceMentions(prompt)).toEqual([
      {
        server: "everything",
        uri: "demo://resource/static/document/features.md",
        label: "@everything:demo://resource/static/document/features.md",
      },
      { server: "fs", uri: "file:///tmp/a.txt", label: "@fs:file:///tmp/a.txt" },
    ]);
    expect(withoutResourceMentions("see @fs:file:///x.png and @shot.png")).toBe("see  and @shot.png");
  });
});
