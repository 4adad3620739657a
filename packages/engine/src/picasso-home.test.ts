import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isUserError } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { checkPicassoHome } from "./picasso-home.js";

const base = () => mkdtempSync(join(process.env.PICASSO_HOME!, "home-check-"));
const failure = (run: () => void): string => {
  try {
    run();
  } catch (error) {
    expect(isUserError(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error("no error");
};

describe("checkPicassoHome", () => {
  it("accepts an existing writable folder, and a missing one inside such a folder", () => {
    const dir = base();
    expect(() => checkPicassoHome(dir)).not.toThrow();
    expect(() => checkPicassoHome(join(dir, "new", "deeper"))).not.toThrow();
  });

  it("refuses a file, a path under a file and a sessions file, naming the path", () => {
    const dir = base();
    const file = join(dir, "f");
    writeFileSync(file, "");
    expect(failure(() => checkPicassoHome(file))).toMatch(
      new RegExp(`^PICASSO_HOME \\(${file}\\) is a file, not a folder; point PICASSO_HOME at a folder`),
    );
    expect(failure(() => checkPicassoHome(join(file, "home")))).toMatch(
      new RegExp(`^PICASSO_HOME \\(${file}/home\\) cannot be created: ${file} is a file, not a folder;`),
    );
    const home = join(dir, "home");
    mkdirSync(home);
    writeFileSync(join(home, "sessions"), "");
    expect(failure(() => checkPicassoHome(home))).toMatch(
      /^the sessions folder .*\/home\/sessions is a file/,
    );
  });

  it("refuses a folder it may not write to, or a missing one it may not create", () => {
    const dir = base();
    const readOnly = (folder: string) => folder !== dir;
    expect(failure(() => checkPicassoHome(dir, readOnly))).toMatch(
      new RegExp(
        `^PICASSO_HOME \\(${dir}\\) is not writable: give yourself write permission \\(chmod u\\+rwx ${dir}\\)`,
      ),
    );
    expect(failure(() => checkPicassoHome(join(dir, "home"), readOnly))).toMatch(
      new RegExp(
        `^PICASSO_HOME \\(${dir}/home\\) does not exist and cannot be created in ${dir} \\(no write permission\\)`,
      ),
    );
  });
});
