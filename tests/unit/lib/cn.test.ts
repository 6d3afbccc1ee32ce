import { describe, expect, it } from "vitest";
import { cn } from "@/lib/cn";

describe("cn", () => {
  it("joins conditional classes", () => {
    const off = false as boolean;
    expect(cn("a", off && "b", null, undefined, { c: true, d: off }, ["e"])).toBe("a c e");
  });
  it("lets later Tailwind utilities win", () => {
    expect(cn("px-2 py-1", "px-4")).toBe("py-1 px-4");
    expect(cn("text-red-500", "text-gray-700")).toBe("text-gray-700");
  });
});
