// `prepare()` loads an official SDK ahead of the first request (a session calls it once its
// surface is ready): one load however often it is asked, never a thrown or unhandled error, and a
// load that failed is tried again.
import { describe, expect, it } from "vitest";
import { OfficialSdk, type SdkModule } from "../src/sdk-adapter.js";

class FakeApiError extends Error {
  status = 500;
  headers = undefined;
  error = undefined;
}
const fakeSdk = { APIError: FakeApiError, APIConnectionError: Error } as unknown as SdkModule;

function sdkWith(load: () => Promise<SdkModule>) {
  const built: string[] = [];
  const sdk = new OfficialSdk(
    { apiKey: "k", model: "m" },
    {
      label: "Fake API",
      keyEnv: "FAKE_API_KEY",
      defaultBaseUrl: "http://127.0.0.1:9",
      load,
      client: (_sdk, options) => {
        built.push(options.baseURL);
        return {};
      },
      errorDetails: () => ({ type: null, apiMessage: null }),
    },
  );
  return { sdk, built };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("OfficialSdk.prepare", () => {
  it("loads the SDK and builds its client once, however often it is asked", async () => {
    let loads = 0;
    const { sdk, built } = sdkWith(async () => {
      loads += 1;
      return fakeSdk;
    });
    sdk.prepare();
    sdk.prepare();
    await settle();
    sdk.prepare();
    await settle();
    expect(loads).toBe(1);
    expect(built).toEqual(["http://127.0.0.1:9"]);
  });

  it("swallows a failed load and tries again next time", async () => {
    let loads = 0;
    const { sdk, built } = sdkWith(async () => {
      loads += 1;
      if (loads === 1) throw new Error("no module");
      return fakeSdk;
    });
    sdk.prepare();
    await settle();
    sdk.prepare();
    await settle();
    expect(loads).toBe(2);
    expect(built).toHaveLength(1);
  });
});
