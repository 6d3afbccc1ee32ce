import { describe, expect, it } from "vitest";
import { safeNextPath } from "@/lib/safe-next";

const origin = "https://example.com";

describe("safeNextPath", () => {
  it("follows same-origin paths, query and fragment included", () => {
    expect(safeNextPath("/mypage", "/", origin)).toBe("/mypage");
    expect(safeNextPath("/investments/12?x=1#photos", "/", origin)).toBe("/investments/12?x=1#photos");
    expect(safeNextPath("/contacts/investment?investment_id=3", "/", origin)).toBe("/contacts/investment?investment_id=3");
  });

  it("refuses everything that a browser would take off-site", () => {
    // As URLSearchParams hands them over (decoded), from the attacks in issue 16 and their relatives.
    const offSite = [
      "/\\example.invalid",
      "/\\/example.invalid",
      "/\t/example.invalid/x",
      "/\n/example.invalid",
      "//example.invalid",
      "/.//example.invalid",
      "/./\\example.invalid",
      "https://example.invalid/",
      "javascript:alert(1)",
      "\\\\example.invalid",
      " /example",
      "",
    ];
    for (const next of offSite) expect(safeNextPath(next, "/home", origin), JSON.stringify(next)).toBe("/home");
    expect(safeNextPath(null, "/home", origin)).toBe("/home");
  });

  it("decoded query values from the login URL", () => {
    for (const q of ["next=/%5Cexample.invalid", "next=/%09/example.invalid/x", "next=/%5C/example.invalid", "next=%2F%2Fexample.invalid"]) {
      expect(safeNextPath(new URLSearchParams(q).get("next"), "/", origin), q).toBe("/");
    }
  });
});
