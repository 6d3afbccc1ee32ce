import { describe, expect, it } from "vitest";
import { jstDay, jstToday } from "@/lib/jst-date";

/** The one 「今日（日本時間）」: the listing editor's 情報更新日 rules read it from src/lib/jst-date.ts. */
describe("jstToday", () => {
  it("turns at midnight in Japan, not in UTC", () => {
    expect(jstToday(new Date("2026-11-27T14:59:59Z"))).toBe("2026-11-27");
    expect(jstToday(new Date("2026-11-27T15:00:00Z"))).toBe("2026-11-28");
    expect(jstToday(new Date("2026-12-31T15:00:00Z"))).toBe("2027-01-01");
  });

  it("is jstDay of the instant", () => {
    const at = new Date("2026-06-30T23:30:00Z");
    expect(jstToday(at)).toBe(jstDay(at));
    expect(jstToday(at)).toBe("2026-07-01");
  });
});
