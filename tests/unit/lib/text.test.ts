import { describe, expect, it } from "vitest";
import { charLength, graphemes, truncate } from "@/lib/text";

describe("truncate", () => {
  it("defaults to 10 characters with an ellipsis", () => {
    expect(truncate("あいうえおかきくけこさ")).toBe("あいうえおかきくけこ…");
  });
  it("returns short strings unchanged", () => {
    expect(truncate("あいうえおかきくけこ")).toBe("あいうえおかきくけこ");
    expect(truncate("abc")).toBe("abc");
  });
  it("takes a length and an ellipsis", () => {
    expect(truncate("abcdef", 3)).toBe("abc…");
    expect(truncate("abcdef", 3, "...")).toBe("abc...");
    expect(truncate("abcdef", 3, "")).toBe("abc");
    expect(truncate("abcdef", 0)).toBe("…");
  });
  it("counts surrogate pairs and emoji as one character", () => {
    expect(truncate("𠮷野家𠮷野家𠮷野家𠮷", 10)).toBe("𠮷野家𠮷野家𠮷野家𠮷");
    expect(truncate("𠮷野家𠮷野家𠮷野家𠮷𠮷", 10)).toBe("𠮷野家𠮷野家𠮷野家𠮷…");
    expect(truncate("👨‍👩‍👧ab", 1)).toBe("👨‍👩‍👧…");
    expect(truncate("🏠🏠🏠", 2)).toBe("🏠🏠…");
  });
  it("treats null and undefined as empty", () => {
    expect(truncate(null)).toBe("");
    expect(truncate(undefined)).toBe("");
  });
});

describe("graphemes / charLength", () => {
  it("splits user-perceived characters", () => {
    expect(graphemes("a𠮷🏠")).toEqual(["a", "𠮷", "🏠"]);
    expect(charLength("が")).toBe(1);
    expect(charLength("か\u3099")).toBe(1); // combining dakuten
    expect(charLength("")).toBe(0);
  });
});
