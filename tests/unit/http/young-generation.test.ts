import { describe, expect, it } from "vitest";
import { hasYoungGenerationFlag, YOUNG_GENERATION_FLAG } from "@/server/http/young-generation";

describe("the web processes' young-generation flag", () => {
  it("is 64 MB semi-spaces", () => {
    expect(YOUNG_GENERATION_FLAG).toBe("--max-semi-space-size=64");
  });

  it("counts as given in execArgv or NODE_OPTIONS, at any size, so an operator's own choice stands", () => {
    expect(hasYoungGenerationFlag(["--import", "tsx", "--max-semi-space-size=32"])).toBe(true);
    expect(hasYoungGenerationFlag(["--import", "tsx"], "--enable-source-maps --max-semi-space-size=128")).toBe(true);
  });

  it("is missing when neither names it (nor a look-alike)", () => {
    expect(hasYoungGenerationFlag([], undefined)).toBe(false);
    expect(hasYoungGenerationFlag(["--import", "tsx"], "--max-old-space-size=4096")).toBe(false);
    expect(hasYoungGenerationFlag(["--max-semi-space-sizex=8"])).toBe(false);
  });
});
