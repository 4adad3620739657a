import { byteLength } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { deferredTools, families, groups } from "../../test/fixtures/tools.js";
import { buildCatalog } from "./build-catalog.js";
import { answerQuery } from "./catalog-answer.js";

describe("answerQuery", () => {
  it('never ends with an empty "Also:" header when the next entry does not fit the budget', () => {
    const catalog = buildCatalog({ deferred: deferredTools(), families, groups });
    const roomy = answerQuery(catalog, "fetch a web page", 4096);
    const at = roomy.text.indexOf("\nAlso:\n");
    expect(at).toBeGreaterThan(0);
    // Room for the expanded entry and the header, not for the line after it.
    const budget = byteLength(roomy.text.slice(0, at)) + byteLength("\nAlso:") + 4;
    const tight = answerQuery(catalog, "fetch a web page", budget);
    expect(tight.shown[0]).toMatchObject({ id: "web/web/web_fetch", full: true });
    expect(tight.text).toBe(roomy.text.slice(0, at));
    expect(tight.bytes).toBeLessThanOrEqual(budget);
  });
});
