import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import type { StatusInfo } from "../status/status-model.js";
import { StatusLine } from "./StatusLine.js";

const info: StatusInfo = {
  provider: "mock",
  model: "demo",
  mockFallback: true,
  mode: "default",
  contextTokens: 3_200,
  contextEstimated: false,
  window: 200_000,
  cacheReadShare: 0.5,
  sessionId: "20261129T120635-a1b2c3",
  busy: false,
};

describe("StatusLine", () => {
  it("shows provider, model, mode, context and cache share and session id", () => {
    const { lastFrame } = render(<StatusLine info={info} width={120} />);
    expect(lastFrame()).toBe(
      "mock (no key set) · demo │ default │ ctx 3.2k/200k (2%) │ cache 50% │ 20261129T120635-a1b2c3",
    );
  });

  it("fits a 60-column terminal", () => {
    const { lastFrame } = render(<StatusLine info={{ ...info, mode: "plan" }} width={60} />);
    const frame = lastFrame()!;
    expect(frame.length).toBeLessThanOrEqual(60);
    expect(frame).toContain("plan");
    expect(frame).toContain("mock (no key set)");
  });

  it("says when context was not recorded", () => {
    const { lastFrame } = render(
      <StatusLine info={{ ...info, contextTokens: undefined, cacheReadShare: undefined }} width={120} />,
    );
    expect(lastFrame()).toContain("ctx not recorded");
    expect(lastFrame()).toContain("cache —");
  });
});
