import { describe, expect, it } from "vitest";
import { checkIntent, intentQuery, listingIntentHref, readIntent, saveConditionsHref, withIntent } from "@/lib/intent";

describe("the visitor's intent in a URL (lib/intent.ts)", () => {
  it("reads next, bookmark, compare and save", () => {
    const p = new URLSearchParams("next=%2Finvestments%2Fpage%2F1%3Fty%3D2%26hp%3D8000&bookmark=12&compare=7&save=1&other=x");
    expect(readIntent(p)).toEqual({ next: "/investments/page/1?ty=2&hp=8000", bookmark: 12, compare: 7, save: true });
  });

  it.each(["//evil.example/x", "https://evil.example/", "/\\evil.example", "/\t/evil.example", "javascript:alert(1)", "evil.example", `/${"a".repeat(2100)}`])(
    "drops a next that leaves the site or is not a path: %s",
    (next) => {
      const i = readIntent({ next, save: "1", bookmark: "3" });
      expect(i.next).toBeNull();
      // Saving needs the list's conditions, which live in next: without it there is nothing to save.
      expect(i.save).toBeUndefined();
      expect(i.bookmark).toBe(3);
      expect(intentQuery(i)).toBe("bookmark=3");
    },
  );

  it.each(["0", "-1", "1.5", "1e3", "12abc", "99999999999", " 5"])("ignores a listing id that is not a plain positive integer: %j", (id) => {
    expect(readIntent({ bookmark: id, compare: id })).toEqual({ next: null });
  });

  it("save only with save=1", () => {
    expect(readIntent({ next: "/investments", save: "true" }).save).toBeUndefined();
  });

  it("builds the links of the chain and reads them back the same", () => {
    expect(listingIntentHref(5, "bookmark")).toBe("/login?next=%2Finvestments%2F5&bookmark=5");
    expect(listingIntentHref(5, "compare")).toBe("/login?next=%2Finvestments%2F5&compare=5");
    const href = saveConditionsHref("/investments/page/2?ty=2&hp=8000");
    expect(href).toBe("/signup?next=%2Finvestments%2Fpage%2F2%3Fty%3D2%26hp%3D8000&save=1");
    const back = readIntent(new URL(href, "http://x").searchParams);
    expect(back).toEqual({ next: "/investments/page/2?ty=2&hp=8000", save: true });
    expect(withIntent("/signup", back)).toBe(href);
    expect(withIntent("/signup", { next: null })).toBe("/signup");
    // After a page's own query (the first-login page's email), the intent follows with &.
    expect(withIntent("/login/first?email=a%40b.jp", { next: "/investments/5", bookmark: 5 })).toBe(
      "/login/first?email=a%40b.jp&next=%2Finvestments%2F5&bookmark=5",
    );
    expect(withIntent("/mypage/password?required=1", { next: null })).toBe("/mypage/password?required=1");
    expect(checkIntent({ next: "//evil.example", bookmark: 4, save: true })).toEqual({ next: null, bookmark: 4 });
  });
});
